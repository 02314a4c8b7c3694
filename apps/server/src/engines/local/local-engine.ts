import sharp, { type Sharp } from 'sharp';
import type {
  AddImageRequest,
  Engine,
  EngineImage,
  InpaintRequest,
  OutpaintRequest,
  RenderRequest,
  SegmentedRegion,
  SegmentRequest,
  UpscaleRequest,
} from '../engine.js';

/** mulberry32: a small, fast, seeded PRNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function png(img: Sharp): Promise<EngineImage> {
  const { data, info } = await img.png().toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

/** The offline CPU engine (first cut: simple, valid results). */
export class LocalEngine implements Engine {
  readonly name = 'local' as const;
  readonly isPreview = true;

  async render(req: RenderRequest): Promise<EngineImage> {
    req.onProgress?.(5);
    const r = rng((req.settings.seed ^ (req.variationNumber * 0x9e3779b9)) >>> 0);
    const weather = req.selections.weather ?? '';
    const lighting = req.selections.lighting ?? '';
    let brightness = 1 + (r() - 0.5) * 0.2;
    let saturation = 1 + (r() - 0.5) * 0.4;
    let tint: [number, number, number] = [255, 255, 255];
    if (/night|blue/.test(lighting + weather)) {
      brightness *= 0.45;
      tint = [150, 170, 255];
    } else if (/sunset|golden|dusk/.test(lighting + weather)) tint = [255, 200, 150];
    else if (/snow|fog/.test(weather)) brightness *= 1.2;
    const base = sharp(req.input).rotate().removeAlpha();
    let img = base.modulate({ brightness, saturation, hue: Math.round((r() - 0.5) * 20) });
    if (tint.some((v) => v !== 255)) img = img.tint({ r: tint[0], g: tint[1], b: tint[2] });
    if (req.mode === 'art') img = img.greyscale().normalise().sharpen({ sigma: 2 });
    req.onProgress?.(80);
    const out = await png(img);
    req.onProgress?.(100);
    return out;
  }

  async segment(req: SegmentRequest): Promise<SegmentedRegion[]> {
    const meta = await sharp(req.image).metadata();
    const w = meta.width ?? 1;
    const h = meta.height ?? 1;
    const { data } = await sharp(req.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const bands: Array<[string, number, number]> = [
      ['sky', 0, Math.round(h / 3)],
      ['region', Math.round(h / 3), Math.round((2 * h) / 3)],
      ['ground', Math.round((2 * h) / 3), h],
    ];
    const out: SegmentedRegion[] = [];
    for (const [label, y0, y1] of bands) {
      const mask = Buffer.alloc(w * h);
      const sum = [0, 0, 0];
      for (let y = y0; y < y1; y++)
        for (let x = 0; x < w; x++) {
          mask[y * w + x] = 255;
          for (let c = 0; c < 3; c++) sum[c] += data[(y * w + x) * 3 + c];
        }
      const n = Math.max(1, (y1 - y0) * w);
      out.push({
        mask: await sharp(mask, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer(),
        label,
        area: n / (w * h),
        color: [Math.round(sum[0] / n), Math.round(sum[1] / n), Math.round(sum[2] / n)],
      });
    }
    req.onProgress?.(100);
    return out;
  }

  async inpaint(req: InpaintRequest): Promise<EngineImage> {
    const meta = await sharp(req.image).metadata();
    const w = meta.width!;
    const h = meta.height!;
    const blurred = await sharp(req.image).removeAlpha().blur(Math.max(8, Math.min(w, h) / 20)).png().toBuffer();
    const alpha = await sharp(req.mask).resize(w, h, { fit: 'fill' }).greyscale().blur(2).toColourspace('b-w').raw().toBuffer();
    const fill = await sharp(blurred).joinChannel(alpha, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer();
    const out = await png(sharp(req.image).removeAlpha().composite([{ input: fill }]));
    req.onProgress?.(100);
    return out;
  }

  async outpaint(req: OutpaintRequest): Promise<EngineImage> {
    const meta = await sharp(req.image).metadata();
    const w = meta.width!;
    const h = meta.height!;
    const sx = w / req.originalImageBounds.width;
    const sy = h / req.originalImageBounds.height;
    const left = Math.max(0, Math.round((req.originalImageBounds.x - req.canvasBounds.x) * sx));
    const top = Math.max(0, Math.round((req.originalImageBounds.y - req.canvasBounds.y) * sy));
    const W = Math.max(w, Math.round(req.canvasBounds.width * sx));
    const H = Math.max(h, Math.round(req.canvasBounds.height * sy));
    const out = await png(
      sharp(req.image)
        .removeAlpha()
        .extend({ left, top, right: Math.max(0, W - w - left), bottom: Math.max(0, H - h - top), extendWith: 'mirror' }),
    );
    req.onProgress?.(100);
    return out;
  }

  async addImage(req: AddImageRequest): Promise<EngineImage> {
    const overlay = await sharp(req.overlay)
      .resize(Math.max(1, Math.round(req.size.width)), Math.max(1, Math.round(req.size.height)), { fit: 'fill' })
      .png()
      .toBuffer();
    const out = await png(
      sharp(req.image).removeAlpha().composite([{ input: overlay, left: Math.round(req.position.x), top: Math.round(req.position.y) }]),
    );
    req.onProgress?.(100);
    return out;
  }

  async upscale(req: UpscaleRequest): Promise<EngineImage> {
    const out = await png(
      sharp(req.image)
        .removeAlpha()
        .resize(req.width, req.height, { fit: 'fill', kernel: 'lanczos3' })
        .sharpen({ sigma: 0.5 + req.sharpness / 25 }),
    );
    req.onProgress?.(100);
    return out;
  }
}
