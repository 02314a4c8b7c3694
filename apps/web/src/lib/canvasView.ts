/**
 * Pan and zoom of the image canvases (Create, Refine; spec §5, §9): zoom 0.1–10, the wheel changes
 * it by up to 0.002 per unit of delta (the delta capped at 100, so one notch is at most ±20 %), the
 * buttons by 1.2×, and "fit" leaves 50 px around the image.
 */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 10;
export const ZOOM_STEP = 1.2;
export const WHEEL_FACTOR = 0.002;
export const WHEEL_DELTA_CAP = 100;
export const FIT_PADDING = 50;

/** Where the image's top-left corner sits in the viewport (px) and its scale. */
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

/** The zoom after one wheel event (deltaY > 0 zooms out). */
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

/**
 * The view that shows the whole image centred in the free part of the viewport (right of
 * `insetLeft`, e.g. the open inspector), with `padding` around it. Small images are not
 * blown up past 100 %.
 */
export function fitView(viewport: Size, image: Size, insetLeft = 0, padding = FIT_PADDING): View {
  const freeWidth = Math.max(1, viewport.width - insetLeft);
  if (image.width <= 0 || image.height <= 0) return { zoom: 1, x: insetLeft, y: 0 };
  const zoom = clampZoom(
    Math.min(1, Math.max(1, freeWidth - 2 * padding) / image.width, Math.max(1, viewport.height - 2 * padding) / image.height),
  );
  return {
    zoom,
    x: insetLeft + (freeWidth - image.width * zoom) / 2,
    y: (viewport.height - image.height * zoom) / 2,
  };
}
