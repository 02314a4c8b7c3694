import { kelvinGains, toSrgb } from '../pixels/color.js';
import { blurPlane } from '../pixels/filters.js';
import { luminance, type Rgb } from '../pixels/image.js';
import type { Look } from './looks.js';

/**
 * Photographic grading: white balance and exposure in linear light, a filmic shoulder, an
 * S-curve with lifted blacks, saturation, split toning, a directional low-sun wash,
 * clarity (local contrast) and vignette. Everything goes through lookup tables, so a
 * megapixel grades in a few tens of milliseconds.
 */

const LIN = new Float32Array(1024);
for (let i = 0; i < 1024; i++) {
  const c = i / 1023;
  LIN[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** Linear [0, 4] -> sRGB with a soft highlight shoulder, 4096 entries. */
const TONE = new Float32Array(4096);
for (let i = 0; i < 4096; i++) {
  const x = (i / 4095) * 4;
  const s = 0.82;
  const y = x < s ? x : s + (1 - s) * (1 - Math.exp(-(x - s) / (1 - s)));
  TONE[i] = toSrgb(y);
}

export function toneLinear(x: number): number {
  if (x <= 0) return 0;
  if (x >= 4) return TONE[4095];
  return TONE[(x * 1023.75) | 0];
}

export function linearOf(c: number): number {
  if (c <= 0) return 0;
  if (c >= 1) return 1;
  return LIN[(c * 1023 + 0.5) | 0];
}

function curveLut(contrast: number, lift: number): Float32Array {
  const lut = new Float32Array(1024);
  for (let i = 0; i < 1024; i++) {
    const x = i / 1023;
    const s = x * x * (3 - 2 * x);
    let y = contrast >= 0 ? x + (s - x) * contrast * 2.2 : 0.5 + (x - 0.5) * (1 + contrast);
    y = lift + y * (1 - lift);
    lut[i] = Math.max(0, Math.min(1, y));
  }
  return lut;
}

export interface GradeOptions {
  /** -1 = low sun on the left, 1 = on the right. */
  sunSide: number;
  /** Weight per pixel of how much the grade applies (1 everywhere if omitted). */
}

export function grade(img: Rgb, look: Look, opts: GradeOptions): void {
  const { w, h, d } = img;
  const gains = kelvinGains(look.kelvin);
  const ex = look.exposure;
  const gr = gains[0] * ex;
  const gg = gains[1] * ex;
  const gb = gains[2] * ex;
  const curve = curveLut(look.contrast, look.lift);
  const sat = look.saturation;
  const split = look.split;
  const st = normTint(look.shadowTint);
  const ht = normTint(look.highlightTint);
  const wash = look.wash;
  const wc = look.washColor;
  const side = opts.sunSide;
  // Clarity needs the local mean luminance.
  const clarity = look.clarity;
  const local = clarity > 0.01 ? blurPlane(luminance(img), Math.max(w, h) / 70) : null;
  const cx = w / 2;
  const cy = h / 2;
  const rx = 1 / (w * 0.62);
  const ry = 1 / (h * 0.62);
  for (let y = 0; y < h; y++) {
    const vy = (y - cy) * ry;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      let r = linearOf(d[j]) * gr;
      let g = linearOf(d[j + 1]) * gg;
      let b = linearOf(d[j + 2]) * gb;
      if (wash > 0) {
        const ramp = side < 0 ? 1 - x / w : x / w;
        const k = wash * ramp * ramp;
        const dim = 1 - wash * 0.3 * (1 - ramp);
        r *= dim * (1 + k * (wc[0] * 1.6 - 0.6));
        g *= dim * (1 + k * (wc[1] * 1.6 - 0.6));
        b *= dim * (1 + k * (wc[2] * 1.6 - 0.6));
      }
      r = curve[(toneLinear(r) * 1023 + 0.5) | 0];
      g = curve[(toneLinear(g) * 1023 + 0.5) | 0];
      b = curve[(toneLinear(b) * 1023 + 0.5) | 0];
      let L = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      if (local) {
        const dl = (L - local.d[i]) * clarity * 1.5;
        r += dl;
        g += dl;
        b += dl;
        L += dl;
      }
      r = L + (r - L) * sat;
      g = L + (g - L) * sat;
      b = L + (b - L) * sat;
      if (split > 0) {
        const ws = split * (1 - L) * (1 - L);
        const wh = split * L * L;
        r *= 1 + ws * (st[0] - 1) + wh * (ht[0] - 1);
        g *= 1 + ws * (st[1] - 1) + wh * (ht[1] - 1);
        b *= 1 + ws * (st[2] - 1) + wh * (ht[2] - 1);
      }
      if (look.vignette > 0) {
        const vx = (x - cx) * rx;
        const rr = vx * vx + vy * vy;
        const v = 1 - look.vignette * Math.min(1, Math.max(0, (rr - 0.35) / 1.1));
        r *= v;
        g *= v;
        b *= v;
      }
      d[j] = r;
      d[j + 1] = g;
      d[j + 2] = b;
    }
  }
}

/** Normalises a tint colour so its luma is 1 (tints shift hue, not brightness). */
export function normTint(c: [number, number, number]): [number, number, number] {
  const l = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  return l > 0 ? [c[0] / l, c[1] / l, c[2] / l] : [1, 1, 1];
}
