/**
 * The raster types the pixel code works on: interleaved RGB floats in [0, 1] (sRGB encoded)
 * and single-channel float planes. Codecs and big resizes stay in sharp; these are the
 * working buffers of the worker threads.
 */
export interface Rgb {
  w: number;
  h: number;
  d: Float32Array; // length w*h*3
}

export interface Plane {
  w: number;
  h: number;
  d: Float32Array; // length w*h
}

export function newRgb(w: number, h: number): Rgb {
  return { w, h, d: new Float32Array(w * h * 3) };
}

export function newPlane(w: number, h: number, fill = 0): Plane {
  const d = new Float32Array(w * h);
  if (fill !== 0) d.fill(fill);
  return { w, h, d };
}

export function cloneRgb(a: Rgb): Rgb {
  return { w: a.w, h: a.h, d: a.d.slice() };
}

export function clonePlane(a: Plane): Plane {
  return { w: a.w, h: a.h, d: a.d.slice() };
}

export function rgbFromBytes(bytes: Uint8Array, w: number, h: number, channels = 3): Rgb {
  const out = newRgb(w, h);
  const n = w * h;
  const d = out.d;
  if (channels === 3) {
    for (let i = 0; i < n * 3; i++) d[i] = bytes[i] / 255;
  } else {
    for (let i = 0; i < n; i++) {
      d[i * 3] = bytes[i * channels] / 255;
      d[i * 3 + 1] = bytes[i * channels + 1] / 255;
      d[i * 3 + 2] = bytes[i * channels + 2] / 255;
    }
  }
  return out;
}

export function rgbToBytes(img: Rgb): Uint8Array {
  const n = img.d.length;
  const out = new Uint8Array(n);
  const d = img.d;
  for (let i = 0; i < n; i++) {
    const v = d[i] * 255 + 0.5;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v;
  }
  return out;
}

export function planeFromBytes(bytes: Uint8Array, w: number, h: number): Plane {
  const out = newPlane(w, h);
  for (let i = 0; i < w * h; i++) out.d[i] = bytes[i] / 255;
  return out;
}

/** Rec. 709 luma of the sRGB values (perceptual enough for grading decisions). */
export function luminance(img: Rgb): Plane {
  const out = newPlane(img.w, img.h);
  const d = img.d;
  const o = out.d;
  for (let i = 0, j = 0; i < o.length; i++, j += 3) o[i] = 0.2126 * d[j] + 0.7152 * d[j + 1] + 0.0722 * d[j + 2];
  return out;
}

export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = clamp01((x - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
}

/** Bilinear sample of a plane at fractional pixel coordinates (edge clamped). */
export function samplePlane(p: Plane, x: number, y: number): number {
  const w = p.w;
  const h = p.h;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const d = p.d;
  const a = d[y0 * w + x0];
  const b = d[y0 * w + x1];
  const c = d[y1 * w + x0];
  const e = d[y1 * w + x1];
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + e) * fx * fy;
}

/** Bilinear sample of an RGB image into out[o..o+2]. */
export function sampleRgb(img: Rgb, x: number, y: number, out: Float32Array | number[], o = 0): void {
  const w = img.w;
  const h = img.h;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const d = img.d;
  const i00 = (y0 * w + x0) * 3;
  const i10 = (y0 * w + x1) * 3;
  const i01 = (y1 * w + x0) * 3;
  const i11 = (y1 * w + x1) * 3;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  for (let c = 0; c < 3; c++) out[o + c] = d[i00 + c] * w00 + d[i10 + c] * w10 + d[i01 + c] * w01 + d[i11 + c] * w11;
}

