import crypto from 'node:crypto';
import sharp from 'sharp';
import type { EnginePreflight } from '../preflight.js';
import type {
  AddImageRequest,
  Engine,
  EngineAdmission,
  EngineHealth,
  EngineCallOptions,
  EngineImage,
  InpaintRequest,
  OutpaintRequest,
  RenderRequest,
  RequestImages,
  RequestSize,
  SegmentedRegion,
  SegmentRequest,
  UpscaleRequest,
} from '../engine.js';
import { LocalEngine } from '../local/local-engine.js';
import { AppError } from '../../lib/errors.js';
import {
  buildInpaintWorkflow,
  buildOutpaintWorkflow,
  buildRenderWorkflow,
  buildUpscaleWorkflow,
  type GpuModels,
  type InputImage,
} from './builders.js';
import { EngineRejectedError, EngineFailedError } from './errors.js';
import { fitToBudget } from './request-budget.js';
import type { WorkflowJob } from './graph.js';
import { DEFAULT_NEGATIVE_PROMPT, positivePrompt, regionPrompt } from './prompts.js';

/**
 * What the ComfyUI and RunPod engines share: requests become workflows (builders.ts), a
 * subclass runs them (`run`) and returns the encoded result. Segmentation and "add image"
 * have no diffusion step: ComfyUI has no standard segmentation node, and pasting an image is
 * exact compositing, so both are delegated to the local CPU engine.
 */
export abstract class GpuEngine implements Engine {
  abstract readonly name: 'comfyui' | 'runpod';
  readonly isPreview = false;
  protected readonly local = new LocalEngine();

  constructor(
    protected readonly models: GpuModels,
    /** Reads the ComfyUI server's /object_info (ENGINE=comfyui, or runpod with COMFYUI_URL). */
    readonly preflight?: EnginePreflight,
  ) {}

  admit(req: EngineAdmission): void {
    if (req.depth && req.operation === 'render' && !this.models.controlnetDepth)
      throw new AppError(503, 'ENGINE_MISSING_MODEL', 'GPU engine: this view has a depth pass and no depth ControlNet is configured (COMFYUI_CONTROLNET_DEPTH). Nothing was charged.');
    if (req.operation !== 'add_image') this.preflight?.assertReady(req.operation, { depthPass: req.depth });
  }

  health(): EngineHealth {
    const r = this.preflight?.report;
    return r ? { status: r.status, missing: r.missing } : { status: 'ready', missing: [] };
  }

  /** The most a request's images may weigh together as base64 (RunPod's /run limit); none for ComfyUI. */
  protected readonly requestBudgetBytes: number | undefined = undefined;

  /** The photo a request sends before any budget: render inputs capped at RENDER_INPUT_MAX_PIXELS. */
  private photoOf(operation: RequestImages['operation'], image: Buffer): Promise<InputImage> {
    return operation === 'render' ? describeInput(image, 'input', RENDER_INPUT_MAX_PIXELS) : describeInput(image, 'image');
  }

  async measureRequest(req: RequestImages): Promise<RequestSize | undefined> {
    const budget = this.requestBudgetBytes;
    if (budget === undefined) return undefined;
    try {
      const [photo, meta] = await Promise.all([this.photoOf(req.operation, req.image), sharp(req.image).metadata()]);
      const fitted = await fitToBudget([photo], req.masks, budget);
      const turned = (meta.orientation ?? 1) >= 5;
      const stored = { width: (turned ? meta.height : meta.width) ?? photo.width, height: (turned ? meta.width : meta.height) ?? photo.height };
      const sent = { width: fitted.photos[0].width, height: fitted.photos[0].height };
      return { bytes: fitted.bytes, maxBytes: budget, photo: stored, sent, downscaled: sent.width * sent.height < stored.width * stored.height };
    } catch (err) {
      if (!(err instanceof EngineRejectedError)) throw err;
      throw new AppError(413, 'REQUEST_TOO_LARGE', `${err.message}, even downscaled. Use a smaller image or fewer mask regions. Nothing was charged.`);
    }
  }

  /** The images of one request, within the request budget when there is one (masks then as 1-bit PNGs). */
  private async fit(photos: InputImage[], masks: Buffer[]): Promise<{ photos: InputImage[]; masks: Buffer[] }> {
    if (this.requestBudgetBytes === undefined) return { photos, masks: await Promise.all(masks.map((m) => toPng(m, 'mask'))) };
    return fitToBudget(photos, masks, this.requestBudgetBytes);
  }

  /** Runs a workflow; resolves with the bytes of the image its output node saved. */
  protected abstract run(job: WorkflowJob, opts: EngineCallOptions): Promise<Buffer>;

  async render(req: RenderRequest): Promise<EngineImage> {
    // The workflow works at ~1 MP: a larger input only costs upload time (and RunPod's 10 MB request limit).
    const described = await this.photoOf('render', req.input);
    const prompted = req.regions
      .map((r) => ({ mask: r.mask, prompt: regionPrompt(r) }))
      .filter((r): r is { mask: Buffer; prompt: string } => !!r.prompt);
    const { photos, masks } = await this.fit([described], prompted.map((r) => r.mask));
    const input = photos[0];
    const regions = prompted.map((r, i) => ({ ...r, mask: masks[i] }));
    const job = buildRenderWorkflow({
      prefix: filePrefix('render'),
      input,
      prompt: positivePrompt(req),
      negativePrompt: req.negativePrompt?.trim() || DEFAULT_NEGATIVE_PROMPT,
      regions,
      settings: req.settings,
      models: this.models,
      passes: await this.passImagesOf(req, input),
    });
    return this.finish(await this.run(job, req), req);
  }

