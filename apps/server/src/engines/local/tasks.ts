import type { MessagePort } from 'node:worker_threads';
import type { RenderType } from '@atelier/contract';
import type { PassValues } from '../engine.js';
import type { PlaneKind } from './geometry/plane.js';
import type { GeometryReport } from './geometry/report.js';
import type { MaterialRecipe } from './materials/recipes.js';
import type { RenderParams } from './render/pipeline.js';

/**
 * The messages between the engine (main thread) and its pixel workers. Pixels travel as raw
 * 8-bit RGB; progress comes back over a MessagePort as plain numbers (0..100).
 */
export interface RawRgb {
  data: Uint8Array;
  width: number;
  height: number;
  /** A render's notes: what it changed, in words (render/notes.ts). */
  notes?: string[];
}

export interface EnhanceParams {
  clarity: number;
  aiStrength: number;
  resemblance: number;
  /** 1–50: the unsharp mask, applied at the working resolution. */
  sharpness: number;
  matchColor: boolean;
  seed: number;
  variation: number;
  /** Output / input scale, for radii. */
  scale: number;
}

export type ThumbnailSpec =
  | { kind: 'material'; recipe: MaterialRecipe; seed: number }
  | { kind: 'context'; scene: string; landscape: boolean; seed: number }
  | { kind: 'look'; lighting?: string; weather?: string; style?: string; seed: number }
  | { kind: 'type'; shape: string; seed: number }
  | { kind: 'art'; style: string; variant: string; seed: number };

export type Task =
  | { op: 'render'; image: RawRgb; masks: Uint8Array[]; params: RenderParams; port?: MessagePort }
  | { op: 'segment'; image: RawRgb; maxRegions: number; renderType?: RenderType; port?: MessagePort }
  | { op: 'inpaint'; image: RawRgb; mask: Uint8Array; seed: number; port?: MessagePort }
  | {
      op: 'outpaint';
      image: RawRgb;
      /** Canvas size in pixels and where the image's top-left lands on it. */
      canvas: { width: number; height: number; offsetX: number; offsetY: number };
      seed: number;
      port?: MessagePort;
    }
  | { op: 'enhance'; image: RawRgb; params: EnhanceParams; port?: MessagePort }
  | { op: 'thumbnail'; spec: ThumbnailSpec; size: number; port?: MessagePort }
  | { op: 'geometry'; image: RawRgb; regions: Array<{ mask: Uint8Array; kind: PlaneKind }>; realHeightCm?: number; passes?: PassValues; port?: MessagePort };

export interface SegmentResult {
  regions: Array<{ label: string; area: number; color: [number, number, number]; confidence?: number; mask: Uint8Array }>;
  width: number;
  height: number;
}

export type TaskResult = RawRgb | SegmentResult | GeometryReport;