/** Resize with area averaging when shrinking and bilinear when growing (working copies only). */
export function resizeRgb(img: Rgb, w: number, h: number): Rgb {
  if (w === img.w && h === img.h) return cloneRgb(img);
  const out = newRgb(w, h);
  const sx = img.w / w;
  const sy = img.h / h;
  if (sx >= 1 && sy >= 1) {
    const d = img.d;
    const o = out.d;
    for (let y = 0; y < h; y++) {
      const y0 = Math.floor(y * sy);
      const y1 = Math.max(y0 + 1, Math.min(img.h, Math.floor((y + 1) * sy)));
      for (let x = 0; x < w; x++) {
        const x0 = Math.floor(x * sx);
        const x1 = Math.max(x0 + 1, Math.min(img.w, Math.floor((x + 1) * sx)));
        let r = 0;
        let g = 0;
        let b = 0;
        for (let yy = y0; yy < y1; yy++) {
          let i = (yy * img.w + x0) * 3;
          for (let xx = x0; xx < x1; xx++, i += 3) {
            r += d[i];
            g += d[i + 1];
            b += d[i + 2];
          }
        }
        const n = (y1 - y0) * (x1 - x0);
        const j = (y * w + x) * 3;
        o[j] = r / n;
        o[j + 1] = g / n;
        o[j + 2] = b / n;
      }
    }
    return out;
  }
  const t = bilinearTables(img.w, img.h, w, h);
  const d = img.d;
  const o = out.d;
  for (let y = 0; y < h; y++) {
    const r0 = t.y0[y] * img.w;
    const r1 = t.y1[y] * img.w;
    const fy = t.fy[y];
    for (let x = 0; x < w; x++) {
      const a = (r0 + t.x0[x]) * 3;
      const b = (r0 + t.x1[x]) * 3;
      const c = (r1 + t.x0[x]) * 3;
      const e = (r1 + t.x1[x]) * 3;
      const fx = t.fx[x];
      const j = (y * w + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = d[a + k] + (d[b + k] - d[a + k]) * fx;
        const bot = d[c + k] + (d[e + k] - d[c + k]) * fx;
        o[j + k] = top + (bot - top) * fy;
      }
    }
  }
  return out;
}

/** Source indices and weights for bilinear resampling (pixel-centre aligned, clamped). */
function bilinearTables(sw: number, sh: number, w: number, h: number) {
  const axis = (sn: number, n: number) => {
    const i0 = new Int32Array(n);
    const i1 = new Int32Array(n);
    const f = new Float32Array(n);
    const s = sn / n;
    for (let k = 0; k < n; k++) {
      let v = (k + 0.5) * s - 0.5;
      if (v < 0) v = 0;
      if (v > sn - 1) v = sn - 1;
      const a = Math.floor(v);
      i0[k] = a;
      i1[k] = Math.min(sn - 1, a + 1);
      f[k] = v - a;
    }
    return { i0, i1, f };
  };
  const X = axis(sw, w);
  const Y = axis(sh, h);
  return { x0: X.i0, x1: X.i1, fx: X.f, y0: Y.i0, y1: Y.i1, fy: Y.f };
}

