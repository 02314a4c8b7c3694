/**
 * Pan and zoom of the refine canvas (spec §5, §9): zoom 0.1–10, the wheel changes it by up to
 * 0.002 per unit of delta (capped at 100), the buttons by 1.2×, and fitting leaves 50 px around
 * the image. A press that moves less than CLICK_SLOP px is a click (it opens the prompt modal).
 */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 10;
export const ZOOM_STEP = 1.2;
export const WHEEL_FACTOR = 0.002;
export const WHEEL_DELTA_CAP = 100;
export const FIT_PADDING = 50;
export const CLICK_SLOP = 4;

export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

export function wheelZoom(zoom: number, deltaY: number): number {
  const delta = Math.max(-WHEEL_DELTA_CAP, Math.min(WHEEL_DELTA_CAP, deltaY));
  return clampZoom(zoom * (1 - delta * WHEEL_FACTOR));
}

/** Zooms to `zoom` keeping the viewport point `at` over the same image point. */
export function zoomAt(view: View, zoom: number, at: { x: number; y: number }): View {
  const next = clampZoom(zoom);
  const k = next / view.zoom;
  return { zoom: next, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** The whole image centred right of `insetLeft` with `padding` around it; never above 100 %. */
export function fitView(viewport: Size, image: Size, insetLeft = 0, padding = FIT_PADDING): View {
  const freeWidth = Math.max(1, viewport.width - insetLeft);
  if (image.width <= 0 || image.height <= 0) return { zoom: 1, x: insetLeft, y: 0 };
  const zoom = clampZoom(Math.min(1, Math.max(1, freeWidth - 2 * padding) / image.width, Math.max(1, viewport.height - 2 * padding) / image.height));
  return { zoom, x: insetLeft + (freeWidth - image.width * zoom) / 2, y: (viewport.height - image.height * zoom) / 2 };
}

/** The comparison split (0–1 of the image width) under a viewport x. */
export function splitAt(view: View, imageWidth: number, viewportX: number): number {
  if (imageWidth <= 0) return 0.5;
  return Math.min(1, Math.max(0, (viewportX - view.x) / (imageWidth * view.zoom)));
}

export function isClick(start: { x: number; y: number }, end: { x: number; y: number }): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < CLICK_SLOP;
}
