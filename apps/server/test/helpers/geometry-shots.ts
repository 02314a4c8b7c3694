/**
 * Draws the geometry of photos for looking at (issue 30 part 1): segments coloured by vanishing
 * family (vertical red, first horizontal green, second blue, others grey), each façade/ground/roof
 * region's plane grid (yellow u lines, white v lines; a region across a corner: a grid per face,
 * the second face's u lines cyan; fallback planes in magenta) and the
 * vanishing points inside the frame (circles). Regions come from Generate Regions (the product path).
 *
 *   npx tsx apps/server/test/helpers/geometry-shots.ts OUT_DIR NAME… (names of the evaluation set)
 */
import path from 'node:path';
import sharp from 'sharp';
import { estimateGeometry, planeGrid, planeKindOfLabel, type PlaneRegion } from '../../src/engines/local/geometry/index.js';
import { fillEllipse, fillPolygon } from '../../src/engines/local/pixels/draw.js';
import { newPlane, rgbFromBytes, rgbToBytes, type Rgb } from '../../src/engines/local/pixels/image.js';
import { segmentRegions } from '../../src/engines/local/segment.js';
import { EVAL_DIR } from './segmentation-eval.js';

type C = [number, number, number];
function line(img: Rgb, a: [number, number], b: [number, number], c: C, width = 1.2): void {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const n = Math.hypot(dx, dy) || 1;
  const ox = (-dy / n) * (width / 2);
  const oy = (dx / n) * (width / 2);
  fillPolygon(img, [
    [a[0] + ox, a[1] + oy],
    [b[0] + ox, b[1] + oy],
    [b[0] - ox, b[1] - oy],
    [a[0] - ox, a[1] - oy],
  ], c);
}

async function main() {
  const [out, ...names] = process.argv.slice(2);
  for (const name of names) {
    const { data, info } = await sharp(path.join(EVAL_DIR, `${name}.jpg`)).resize({ width: 1024 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rgb = rgbFromBytes(new Uint8Array(data), info.width, info.height);
    const seg = segmentRegions(rgb, { maxRegions: 15 });
    const regions: Array<PlaneRegion & { label: string }> = [];
    seg.regions.forEach((r, k) => {
      const kind = planeKindOfLabel(r.label);
      if (!kind) return;
      const mask = newPlane(seg.w, seg.h);
      for (let i = 0; i < seg.labels.length; i++) if (seg.labels[i] === k) mask.d[i] = 1;
      regions.push({ mask, kind, label: r.label });
    });
    const t0 = performance.now();
    const g = estimateGeometry(rgb, regions, { realHeightCm: 1500 });
    const ms = performance.now() - t0;
    const img: Rgb = { w: rgb.w, h: rgb.h, d: rgb.d.map((v) => v * 0.6) };
    const fam = new Map<number, C>();
    g.frame.vertical.members.forEach((i) => fam.set(i, [1, 0.15, 0.1]));
    g.frame.horizontal.forEach((h, k) => h.members.forEach((i) => fam.set(i, k === 0 ? [0.2, 1, 0.2] : [0.3, 0.5, 1])));
    g.segments.forEach((s, i) => line(img, [s.x1, s.y1], [s.x2, s.y2], fam.get(i) ?? [0.55, 0.55, 0.55], fam.has(i) ? 2 : 1));
    g.planes.forEach((p, k) => {
      if (!p) return;
      // A region across a corner: each face's own grid on its own pixels (the second face's u lines in cyan).
      (p.faces ?? [{ plane: p, mask: regions[k].mask }]).forEach((face, n) => {
        const grid = planeGrid(face.plane, face.mask);
        if (!grid) return;
        const fb = p.source === 'fallback';
        for (const pl of grid.u) for (let j = 1; j < pl.length; j++) line(img, pl[j - 1], pl[j], fb ? [1, 0.2, 1] : n === 1 ? [0.1, 1, 1] : [1, 0.9, 0.1], 1.5);
        for (const pl of grid.v) for (let j = 1; j < pl.length; j++) line(img, pl[j - 1], pl[j], fb ? [1, 0.5, 1] : [1, 1, 1], 1.5);
      });
    });
    for (const [f, c] of [[g.frame.vertical, [1, 0.15, 0.1]], ...g.frame.horizontal.map((h, k) => [h, k === 0 ? [0.2, 1, 0.2] : [0.3, 0.5, 1]])] as Array<[typeof g.frame.vertical, C]>) {
      if (Math.abs(f.point.w) < 1e-9) continue;
      const x = f.point.x / f.point.w;
      const y = f.point.y / f.point.w;
      if (x > 0 && y > 0 && x < img.w && y < img.h) fillEllipse(img, x, y, 9, 9, c);
    }
    await sharp(Buffer.from(rgbToBytes(img)), { raw: { width: img.w, height: img.h, channels: 3 } }).png().toFile(path.join(out, `${name}.geometry.png`));
    const fmt = (v: { x: number; y: number; w: number }) => (Math.abs(v.w) < 1e-9 ? `∞(${v.x.toFixed(2)},${v.y.toFixed(2)})` : `(${(v.x / v.w).toFixed(0)},${(v.y / v.w).toFixed(0)})`);
    process.stdout.write(
      [
      `${name} ${img.w}x${img.h} ${ms.toFixed(0)} ms, ${g.segments.length} segments, f=${g.frame.focal.toFixed(0)} (${g.frame.focalFrom}) manhattan=${g.frame.manhattan}`,
      `V ${fmt(g.frame.vertical.point)}${g.frame.vertical.implied ? '*' : ''}`,
      g.frame.horizontal.map((h) => `H ${fmt(h.point)}${h.implied ? '*' : ''}`).join(' '),
      '|',
      g.planes.map((p, k) => (p ? `${regions[k].label}:${p.kind}/${p.source}/${p.confidence.toFixed(2)}${p.faces ? `/${p.faces.length} faces` : ''}` : `${regions[k].label}:none`)).join(' '),
      ].join(' ') + '\n',
    );
  }
}

void main();