export function resizePlane(p: Plane, w: number, h: number): Plane {
  if (w === p.w && h === p.h) return clonePlane(p);
  const out = newPlane(w, h);
  const sx = p.w / w;
  const sy = p.h / h;
  if (sx >= 1 && sy >= 1) {
    for (let y = 0; y < h; y++) {
      const y0 = Math.floor(y * sy);
      const y1 = Math.max(y0 + 1, Math.min(p.h, Math.floor((y + 1) * sy)));
      for (let x = 0; x < w; x++) {
        const x0 = Math.floor(x * sx);
        const x1 = Math.max(x0 + 1, Math.min(p.w, Math.floor((x + 1) * sx)));
        let s = 0;
        for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) s += p.d[yy * p.w + xx];
        out.d[y * w + x] = s / ((y1 - y0) * (x1 - x0));
      }
    }
    return out;
  }
  const t = bilinearTables(p.w, p.h, w, h);
  // Each source row, interpolated across once, serves the several output rows between it and the
  // next (an upscale reads each row pair many times): two cached rows, same arithmetic.
  const rows = [new Float64Array(w), new Float64Array(w)];
  const rowOf = [-1, -1];
  const across = (slot: number, srcRow: number) => {
    const base = srcRow * p.w;
    const row = rows[slot];
    for (let x = 0; x < w; x++) {
      const a = p.d[base + t.x0[x]];
      row[x] = a + (p.d[base + t.x1[x]] - a) * t.fx[x];
    }
    rowOf[slot] = srcRow;
  };
  for (let y = 0; y < h; y++) {
    const y0 = t.y0[y];
    const y1 = t.y1[y];
    let a = rowOf.indexOf(y0);
    if (a < 0) across((a = rowOf[0] === y1 ? 1 : 0), y0);
    let b = rowOf.indexOf(y1);
    if (b < 0) across((b = 1 - a), y1);
    const top = rows[a];
    const bot = rows[b];
    const fy = t.fy[y];
    const o = y * w;
    for (let x = 0; x < w; x++) out.d[o + x] = top[x] + (bot[x] - top[x]) * fy;
  }
  return out;
}

/** The working size whose long side is at most `maxSide`. */
export function fitSize(w: number, h: number, maxSide: number): { w: number; h: number; scale: number } {
  const s = Math.min(1, maxSide / Math.max(w, h));
  return { w: Math.max(1, Math.round(w * s)), h: Math.max(1, Math.round(h * s)), scale: s };
}

/** The bounding box (inclusive) of pixel indices on a w-wide image; x1 < x0 when there are none. */
export function pixelBox(pixels: Iterable<number>, w: number): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Infinity;
  let x1 = -1;
  let y0 = Infinity;
  let y1 = -1;
  for (const i of pixels) {
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, x1, y0, y1 };
}

/** A rectangle of an image's pixels: its left, top, width and height. */
/** The box of the pixels of a w×h image that `keep(i)` picks, or null when it picks none. */
export function boxWhere(w: number, h: number, keep: (i: number) => boolean): { x0: number; x1: number; y0: number; y1: number } | null {
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!keep(y * w + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  return x1 < 0 ? null : { x0, x1, y0, y1 };
}

export interface PixelWindow {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The window around `box` grown by `margin` on every side, within a w×h image. */
export function windowAround(box: { x0: number; x1: number; y0: number; y1: number }, margin: number, w: number, h: number): PixelWindow {
  const x = Math.max(0, box.x0 - margin);
  const y = Math.max(0, box.y0 - margin);
  return { x, y, w: Math.min(w - 1, box.x1 + margin) - x + 1, h: Math.min(h - 1, box.y1 + margin) - y + 1 };
}

/** The pixels of a one-value-per-pixel image `src` inside `win`, as a plane. */
export function cropPlane(src: { d: ArrayLike<number>; w: number }, win: PixelWindow): Plane {
  const out = newPlane(win.w, win.h);
  for (let y = 0; y < win.h; y++) {
    const from = (y + win.y) * src.w + win.x;
    for (let x = 0; x < win.w; x++) out.d[y * win.w + x] = src.d[from + x];
  }
  return out;
}

export function cropRgb(src: Rgb, win: PixelWindow): Rgb {
  const out = newRgb(win.w, win.h);
  for (let y = 0; y < win.h; y++) out.d.set(src.d.subarray(((y + win.y) * src.w + win.x) * 3, ((y + win.y) * src.w + win.x + win.w) * 3), y * win.w * 3);
  return out;
}

/** A plane the size of a w×h image holding `part` inside `win` and `outside` elsewhere. */
export function placePlane(part: Plane, win: PixelWindow, w: number, h: number, outside = 0): Plane {
  const out = newPlane(w, h, outside);
  for (let y = 0; y < win.h; y++) out.d.set(part.d.subarray(y * win.w, (y + 1) * win.w), (y + win.y) * w + win.x);
  return out;
}
