/** Geometry of the photo (issue 30 part 1): segments, vanishing points, region planes, grids. */
export type { PlaneKind, RegionPlane, VanishingPoint } from './plane.js';
export { detectSegments, type Segment } from './segments.js';
export { estimateVanishing, type VanishingFamily, type VanishingFrame } from './vanishing.js';
export { estimateGeometry, estimatePlanes, planesOf, type PhotoGeometry, type PlaneOptions, type PlaneRegion } from './planes.js';
export { planeGrid, planeKindOfLabel, type PlaneGrid, type Polyline } from './grid.js';
export { describeGeometry, type GeometryReport } from './report.js';
