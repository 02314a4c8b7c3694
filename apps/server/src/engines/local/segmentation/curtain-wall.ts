import { toLinear } from '../pixels/color.js';
import type { Rgb } from '../pixels/image.js';
import { components } from './blobs.js';

/**
 * A glass curtain wall is one window region to the classifier: its spandrels (the opaque bands
 * between the storeys' glazing) are thinner than a superpixel. Inside each large connected part
 * of the window region this finds them at full resolution: rows that cross the whole part and
 * whose median lightness stands off the part's by `step` or more, grouped into bands no taller
 * than `maxBandHeight` of the part (nor thinner than `minBandHeight` of the image), repeated at least `minBands` times (one storey after another;
 * a reflection's gradient or a single lintel is one band, not a rhythm). The band's pixels on
 * that side of the part's lightness are spandrels, which are façade.
 */
export interface SpandrelOptions {
  /** Lab lightness by which a band's rows stand off the part's median. */
  step: number;
  /** Bands of one side (lighter or darker) a part needs. */
  minBands: number;
  /** A band's height over its part's height: at most. */
  maxBandHeight: number;
  /** A band's height over the image's height: at least (a spandrel is a good part of a storey; a transom bar across one window is a few pixels). */
  minBandHeight: number;
  /** A part's share of the image: at least. */
  minPartShare: number;
  /** A row counts when the part covers at least this share of its widest row there. */
  rowCover: number;
}

export const SPANDRELS: SpandrelOptions = { step: 2, minBands: 3, maxBandHeight: 0.12, minBandHeight: 0.01, minPartShare: 0.01, rowCover: 0.6 };

function lightness(img: Rgb, i: number): number {
  const Y = 0.2126 * toLinear(img.d[i * 3]) + 0.7152 * toLinear(img.d[i * 3 + 1]) + 0.0722 * toLinear(img.d[i * 3 + 2]);
  return 116 * (Y > 0.008856 ? Math.cbrt(Y) : 7.787 * Y + 16 / 116) - 16;
}

/** Median of the values counted in `hist` (0.25-unit bins of lightness 0–100), `count` of them. */
function histogramMedian(hist: Uint32Array, count: number): number {
  let seen = 0;
  for (let b = 0; b < hist.length; b++) {
    seen += hist[b];
    if (seen * 2 > count) return b / 4;
  }
  return NaN;
}

/** Rows [start, end) of the bands of `off` (per row: +1 lighter, -1 darker, 0 neither) on `side`, each `minRows` to `maxRows` tall. */
function bandsOf(off: Int8Array, side: number, minRows: number, maxRows: number): Array<[number, number]> {
  const bands: Array<[number, number]> = [];
  for (let y = 0; y < off.length; ) {
    if (off[y] !== side) {
      y++;
      continue;
    }
    let end = y;
    while (end < off.length && off[end] === side) end++;
    if (end - y >= minRows && end - y <= maxRows) bands.push([y, end]);
    y = end;
  }
  return bands;
}

/** The pixels of region `window` that are spandrels of a curtain wall (1), by the rules above. */
export function spandrelPixels(img: Rgb, labels: Uint8Array, window: number, opts: SpandrelOptions = SPANDRELS): Uint8Array {
  const { w, h } = img;
  const n = w * h;
  const out = new Uint8Array(n);
  const inWindow = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (labels[i] === window) inWindow[i] = 1;
  const { comp, count } = components(inWindow, w, h);
  const size = new Float64Array(count);
  const top = new Int32Array(count).fill(h);
  const bottom = new Int32Array(count).fill(-1);
  for (let i = 0; i < n; i++) {
    const k = comp[i];
    if (k < 0) continue;
    size[k]++;
    const y = (i / w) | 0;
    if (y < top[k]) top[k] = y;
    bottom[k] = y;
  }
  const L = new Float32Array(n);
  const hist = new Uint32Array(401);
  const bin = (v: number) => Math.max(0, Math.min(400, Math.round(v * 4)));
  const minRows = Math.max(1, Math.round(h * opts.minBandHeight));
  for (let part = 0; part < count; part++) {
    if (size[part] < opts.minPartShare * n) continue;
    const y0 = top[part];
    const y1 = bottom[part];
    // Each row's median lightness within the part, for the rows the part crosses nearly whole.
    const rowCount = new Int32Array(y1 - y0 + 1);
    for (let y = y0; y <= y1; y++) for (let i = y * w; i < (y + 1) * w; i++) if (comp[i] === part) rowCount[y - y0]++;
    const widest = rowCount.reduce((m, c) => Math.max(m, c), 0);
    const rowMedian = new Float32Array(y1 - y0 + 1).fill(NaN);
    const all = new Uint32Array(401);
    let rows = 0;
    for (let y = y0; y <= y1; y++) {
      if (rowCount[y - y0] < widest * opts.rowCover) continue;
      hist.fill(0);
      for (let i = y * w; i < (y + 1) * w; i++) if (comp[i] === part) hist[bin((L[i] = lightness(img, i)))]++;
      rowMedian[y - y0] = histogramMedian(hist, rowCount[y - y0]);
      all[bin(rowMedian[y - y0])]++;
      rows++;
    }
    const reference = histogramMedian(all, rows);
    const off = Int8Array.from(rowMedian, (m) => (Number.isNaN(m) ? 0 : m >= reference + opts.step ? 1 : m <= reference - opts.step ? -1 : 0));
    const maxRows = Math.max(1, Math.floor((y1 - y0 + 1) * opts.maxBandHeight));
    for (const side of [1, -1]) {
      const bands = bandsOf(off, side, minRows, maxRows);
      if (bands.length < opts.minBands) continue;
      for (const [a, b] of bands)
        for (let y = y0 + a; y < y0 + b; y++)
          for (let i = y * w; i < (y + 1) * w; i++) if (comp[i] === part && (L[i] - reference) * side >= opts.step / 2) out[i] = 1;
    }
  }
  return out;
}
