import sharp from 'sharp';
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
import { decodeMask, decodeRgb, encodeJpeg, encodeMaskPng, EngineInputError, MAX_SIDE } from './codec.js';
import { placePicture } from './placement/place-picture.js';
import { closePool, runTask } from './pool.js';
import { renderParams } from './resolve.js';
import type { RawRgb, SegmentResult } from './tasks.js';

/** Limits of the work the CPU engine accepts. */
const MAX_OUTPUT_SIDE = 8192;
const MAX_OUTPUT_PIXELS = 40_000_000;
/** Upscale outputs may be larger (the refine module allows 64 megapixels). */
const MAX_UPSCALE_SIDE = 16384;
const MAX_UPSCALE_PIXELS = 64_000_000;
/** Outpaint canvases are completed at most at this size, then resampled. */
const MAX_CANVAS_SIDE = 3072;

/** Maps a sub-step's 0..100 into [from, to] of the whole call. */
function span(cb: ((p: number) => void) | undefined, from: number, to: number) {
  if (!cb) return undefined;
  let last = -1;
  return (p: number) => {
    const v = Math.round(from + ((to - from) * p) / 100);
    if (v > last) {
      last = v;
      cb(v);
    }
  };
}

function checkAbort(signal?: AbortSignal) {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/**
 * The offline CPU engine: honest image processing behind the engine interface. Codecs and
 * resampling run in sharp; every pixel loop runs in the piscina worker pool.
 */
export class LocalEngine implements Engine {
  readonly name = 'local' as const;
  readonly isPreview = true;

  async render(req: RenderRequest): Promise<EngineImage> {
    const progress = req.onProgress;
    progress?.(1);
    const img = await decodeRgb(req.input);
    const masks = await Promise.all((req.regions ?? []).map((r) => decodeMask(r.mask, img.width, img.height)));
    checkAbort(req.signal);
    progress?.(5);
    const out = await runTask<RawRgb>(
      { op: 'render', image: strip(img), masks, params: renderParams(req) },
      { onProgress: span(progress, 5, 95), signal: req.signal },
    );
    const encoded = await encodeJpeg(out, img.sourceWidth, img.sourceHeight);
    progress?.(100);
    return { ...encoded, pixels: strip(out), notes: out.notes };
  }

  async segment(req: SegmentRequest): Promise<SegmentedRegion[]> {
    const img = await decodeRgb(req.image);
    req.onProgress?.(5);
    const maxRegions = Math.max(1, Math.min(15, Math.round(req.maxRegions ?? 15)));
    const res = await runTask<SegmentResult>({ op: 'segment', image: strip(img), maxRegions, renderType: req.renderType }, { onProgress: span(req.onProgress, 5, 85), signal: req.signal });
    const regions: SegmentedRegion[] = [];
    for (const r of res.regions) {
      let mask = await encodeMaskPng(r.mask, res.width, res.height);
      if (res.width !== img.sourceWidth || res.height !== img.sourceHeight) {
        mask = await sharp(mask).resize(img.sourceWidth, img.sourceHeight, { fit: 'fill', kernel: 'nearest' }).png().toBuffer();
      }
      regions.push({ mask, label: r.label, area: r.area, color: r.color, confidence: r.confidence });
    }
    req.onProgress?.(100);
    return regions;
  }

  async inpaint(req: InpaintRequest): Promise<EngineImage> {
    const img = await decodeRgb(req.image);
    const mask = await decodeMask(req.mask, img.width, img.height);
    req.onProgress?.(5);
    const out = await runTask<RawRgb>(
      { op: 'inpaint', image: strip(img), mask, seed: seedOf(req.seed) },
      { onProgress: span(req.onProgress, 5, 95), signal: req.signal },
    );
    const encoded = await encodeJpeg(out, img.sourceWidth, img.sourceHeight);
    req.onProgress?.(100);
    return encoded;
  }

  async outpaint(req: OutpaintRequest): Promise<EngineImage> {
    const o = req.originalImageBounds;
    const c = req.canvasBounds;
    for (const [name, b] of [
      ['originalImageBounds', o],
      ['canvasBounds', c],
    ] as const) {
      if (![b.x, b.y, b.width, b.height].every(Number.isFinite) || b.width <= 0 || b.height <= 0) throw new EngineInputError(`${name} must have a positive width and height`);
    }
    const src = await decodeRgb(req.image);
    // Canvas units -> image pixels.
    const sx = src.sourceWidth / o.width;
    const sy = src.sourceHeight / o.height;
    const outW = Math.max(1, Math.round(c.width * sx));
    const outH = Math.max(1, Math.round(c.height * sy));
    if (outW > MAX_OUTPUT_SIDE || outH > MAX_OUTPUT_SIDE || outW * outH > MAX_OUTPUT_PIXELS) throw new EngineInputError('The expanded canvas is too large');
    // Work at a size where the whole canvas fits MAX_CANVAS_SIDE.
    const k = Math.min(1, MAX_CANVAS_SIDE / Math.max(outW, outH), src.width / src.sourceWidth);
    let work: RawRgb = strip(src);
    const workW = Math.max(1, Math.round(src.sourceWidth * k));
    const workH = Math.max(1, Math.round(src.sourceHeight * k));
    if (workW !== src.width || workH !== src.height) {
      const { data, info } = await sharp(Buffer.from(src.data), { raw: { width: src.width, height: src.height, channels: 3 } })
        .resize(workW, workH, { fit: 'fill', kernel: 'lanczos3' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      work = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
    }
    const canvas = {
      width: Math.max(1, Math.round(outW * k)),
      height: Math.max(1, Math.round(outH * k)),
      offsetX: Math.round((o.x - c.x) * sx * k),
      offsetY: Math.round((o.y - c.y) * sy * k),
    };
    req.onProgress?.(5);
    const out = await runTask<RawRgb>({ op: 'outpaint', image: work, canvas, seed: seedOf(req.seed) }, { onProgress: span(req.onProgress, 5, 95), signal: req.signal });
    const encoded = await encodeJpeg(out, outW, outH);
    req.onProgress?.(100);
    return encoded;
  }

  /** Add image: the picture fitted, feathered, turned into its box and lit like the photo around it (placement/place-picture.ts). */
  addImage(req: AddImageRequest): Promise<EngineImage> {
    return placePicture(req);
  }

  /**
   * Refine/upscale: decode at the working resolution (the smaller of the source, the output and
   * MAX_SIDE), enhance there in the pixel pool (clarity, detail, sharpness, the variation's look,
   * colour matching; enhance.ts), then Lanczos to the output size and encode.
   */
  async upscale(req: UpscaleRequest): Promise<EngineImage> {
    const width = Math.round(req.width);
    const height = Math.round(req.height);
    if (!(width > 0 && height > 0)) throw new EngineInputError('width and height must be positive');
    if (width > MAX_UPSCALE_SIDE || height > MAX_UPSCALE_SIDE || width * height > MAX_UPSCALE_PIXELS) {
      throw new EngineInputError(`The requested size ${width} × ${height} is too large (at most ${MAX_UPSCALE_PIXELS / 1_000_000} megapixels)`);
    }
    req.onProgress?.(1);
    const src = await decodeRgb(req.image, Math.min(MAX_SIDE, Math.max(width, height)));
    checkAbort(req.signal);
    req.onProgress?.(5);
    const enhanced = await runTask<RawRgb>(
      {
        op: 'enhance',
        image: strip(src),
        params: {
          clarity: req.clarity,
          aiStrength: req.aiStrength,
          resemblance: req.resemblance,
          sharpness: req.sharpness,
          matchColor: req.matchColor,
          seed: seedOf(req.seed),
          variation: Number.isFinite(req.variationNumber) ? req.variationNumber : 1,
          scale: Math.max(width / src.width, height / src.height),
        },
      },
      { onProgress: span(req.onProgress, 5, 45), signal: req.signal },
    );
    checkAbort(req.signal);
    req.onProgress?.(50);
    const encoded = await encodeJpeg(enhanced, width, height);
    req.onProgress?.(100);
    return encoded;
  }

  async close(): Promise<void> {
    await closePool();
  }
}

function strip(d: RawRgb): RawRgb {
  return { data: d.data, width: d.width, height: d.height };
}

function seedOf(seed: number): number {
  return Number.isFinite(seed) ? Math.abs(Math.trunc(seed)) : 0;
}
