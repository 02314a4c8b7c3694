import { TWEAK_LIMITS, type TweakBounds } from '@atelier/contract';

/**
 * The geometry of the tweak canvas, as pure functions (spec §5, §9).
 *
 * Canvas units: the selected image is laid out inside the default 800 × 600 canvas (fitted,
 * centred); that rectangle is `originalImageBounds`. `canvasBounds` is the frame, equal to it until
 * an edge is dragged outward (outpaint). Drawn objects are stored as fractions of the image
 * (0..1 across it), so they map onto the image at any resolution; brush widths are canvas units.
 */

export interface Point {
  x: number;
  y: number;
}
export type Bounds = TweakBounds;

export const DEFAULT_BOUNDS: Bounds = { x: 0, y: 0, ...TWEAK_LIMITS.defaultCanvas };

/** The image fitted (contain) and centred in the default canvas. */
export function layoutImage(width: number, height: number, canvas = TWEAK_LIMITS.defaultCanvas): Bounds {
  if (!(width > 0 && height > 0)) return { ...DEFAULT_BOUNDS };
  const k = Math.min(canvas.width / width, canvas.height / height);
  const w = width * k;
  const h = height * k;
  return { x: (canvas.width - w) / 2, y: (canvas.height - h) / 2, width: w, height: h };
}

/** The area where drawing is allowed: the image plus 2% of its size on every side. */
export function drawingArea(image: Bounds, margin: number = TWEAK_LIMITS.drawingMargin): Bounds {
  const mx = image.width * margin;
  const my = image.height * margin;
  return { x: image.x - mx, y: image.y - my, width: image.width + 2 * mx, height: image.height + 2 * my };
}

export function isWithinDrawingArea(p: Point, image: Bounds, margin: number = TWEAK_LIMITS.drawingMargin): boolean {
  const a = drawingArea(image, margin);
  return p.x >= a.x && p.y >= a.y && p.x <= a.x + a.width && p.y <= a.y + a.height;
}

export function clampToDrawingArea(p: Point, image: Bounds, margin: number = TWEAK_LIMITS.drawingMargin): Point {
  const a = drawingArea(image, margin);
  return { x: Math.min(a.x + a.width, Math.max(a.x, p.x)), y: Math.min(a.y + a.height, Math.max(a.y, p.y)) };
}

/** Canvas units → fractions of the image. */
export function toFraction(p: Point, image: Bounds): Point {
  return { x: (p.x - image.x) / image.width, y: (p.y - image.y) / image.height };
}

/** Fractions of the image → canvas units. */
export function fromFraction(f: Point, image: Bounds): Point {
  return { x: image.x + f.x * image.width, y: image.y + f.y * image.height };
}

/** A rectangle stored as fractions of the image. */
export interface FractionRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rectangle a drag from `start` to `end` (canvas units) makes, or null when it is not kept:
 * it must be larger than 5 screen pixels both ways (`scale` is screen pixels per canvas unit).
 * Both corners are clamped to the drawing area; each side is at least 0.01 of the image.
 */
export function rectangleFromDrag(start: Point, end: Point, image: Bounds, scale: number): FractionRect | null {
  const a = clampToDrawingArea(start, image);
  const b = clampToDrawingArea(end, image);
  const w = Math.abs(b.x - a.x);
  const h = Math.abs(b.y - a.y);
  if (w * scale <= TWEAK_LIMITS.rectangleMinPx || h * scale <= TWEAK_LIMITS.rectangleMinPx) return null;
  const min = TWEAK_LIMITS.rectangleMinFraction;
  const f = toFraction({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) }, image);
  return { x: f.x, y: f.y, width: Math.max(min, w / image.width), height: Math.max(min, h / image.height) };
}

/**
 * Adds `p` to a flat [x0, y0, x1, y1, …] list when it is at least `spacing` away from the last
 * point (pencil 3 px, brush 2 px, measured on screen: pass spacing / scale for canvas units).
 * Returns whether it was added.
 */
export function appendSpaced(points: number[], p: Point, spacing: number): boolean {
  const n = points.length;
  if (n >= 2) {
    const dx = p.x - points[n - 2];
    const dy = p.y - points[n - 1];
    if (dx * dx + dy * dy < spacing * spacing) return false;
  }
  points.push(p.x, p.y);
  return true;
}

/** The bounding box of a flat point list. */
export function boundsOfPoints(points: number[]): Bounds {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    x0 = Math.min(x0, points[i]);
    y0 = Math.min(y0, points[i + 1]);
    x1 = Math.max(x1, points[i]);
    y1 = Math.max(y1, points[i + 1]);
  }
  if (!Number.isFinite(x0)) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** A flat canvas-unit point list as fractions of the image. */