  /** The pass images at the size the photo is sent at (PNG), the depth only when its ControlNet is configured. */
  private async passImagesOf(req: RenderRequest, input: InputImage): Promise<RenderRequest['passes']> {
    if (!req.passes) return undefined;
    const fit = (png: Buffer) => sharp(png).resize(input.width, input.height, { fit: 'fill' }).png().toBuffer();
    return {
      edges: req.passes.edges ? await fit(req.passes.edges) : undefined,
      depth: req.passes.depth && this.models.controlnetDepth ? await fit(req.passes.depth) : undefined,
    };
  }

  async inpaint(req: InpaintRequest): Promise<EngineImage> {
    const fitted = await this.fit([await describeInput(req.image, 'image')], [req.mask]);
    const job = buildInpaintWorkflow({
      prefix: filePrefix('inpaint'),
      image: fitted.photos[0],
      mask: fitted.masks[0],
      prompt: req.prompt,
      negativePrompt: req.negativePrompt?.trim() || DEFAULT_NEGATIVE_PROMPT,
      seed: req.seed,
      models: this.models,
    });
    return this.finish(await this.run(job, req), req);
  }

  async outpaint(req: OutpaintRequest): Promise<EngineImage> {
    const { photos } = await this.fit([await describeInput(req.image, 'image')], []);
    const job = buildOutpaintWorkflow({
      prefix: filePrefix('outpaint'),
      image: photos[0],
      canvasBounds: req.canvasBounds,
      originalImageBounds: req.originalImageBounds,
      prompt: req.prompt,
      negativePrompt: DEFAULT_NEGATIVE_PROMPT,
      seed: req.seed,
      models: this.models,
    });
    return this.finish(await this.run(job, req), req);
  }

  async upscale(req: UpscaleRequest): Promise<EngineImage> {
    const { photos } = await this.fit([await describeInput(req.image, 'image')], []);
    const job = buildUpscaleWorkflow({
      prefix: filePrefix('upscale'),
      image: photos[0],
      width: req.width,
      height: req.height,
      clarity: req.clarity,
      sharpness: req.sharpness,
      models: this.models,
    });
    return this.finish(await this.run(job, req), req);
  }

  segment(req: SegmentRequest): Promise<SegmentedRegion[]> {
    return this.local.segment(req);
  }

  addImage(req: AddImageRequest): Promise<EngineImage> {
    return this.local.addImage(req);
  }

  async close(): Promise<void> {
    this.preflight?.stop();
    await this.local.close();
  }

  private async finish(bytes: Buffer, opts: EngineCallOptions): Promise<EngineImage> {
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => {
        throw new EngineFailedError(`The ${this.name} engine returned something that is not an image`);
      });
    if (!meta.width || !meta.height) throw new EngineFailedError(`The ${this.name} engine returned an image without a size`);
    opts.onProgress?.(100);
    return { image: bytes, width: meta.width, height: meta.height };
  }
}

/** A unique prefix for the files of one call (ComfyUI's input folder is shared by all calls). */
export function filePrefix(kind: string): string {
  return `atelier-${kind}-${crypto.randomUUID()}`;
}

const EXT: Record<string, string> = { png: 'png', jpeg: 'jpg', jpg: 'jpg', webp: 'webp' };

/** Render inputs above this many pixels are sent downscaled (the render works at ~1 MP). */
export const RENDER_INPUT_MAX_PIXELS = 4 * 1024 * 1024;

/**
 * Size and format of an input; anything but PNG/JPEG/WEBP is re-encoded to PNG. With
 * `maxPixels`, a larger image is downscaled (aspect kept) and sent as a JPEG.
 */
export async function describeInput(data: Buffer, what: string, maxPixels?: number): Promise<InputImage> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => {
      throw new EngineRejectedError(`The ${what} is not a readable image`);
    });
  if (!meta.width || !meta.height) throw new EngineRejectedError(`The ${what} has no size`);
  if (maxPixels && meta.width * meta.height > maxPixels) {
    const k = Math.sqrt(maxPixels / (meta.width * meta.height));
    const rotated = (meta.orientation ?? 1) >= 5;
    const w = Math.max(1, Math.floor((rotated ? meta.height : meta.width) * k));
    const h = Math.max(1, Math.floor((rotated ? meta.width : meta.height) * k));
    const { data: jpg, info } = await sharp(data).rotate().resize(w, h, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    return { data: jpg, width: info.width, height: info.height, ext: 'jpg' };
  }
  const ext = meta.format ? EXT[meta.format] : undefined;
  if (ext && (meta.orientation ?? 1) === 1) return { data, width: meta.width, height: meta.height, ext };
  const { data: png, info } = await sharp(data).rotate().png().toBuffer({ resolveWithObject: true });
  return { data: png, width: info.width, height: info.height, ext: 'png' };
}

async function toPng(data: Buffer, what: string): Promise<Buffer> {
  const meta = await sharp(data)
    .metadata()
    .catch(() => {
      throw new EngineRejectedError(`The ${what} is not a readable image`);
    });
  return meta.format === 'png' ? data : sharp(data).png().toBuffer();
}
