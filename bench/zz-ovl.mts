import sharp from 'sharp';
import { segmentImage } from '/work/wt/issue-14/apps/server/src/engines/local/segment.ts';
import { rgbFromBytes } from '/work/wt/issue-14/apps/server/src/engines/local/pixels/image.ts';
const [src, out] = process.argv.slice(2);
const { data, info } = await sharp(src).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const t = performance.now();
const seg = segmentImage(rgbFromBytes(new Uint8Array(data), info.width, info.height), { maxRegions: 8 });
const ms = performance.now() - t;
const pal: Record<string, number[]> = { sky: [80, 160, 255], facade: [230, 120, 60], roof: [180, 40, 40], window: [120, 60, 200], vegetation: [40, 200, 60], ground: [200, 200, 80] };
const extra = [[255, 0, 255], [0, 255, 255], [255, 255, 255], [90, 90, 90]];
const o = new Uint8Array(data);
let other = 0;
const colours = seg.regions.map((r) => pal[r.label] ?? extra[other++ % 4]);
for (let i = 0; i < info.width * info.height; i++) { const c = colours[seg.labels[i]]; for (let k = 0; k < 3; k++) o[i * 3 + k] = Math.round(o[i * 3 + k] * 0.45 + c[k] * 0.55); }
await sharp(o, { raw: { width: info.width, height: info.height, channels: 3 } }).png().toFile(out);
console.log(info.width, info.height, `${ms.toFixed(0)} ms`, seg.regions.map((r) => `${r.label} ${(r.area * 100).toFixed(0)}%`).join(', '));