export function pointsToFractions(points: number[], image: Bounds): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < points.length; i += 2) out.push((points[i] - image.x) / image.width, (points[i + 1] - image.y) / image.height);
  return out;
}

export function fractionsToPoints(fractions: number[], image: Bounds): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < fractions.length; i += 2) out.push(image.x + fractions[i] * image.width, image.y + fractions[i + 1] * image.height);
  return out;
}

export type Edge = 'left' | 'right' | 'top' | 'bottom';

/**
 * The frame after dragging one edge by `delta` canvas units (outward is negative for left/top).
 * The frame never shrinks inside the image, and grows at most 3× the image on each side.
 */
export function dragEdge(frame: Bounds, image: Bounds, edge: Edge, delta: number): Bounds {
  const maxX = image.width * 3;
  const maxY = image.height * 3;
  const right = frame.x + frame.width;
  const bottom = frame.y + frame.height;
  switch (edge) {
    case 'left': {
      const x = Math.max(image.x - maxX, Math.min(image.x, frame.x + delta));
      return { ...frame, x, width: right - x };
    }
    case 'right': {
      const r = Math.min(image.x + image.width + maxX, Math.max(image.x + image.width, right + delta));
      return { ...frame, width: r - frame.x };
    }
    case 'top': {
      const y = Math.max(image.y - maxY, Math.min(image.y, frame.y + delta));
      return { ...frame, y, height: bottom - y };
    }
    case 'bottom': {
      const b = Math.min(image.y + image.height + maxY, Math.max(image.y + image.height, bottom + delta));
      return { ...frame, height: b - frame.y };
    }
  }
}

/** Whether the frame reaches beyond the image (by at least half a canvas unit on some side). */
export function isExpanded(frame: Bounds, image: Bounds): boolean {
  const eps = 0.5;
  return (
    image.x - frame.x > eps ||
    image.y - frame.y > eps ||
    frame.x + frame.width - (image.x + image.width) > eps ||
    frame.y + frame.height - (image.y + image.height) > eps
  );
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return TWEAK_LIMITS.zoom.default;
  return Math.min(TWEAK_LIMITS.zoom.max, Math.max(TWEAK_LIMITS.zoom.min, zoom));
}

/** The zoom after a wheel event: up to 0.002 per unit of deltaY, the delta capped at 100. */
export function wheelZoom(zoom: number, deltaY: number): number {
  const d = Math.max(-TWEAK_LIMITS.wheelCap, Math.min(TWEAK_LIMITS.wheelCap, deltaY));
  return clampZoom(zoom * Math.exp(-d * TWEAK_LIMITS.wheelFactor));
}

/** Screen pixels per canvas unit at zoom 1: the frame fitted in the viewport with 50 px padding. */
export function fitScale(frame: Bounds, viewport: { width: number; height: number }): number {
  const pad = TWEAK_LIMITS.fitPadding;
  const w = Math.max(1, viewport.width - 2 * pad);
  const h = Math.max(1, viewport.height - 2 * pad);
  return Math.max(0.01, Math.min(w / frame.width, h / frame.height));
}

export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

/** Space on the left of the viewport kept clear (the tool rail), in screen pixels. */
export interface ViewInset {
  left: number;
}

/**
 * The stage transform: the frame centred in the viewport (right of `inset.left`), scaled by
 * fit × zoom, shifted by pan (screen px).
 */
export function viewTransform(frame: Bounds, viewport: { width: number; height: number }, zoom: number, pan: Point, inset: ViewInset = { left: 0 }): ViewTransform {
  const area = { width: Math.max(1, viewport.width - inset.left), height: viewport.height };
  const scale = fitScale(frame, area) * zoom;
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  return { scale, x: inset.left + area.width / 2 - cx * scale + pan.x, y: area.height / 2 - cy * scale + pan.y };
}

/** The pan that keeps the canvas point under `screen` fixed when the zoom changes. */
export function panForZoomAt(
  frame: Bounds,
  viewport: { width: number; height: number },
  from: { zoom: number; pan: Point },
  toZoom: number,
  screen: Point,
  inset: ViewInset = { left: 0 },
): Point {
  const before = viewTransform(frame, viewport, from.zoom, from.pan, inset);
  const canvasPoint = { x: (screen.x - before.x) / before.scale, y: (screen.y - before.y) / before.scale };
  const after = viewTransform(frame, viewport, toZoom, { x: 0, y: 0 }, inset);
  return { x: screen.x - (after.x + canvasPoint.x * after.scale), y: screen.y - (after.y + canvasPoint.y * after.scale) };
}

/** Canvas units → the pixels of an image that covers `frame` at `width` × `height`. */
export function frameToPixels(p: Point, frame: Bounds, width: number, height: number): Point {
  return { x: ((p.x - frame.x) / frame.width) * width, y: ((p.y - frame.y) / frame.height) * height };
}
