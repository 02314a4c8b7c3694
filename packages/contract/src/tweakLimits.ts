// No zod here on purpose: the web's store imports these at start-up, and a zod-free module keeps
// zod out of the first JS of every screen (issue #19). tweak.ts re-exports them.

/** Spec §5 and §9 constants of the tweak canvas and pipeline. */
export const TWEAK_LIMITS = {
  variations: { min: 1, max: 2, default: 1 },
  zoom: { min: 0.1, max: 10, default: 1 },
  /** Zoom buttons step by this factor; the wheel by up to 0.002 per unit, capped at 100 units. */
  zoomStep: 1.2,
  wheelFactor: 0.002,
  wheelCap: 100,
  /** Fit-to-view padding in screen pixels. */
  fitPadding: 50,
  brushSize: { min: 4, max: 400, default: 60 },
  /** Undo history entries kept. */
  historyMax: 50,
  /** The canvas before an image is laid out in it; images are fitted inside it. */
  defaultCanvas: { width: 800, height: 600 },
  /** Where Add image places a picture, in canvas units. */
  addedImage: { x: 400, y: 300, width: 200, height: 200 },
  /** Minimum distance between recorded points, in screen pixels. */
  pencilSpacing: 3,
  brushSpacing: 2,
  /** A rectangle is kept only if larger than this on screen, both ways. */
  rectangleMinPx: 5,
  /** …and is at least this fraction of the image each way. */
  rectangleMinFraction: 0.01,
  /** Drawing is allowed up to this fraction of the image outside its edges. */
  drawingMargin: 0.02,
  /** Auto-select of a completed result, and of a completed inpaint. */
  autoSelectDelayMs: 200,
  inpaintAutoSelectDelayMs: 1000,
  /** The pipeline's pause between the outpaint's completion and the inpaint. */
  inpaintStartDelayMs: 500,
  /** Generating fallback: a result completed within this window ends it. */
  fallbackMs: 10_000,
  debugNoteMs: 30_000,
  /** Slots a tweak batch shows. */
  batchSlots: 2,
  promptMaxLength: 2000,
  /** The outpainted image: at most this many pixels a side and in all (the CPU engine's limits). */
  outpaintMaxSide: 8192,
  outpaintMaxPixels: 40_000_000,
  /** Bounds coordinates, in canvas units, stay within ±this. */
  maxCoordinate: 1_000_000,
} as const;
