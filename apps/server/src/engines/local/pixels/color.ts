/** Colour conversions (sRGB <-> linear <-> CIE Lab, D65) and small colour helpers. */

const LIN_LUT = new Float32Array(4096);
for (let i = 0; i < 4096; i++) {
  const c = i / 4095;
  LIN_LUT[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

export function toLinear(c: number): number {
  if (c <= 0) return 0;
  if (c >= 1) return 1;
  return LIN_LUT[(c * 4095 + 0.5) | 0];
}

export function toSrgb(c: number): number {
  if (c <= 0) return 0;
  if (c >= 1) return 1;
  return c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
}

function fLab(t: number): number {
  return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116;
}

/** sRGB (0..1) to Lab (L 0..100) into out[o..o+2]. */
export function rgbToLab(r: number, g: number, b: number, out: Float32Array | number[], o = 0): void {
  const lr = toLinear(r);
  const lg = toLinear(g);
  const lb = toLinear(b);
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const fx = fLab(x);
  const fy = fLab(y);
  const fz = fLab(z);
  out[o] = 116 * fy - 16;
  out[o + 1] = 500 * (fx - fy);
  out[o + 2] = 200 * (fy - fz);
}

function fInv(t: number): number {
  const t3 = t * t * t;
  return t3 > 0.008856 ? t3 : (t - 16 / 116) / 7.787;
}

export function labToRgb(L: number, a: number, b: number, out: Float32Array | number[], o = 0): void {
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const x = fInv(fx) * 0.95047;
  const y = fInv(fy);
  const z = fInv(fz) * 1.08883;
  const lr = 3.2406 * x - 1.5372 * y - 0.4986 * z;
  const lg = -0.9689 * x + 1.8758 * y + 0.0415 * z;
  const lb = 0.0557 * x - 0.204 * y + 1.057 * z;
  out[o] = toSrgb(lr);
  out[o + 1] = toSrgb(lg);
  out[o + 2] = toSrgb(lb);
}

export type Rgb3 = [number, number, number];

/** '#rrggbb' to [0..1]^3. */
export function hex(h: string): Rgb3 {
  const s = h.startsWith('#') ? h.slice(1) : h;
  const n = parseInt(s, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export function mix3(a: Rgb3, b: Rgb3, t: number): Rgb3 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** HSV (h in 0..1) to RGB. */
export function hsv(h: number, s: number, v: number): Rgb3 {
  h = ((h % 1) + 1) % 1;
  const i = Math.floor(h * 6);
  const f = h * 6 - i;
  const p = v * (1 - s);
  const q = v * (1 - f * s);
  const t = v * (1 - (1 - f) * s);
  switch (i % 6) {
    case 0:
      return [v, t, p];
    case 1:
      return [q, v, p];
    case 2:
      return [p, v, t];
    case 3:
      return [p, q, v];
    case 4:
      return [t, p, v];
    default:
      return [v, p, q];
  }
}

export function rgbToHsv(r: number, g: number, b: number): Rgb3 {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 1e-6) {
    if (max === r) h = ((g - b) / d + 6) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h /= 6;
  }
  return [h, max > 0 ? d / max : 0, max];
}

function kelvinRaw(k: number): Rgb3 {
  const t = k / 100;
  let r: number;
  let g: number;
  let b: number;
  if (t <= 66) {
    r = 255;
    g = 99.47 * Math.log(t) - 161.12;
    b = t <= 19 ? 0 : 138.52 * Math.log(t - 10) - 305.04;
  } else {
    r = 329.7 * Math.pow(t - 60, -0.1332);
    g = 288.12 * Math.pow(t - 60, -0.0755);
    b = 255;
  }
  return [Math.max(1, Math.min(255, r)), Math.max(1, Math.min(255, g)), Math.max(1, Math.min(255, b))];
}

const NEUTRAL = kelvinRaw(6500);

/** White-balance gains that make a 6500 K scene look as if lit at `k` Kelvin (green kept at 1). */
export function kelvinGains(k: number): Rgb3 {
  const c = kelvinRaw(k);
  const r = c[0] / NEUTRAL[0];
  const g = c[1] / NEUTRAL[1];
  const b = c[2] / NEUTRAL[2];
  return [r / g, 1, b / g];
}
