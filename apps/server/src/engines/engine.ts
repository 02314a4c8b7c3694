/**
 * The one interface behind which all image work happens. ENGINE selects the implementation:
 * `local` (CPU, offline default), `comfyui`, `runpod`. Modules above never know which.
 *
 * Images cross this boundary as encoded bytes (PNG/JPEG/WEBP Buffers); masks are PNGs where
 * white (>= 128 luminance) marks the region. Every call is deterministic for the same inputs
 * and seed on the local engine.
 */

import type { EngineMissing, EngineStatus, RenderType } from '@atelier/contract';

export type RenderMode = 'photorealistic' | 'art';

export interface EngineCallOptions {
  /** 0–100; engines call it as work advances (becomes variation_progress). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A region of the input with what the user asked for it. */
export interface RenderRegion {
  /** PNG mask, white = region, same size as the input. */
  mask: Buffer;
  /** A material option id of the customization catalog (for example 'walls-brick-red-running-bond'). */
  materialId?: string;
  /** Free text the user typed for this region. */
  prompt?: string;
  /** The region's name ('roof', 'facade', …): the preview puts a roof on a roof's plane. */
  label?: string;
}

/** The values sent to the engine (spec §9), as kept in each image's settingsSnapshot. */
export interface EngineSettings {
  seed: number; // 10 digits
  model: string; // 'realvisxlLightning.safetensors'
  cfgKsampler1: number;
  stepsKsampler1: number;
  denoiseKsampler1: number;
  cannyStrength: number; // resemblance / 10
  loraStrength: [number, number]; // [1, expressivity / 10]
  creativity: number; // slider × 2.5
  expressivity: number; // slider × 1.5
  resemblance: number; // slider, unchanged
  upscale: 'Yes' | 'No';
  style: 'Yes' | 'No';
  /** "Structure fidelity" (0–10, issue 31): how hard a render holds the model's depth and edges when the view has passes. */
  structureFidelity?: number;
}

export interface RenderRequest extends EngineCallOptions {
  input: Buffer;
  mode: RenderMode;
  /** The view to render (exterior, interior, aerial, elevation); exterior when not given. */
  renderType?: RenderType;
  prompt: string;
  negativePrompt?: string;
  variationNumber: number;
  settings: EngineSettings;
  /** Catalog option ids chosen in the inspector, by section (type, walls, floors, context, style, weather, lighting, or an art section). */
  selections: Partial<Record<string, string>>;
  /** Art mode: the art section chosen (illustration, pen_and_ink, aquarelle, linocut, collage, fine_black_pen, minimalist, avantgarde). */
  artStyle?: string;
  regions: RenderRegion[];
  /** ControlNet images from the view's depth and normal passes (PNG, the input's size), when it was sent with them. */
  passes?: { depth?: Buffer; edges?: Buffer };
  /** The view's passes themselves, for the preview engine's geometry (region planes, light, haze by depth). */
  passValues?: PassValues;
}

/** A view's passes as stored (16-bit values, modules/passes/decode.ts), at the passes' own size. */
export interface PassValues {
  width: number;
  height: number;
  /** (n + 1) / 2 × 65535, three a pixel, in the camera's frame (x right, y up, z towards the viewer); null without a normal pass. */
  normal: Uint16Array | null;
  /** 0 = near … 65535 = far or no surface; null without a depth pass. */
  depth: Uint16Array | null;
  /** The depth's range in metres when known. */
  depthNear: number | null;
  depthFar: number | null;
  /** The camera's horizontal field of view (degrees) when the sender gave it. */
  fovDeg?: number | null;
}

export interface SegmentRequest extends EngineCallOptions {
  image: Buffer;
  maxRegions?: number; // default 15
  /** What the image shows: interior names walls, floor and ceiling; the others sky, façade, roof… (default exterior). */
  renderType?: RenderType;
}

export interface SegmentedRegion {
  mask: Buffer; // PNG, white = region, same size as the image
  label: string; // 'sky' | 'ground' | 'region' …
  area: number; // fraction of the image, 0–1
  /** Mean colour, for display. */
  color: [number, number, number];
  /** How sure the engine is of the label (0–1), where it can tell. */
  confidence?: number;
}

export interface InpaintRequest extends EngineCallOptions {
  image: Buffer;
  mask: Buffer; // white = replace
  prompt: string;
  negativePrompt?: string;
  seed: number;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OutpaintRequest extends EngineCallOptions {
  image: Buffer;
  /** The expanded canvas, in the same coordinate space as originalImageBounds. */
  canvasBounds: Bounds;
  originalImageBounds: Bounds;
  prompt: string;
  seed: number;
}

export interface AddImageRequest extends EngineCallOptions {
  image: Buffer;
  overlay: Buffer;
  /**
   * The box the picture goes in, in base image pixels (top-left corner and size, before turning):
   * the picture keeps its proportions inside it, centred.
   */
  position: { x: number; y: number };
  size: { width: number; height: number };
  /** Degrees clockwise about the box's centre (default 0). */
  rotation?: number;
}

export interface UpscaleRequest extends EngineCallOptions {
  image: Buffer;
  width: number; // target output size
  height: number;
  scaleFactor: number; // 1–4
  aiStrength: number; // 1–50
  resemblance: number;
  clarity: number; // 1–50
  sharpness: number; // 1–50
  matchColor: boolean;
  seed: number;
  variationNumber: number;
}

/** Decoded pixels: 8-bit RGB, row by row. */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface EngineImage {
  /** Encoded output (PNG or JPEG). */
  image: Buffer;
  width: number;
  height: number;
  /**
   * The output's pixels, when the engine holds them anyway (the CPU engine): the stored thumbnail
   * is made from them instead of decoding `image` again. The same picture, possibly smaller.
   */
  pixels?: RgbPixels;
  /**
   * What a preview render changed, in words ("Sky: replaced (…)", "Brick (Flemish bond) on Region 2
   * in perspective", "Exposure +0.3 EV"); kept in the variation's settingsSnapshot as `previewNotes`.
   */
  notes?: string[];
}

/** A paid operation about to be charged, as far as the engine can judge it beforehand. */
export interface EngineAdmission {
  operation: 'render' | 'inpaint' | 'outpaint' | 'upscale' | 'add_image';
  /** The result's size, when the request sets it (upscale). */
  output?: { width: number; height: number };
  /** A render of a view sent with a depth pass (the depth ControlNet's model is needed). */
  depth?: boolean;
}

/** ready / degraded (something the workflows need is missing) / unreachable (GPU engines' preflight). */
export interface EngineHealth {
  status: EngineStatus;
  missing: EngineMissing[];
}

/** The images one request would send (the photo it works on and its masks), measured before any charge. */
export interface RequestImages {
  operation: 'render' | 'inpaint' | 'outpaint' | 'upscale';
  image: Buffer;
  masks: Buffer[];
}

/** What a request's images weigh as sent (kept in each variation's settings snapshot as `request`). */
export interface RequestSize {
  /** The images as base64, as sent. */
  bytes: number;
  /** The request limit they were fitted to. */
  maxBytes: number;
  /** The photo's size as stored and as sent: smaller when it was downscaled to fit. */
  photo: { width: number; height: number };
  sent: { width: number; height: number };
  downscaled: boolean;
}

export interface Engine {
  readonly name: 'local' | 'comfyui' | 'runpod';
  /** Shown to users (the CPU engine is a preview engine). */
  readonly isPreview: boolean;
  /** Throws an AppError (503, 413…) for an operation that must fail, so that it is refused before any charge. */
  admit?(req: EngineAdmission): void;
  /**
   * Engines with a request size limit (RunPod's 10 MB): how the request's images will be sent,
   * with the same encoder as the job; throws an AppError 413 when they cannot fit.
   */
  measureRequest?(req: RequestImages): Promise<RequestSize | undefined>;
  /** GPU engines: what the last preflight found (absent: always ready). */
  health?(): EngineHealth;
  render(req: RenderRequest): Promise<EngineImage>;
  segment(req: SegmentRequest): Promise<SegmentedRegion[]>;
  inpaint(req: InpaintRequest): Promise<EngineImage>;
  outpaint(req: OutpaintRequest): Promise<EngineImage>;
  addImage(req: AddImageRequest): Promise<EngineImage>;
  upscale(req: UpscaleRequest): Promise<EngineImage>;
  close?(): Promise<void>;
}
