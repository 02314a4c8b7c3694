import type { FractionRect } from './geometry';

/**
 * The objects drawn on the tweak canvas (spec §3 tweak canvas state). Positions are fractions of
 * the image (0..1 across it) unless said otherwise, so they map onto the image at any size.
 */

/** Spec: id, position and size as fractions of the image, color, strokeWidth. */
export interface RectangleObject {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  strokeWidth: number;
}

/** Spec: id, path, bounds, color, strokeWidth. `path` and `bounds` are fractions; strokeWidth is canvas units. */
export interface BrushStroke {
  id: string;
  path: number[];
  bounds: FractionRect;
  color: string;
  strokeWidth: number;
}

/** Spec: id, path, imagePath, bounds. A closed free-hand region: `path` in canvas units as drawn, `imagePath` and `bounds` as fractions. */
export interface PencilRegion {
  id: string;
  path: number[];
  imagePath: number[];
  bounds: FractionRect;
}

/**
 * A picture placed with Add image, in canvas units: the top-left corner and size of its upright box
 * (its own proportions), turned by `rotation` degrees clockwise about the box's centre.
 */
export interface AddedImage {
  id: string;
  /** An object URL of the picture (the File itself stays out of the store). */
  src: string;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export interface CanvasObjects {
  selectedRegions: PencilRegion[];
  rectangleObjects: RectangleObject[];
  brushObjects: BrushStroke[];
  addedImages: AddedImage[];
}

export const EMPTY_OBJECTS: CanvasObjects = { selectedRegions: [], rectangleObjects: [], brushObjects: [], addedImages: [] };

export type ObjectKind = 'region' | 'rectangle' | 'brush' | 'image';

/** Whether anything marks an area to inpaint (regions, rectangles, brush strokes). */
export function hasDrawnObjects(o: CanvasObjects): boolean {
  return o.selectedRegions.length > 0 || o.rectangleObjects.length > 0 || o.brushObjects.length > 0;
}

export function countObjects(o: CanvasObjects): number {
  return o.selectedRegions.length + o.rectangleObjects.length + o.brushObjects.length + o.addedImages.length;
}

let seq = 0;
/** A short unique id for a new object. */
export function objectId(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq.toString(36)}`;
}

/** The drawing colour of masks on screen. */
export const MASK_COLOR = '#f97316';
