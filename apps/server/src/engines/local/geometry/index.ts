/** Geometry of the photo (issue 30 part 1): segments, vanishing points, region planes, grids. */
export type { RegionPlane } from './plane.js';
export { estimateGeometry, estimatePlanes, type PlaneRegion } from './planes.js';
export { planeGrid, planeKindOfLabel } from './grid.js';
