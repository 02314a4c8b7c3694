/**
 * The mask overlay's pixels as plain functions (so they are tested without a canvas): a label
 * map from the regions' mask images, the coloured overlay painted from it (regions filled, their
 * edges drawn, the hovered one stronger and the others dimmed), and the region under a point.
 */

export type Rgb = [number, number, number];

export interface LabelMap {
  width: number;
  height: number;
  /** 0 = no region, k + 1 = the k-th region. */
  labels: Uint8Array;
}

/** The working size of the overlay: the image's proportions, at most `maxSide` on the long side. */
export function overlaySize(width: number, height: number, maxSide = 1024): { width: number; height: number } {
  const k = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** Region k covers the pixels where its mask (RGBA, white = region) is light; the first region wins an overlap. */
export function buildLabelMap(masks: Array<Uint8ClampedArray | Uint8Array>, width: number, height: number): LabelMap {
  const labels = new Uint8Array(width * height);
  masks.forEach((rgba, k) => {
    for (let i = 0, p = 0; i < labels.length; i++, p += 4) if (labels[i] === 0 && rgba[p] >= 128) labels[i] = k + 1;
  });
  return { width, height, labels };
}

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : [255, 255, 255];
}

export interface PaintOptions {
  colors: Rgb[];
  visible: boolean[];
  /** The hovered or selected region index, or -1. */
  highlight: number;
  /** Fill opacity of a region (0–1). */
  fill?: number;
}

/** Paints the overlay into `out` (RGBA, the label map's size). */
export function paintOverlay(map: LabelMap, out: Uint8ClampedArray, { colors, visible, highlight, fill = 0.34 }: PaintOptions): void {
  const { width: w, height: h, labels } = map;
  const dimmed = highlight >= 0 ? fill * 0.45 : fill;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i++) {
      const l = labels[i];
      const p = i * 4;
      const k = l - 1;
      if (l === 0 || !visible[k]) {
        out[p + 3] = 0;
        continue;
      }
      const edge =
        (x > 0 && labels[i - 1] !== l) || (x < w - 1 && labels[i + 1] !== l) || (y > 0 && labels[i - w] !== l) || (y < h - 1 && labels[i + w] !== l);
      const c = colors[k] ?? [255, 255, 255];
      out[p] = c[0];
      out[p + 1] = c[1];
      out[p + 2] = c[2];
      const alpha = edge ? (k === highlight ? 1 : 0.85) : k === highlight ? 0.58 : dimmed;
      out[p + 3] = Math.round(alpha * 255);
    }
  }
}

/** The region index at a point given as fractions of the image (0–1), or -1. */
export function regionAt(map: LabelMap, fx: number, fy: number): number {
  if (!(fx >= 0 && fx < 1 && fy >= 0 && fy < 1)) return -1;
  const x = Math.min(map.width - 1, Math.floor(fx * map.width));
  const y = Math.min(map.height - 1, Math.floor(fy * map.height));
  return map.labels[y * map.width + x] - 1;
}
