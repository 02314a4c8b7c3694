/** The local engine's public face (for the engine factory and the catalog thumbnails). */
export type { ThumbnailSpec, RawRgb } from './tasks.js';
import { runTask } from './pool.js';
import type { RawRgb, ThumbnailSpec } from './tasks.js';

/** Draws a catalog thumbnail (square, `size` px) in the worker pool; raw RGB. */
export function renderCatalogThumbnail(spec: ThumbnailSpec, size: number): Promise<RawRgb> {
  return runTask<RawRgb>({ op: 'thumbnail', spec, size });
}
