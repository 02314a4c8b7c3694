/** The local engine's public face (for the engine factory and the catalog thumbnails). */
export type { ThumbnailSpec, RawRgb } from './tasks.js';
import { runTask } from './pool.js';
import type { RawRgb, ThumbnailSpec } from './tasks.js';
import type { GeometryReport } from './geometry/report.js';
import type { PlaneKind } from './geometry/plane.js';
import type { PassValues } from '../engine.js';

/** Draws a catalog thumbnail (square, `size` px) in the worker pool; raw RGB. */
export function renderCatalogThumbnail(spec: ThumbnailSpec, size: number): Promise<RawRgb> {
  return runTask<RawRgb>({ op: 'thumbnail', spec, size });
}

export type { GeometryReport } from './geometry/report.js';
export type { PlaneKind } from './geometry/plane.js';
export { planeKindOfLabel } from './geometry/grid.js';
export { splitByNormals } from './geometry/normal-split.js';
export { sharpenByGeometry } from './geometry/geometry-edges.js';
export { viewPassesAt } from './geometry/view-passes.js';

/** The geometry of a photo (issue 30 part 1: vanishing points, region planes, grids) in the worker pool. */
export function analyseGeometry(image: RawRgb, regions: Array<{ mask: Uint8Array; kind: PlaneKind }>, realHeightCm?: number, passes?: PassValues): Promise<GeometryReport> {
  return runTask<GeometryReport>({ op: 'geometry', image, regions, realHeightCm, passes });
}
