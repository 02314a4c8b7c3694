import { newPlane, newRgb, resizePlane, type Plane, type Rgb } from './image.js';

/** One running-sum box pass along a line of `n` samples (stride apart), edge clamped. */
function boxLine(src: Float32Array, dst: Float32Array, off: number, stride: number, n: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  const last = off + (n - 1) * stride;
  let acc = src[off] * (r + 1);
  for (let k = 1; k <= r; k++) acc += src[k < n ? off + k * stride : last];
  for (let x = 0; x < n; x++) {
    dst[off + x * stride] = acc * inv;
    const add = x + r + 1;
    const sub = x - r;
    acc += (add < n ? src[off + add * stride] : src[last]) - (sub > 0 ? src[off + sub * stride] : src[off]);
  }
}

/** Separable running-sum box blur of a plane, radius r (edge clamped). O(n) whatever r. */
export function boxBlurPlane(src: Plane, r: number): Plane {
  r = Math.max(0, Math.round(r));
  if (r === 0) return { w: src.w, h: src.h, d: src.d.slice() };
  const { w, h } = src;
  const tmp = new Float32Array(w * h);
  const out = newPlane(w, h);
  for (let y = 0; y < h; y++) boxLine(src.d, tmp, y * w, 1, w, r);
  boxColumns(tmp, out.d, w, h, r);
  return out;
}

/**
 * boxLine down every column at once, a row at a time (the strided column walk missed the cache on
 * every read): the same running sums in the same order, so the same values.
 */
function boxColumns(src: Float32Array, dst: Float32Array, w: number, h: number, r: number): void {
  const inv = 1 / (2 * r + 1);
  const last = (h - 1) * w;
  const acc = new Float64Array(w);
  for (let x = 0; x < w; x++) acc[x] = src[x] * (r + 1);
  for (let k = 1; k <= r; k++) {
    const o = k < h ? k * w : last;
    for (let x = 0; x < w; x++) acc[x] += src[o + x];
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const add = y + r + 1 < h ? (y + r + 1) * w : last;
    const sub = y - r > 0 ? (y - r) * w : 0;
    for (let x = 0; x < w; x++) {
      dst[row + x] = acc[x] * inv;
      acc[x] += src[add + x] - src[sub + x];
    }
  }
}

/** Approximate gaussian (three box passes) of standard deviation sigma. */
export function blurPlane(src: Plane, sigma: number): Plane {
  if (sigma < 0.5) return { w: src.w, h: src.h, d: src.d.slice() };
  // Wide blurs run on a smaller copy: the result is smooth anyway.
  if (sigma > 3 && src.w > 32 && src.h > 32) {
    const f = Math.min(8, Math.max(2, Math.floor(sigma / 1.5)));
    const sw = Math.max(1, Math.round(src.w / f));
    const sh = Math.max(1, Math.round(src.h / f));
    const small = blurPlane(resizePlane(src, sw, sh), sigma / f);
    return resizePlane(small, src.w, src.h);
  }
  // Small blurs: an exact gaussian kernel (box passes quantise badly at small radii).
  if (sigma < 3) return gaussianPlane(src, sigma);
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  const { w, h } = src;
  const a = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    boxLine(src.d, a, y * w, 1, w, r);
    boxLine(a, b, y * w, 1, w, r);
    boxLine(b, a, y * w, 1, w, r);
  }
  boxColumns(a, b, w, h, r);
  boxColumns(b, a, w, h, r);
  boxColumns(a, b, w, h, r);
  return { w, h, d: b };
}

/** Separable gaussian with a sampled kernel of radius ceil(3 sigma), edge clamped. */
export function gaussianPlane(src: Plane, sigma: number): Plane {
  const { w, h } = src;
  const r = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += k[i + r];
  }
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  const tmp = new Float32Array(w * h);
  const out = newPlane(w, h);
  const s = src.d;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      if (x >= r && x < w - r) {
        const base = row + x - r;
        for (let t = 0; t <= 2 * r; t++) acc += s[base + t] * k[t];
      } else {
        for (let t = -r; t <= r; t++) {
          const xx = x + t < 0 ? 0 : x + t >= w ? w - 1 : x + t;
          acc += s[row + xx] * k[t + r];
        }
      }
      tmp[row + x] = acc;
    }
  }
  // Vertical pass, row by row (cache friendly): out[y] = sum_t k[t] * tmp[y + t - r].
  const o = out.d;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let t = -r; t <= r; t++) {
      const yy = y + t < 0 ? 0 : y + t >= h ? h - 1 : y + t;
      const src = yy * w;
      const kt = k[t + r];
      for (let x = 0; x < w; x++) o[row + x] += tmp[src + x] * kt;
    }
  }
  return out;
}

export function splitRgb(img: Rgb): [Plane, Plane, Plane] {
  const n = img.w * img.h;
  const r = newPlane(img.w, img.h);
  const g = newPlane(img.w, img.h);
  const b = newPlane(img.w, img.h);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    r.d[i] = img.d[j];
    g.d[i] = img.d[j + 1];
    b.d[i] = img.d[j + 2];
  }
  return [r, g, b];
}

export function joinRgb(r: Plane, g: Plane, b: Plane): Rgb {
  const out = newRgb(r.w, r.h);
  const n = r.w * r.h;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    out.d[j] = r.d[i];
    out.d[j + 1] = g.d[i];
    out.d[j + 2] = b.d[i];
  }
  return out;
}

export function blurRgb(img: Rgb, sigma: number): Rgb {
  const [r, g, b] = splitRgb(img);
  return joinRgb(blurPlane(r, sigma), blurPlane(g, sigma), blurPlane(b, sigma));
}

export interface Gradient {
  gx: Plane;
  gy: Plane;
  mag: Plane;
}

/** Sobel gradient. */
export function sobel(p: Plane): Gradient {
  const { w, h } = p;
  const gx = newPlane(w, h);
  const gy = newPlane(w, h);
  const mag = newPlane(w, h);
  const d = p.d;
  for (let y = 0; y < h; y++) {
    const ym = (y > 0 ? y - 1 : 0) * w;
    const y0 = y * w;
    const yp = (y < h - 1 ? y + 1 : h - 1) * w;
    for (let x = 0; x < w; x++) {
      const xm = x > 0 ? x - 1 : 0;
      const xp = x < w - 1 ? x + 1 : w - 1;
      const a = d[ym + xm];
      const b = d[ym + x];
      const c = d[ym + xp];
      const e = d[y0 + xm];
      const f = d[y0 + xp];
      const g = d[yp + xm];
      const hh = d[yp + x];
      const k = d[yp + xp];
      const sx = c + 2 * f + k - a - 2 * e - g;
      const sy = g + 2 * hh + k - a - 2 * b - c;
      const i = y0 + x;
      gx.d[i] = sx / 8;
      gy.d[i] = sy / 8;
      mag.d[i] = Math.sqrt(sx * sx + sy * sy) / 8;
    }
  }
  return { gx, gy, mag };
}

/** Grey-level dilation (max) over a square window, separable. */
export function dilatePlane(p: Plane, r: number): Plane {
  return morph(p, r, true);
}

/** Grey-level erosion (min) over a square window, separable. */
export function erodePlane(p: Plane, r: number): Plane {
  return morph(p, r, false);
}

function morph(p: Plane, r: number, max: boolean): Plane {
  r = Math.round(r);
  if (r <= 0) return { w: p.w, h: p.h, d: p.d.slice() };
  const { w, h } = p;
  const tmp = new Float32Array(w * h);
  const out = newPlane(w, h);
  const g = new Float32Array(w + 2 * r);
  const hh = new Float32Array(w + 2 * r);
  const sign = max ? 1 : -1;
  for (let y = 0; y < h; y++) runMax(p.d, y * w, 1, w, r, sign, tmp, g, hh);
  runMaxColumns(tmp, w, h, r, sign, out.d);
  return out;
}

/** runMax down every column at once, a row at a time (cache friendly), with the same result. */
function runMaxColumns(src: Float32Array, w: number, n: number, r: number, sign: number, out: Float32Array): void {
  const k = 2 * r + 1;
  const len = n + 2 * r;
  const g = new Float32Array(len * w);
  const hh = new Float32Array(len * w);
  for (let q = 0, c = 0; q < len; q++) {
    const pad = q < r || q >= n + r;
    const s = (q - r) * w;
    const o = q * w;
    for (let x = 0; x < w; x++) {
      const v = pad ? -Infinity : sign * src[s + x];
      g[o + x] = c === 0 || g[o - w + x] < v ? v : g[o - w + x];
    }
    if (++c === k) c = 0;
  }
  for (let q = len - 1, m = len % k; q >= 0; q--) {
    const pad = q < r || q >= n + r;
    const s = (q - r) * w;
    const o = q * w;
    const first = q === len - 1 || m === 0;
    for (let x = 0; x < w; x++) {
      const v = pad ? -Infinity : sign * src[s + x];
      hh[o + x] = first || hh[o + w + x] < v ? v : hh[o + w + x];
    }
    m = m === 0 ? k - 1 : m - 1;
  }
  const lag = 2 * r * w;
  for (let i = 0; i < n * w; i++) {
    const a = hh[i];
    const b = g[i + lag];
    out[i] = sign * (a > b ? a : b);
  }
}

/**
 * Running maximum (sign 1) or minimum (sign -1) over [i - r, i + r] (clipped to the line) of the
 * n values src[off + i * stride], written to out at the same places: van Herk / Gil-Werman, three
 * comparisons per value whatever r (block prefix and suffix maxima of the line padded with -∞).
 */
function runMax(src: Float32Array, off: number, stride: number, n: number, r: number, sign: number, out: Float32Array, g: Float32Array, hh: Float32Array): void {
  const k = 2 * r + 1;
  const len = n + 2 * r;
  // Block starts are tracked by counters, not q % k: this runs for every pixel of every erosion.
  for (let q = 0, c = 0; q < len; q++) {
    const v = q < r || q >= n + r ? -Infinity : sign * src[off + (q - r) * stride];
    g[q] = c === 0 || g[q - 1] < v ? v : g[q - 1];
    if (++c === k) c = 0;
  }
  for (let q = len - 1, m = len % k; q >= 0; q--) {
    const v = q < r || q >= n + r ? -Infinity : sign * src[off + (q - r) * stride];
    hh[q] = q === len - 1 || m === 0 || hh[q + 1] < v ? v : hh[q + 1];
    m = m === 0 ? k - 1 : m - 1;
  }
  for (let i = 0; i < n; i++) {
    const a = hh[i];
    const b = g[i + 2 * r];
    out[off + i * stride] = sign * (a > b ? a : b);
  }
}

/**
 * Grey guided filter (He, Sun and Tang): smooths `p` while following the edges of `guide`, so a
 * coarse mask snaps to the photo's own edges. Radius r (box window), regulariser eps (guide units²).
 */
export function guidedFilter(p: Plane, guide: Plane, r: number, eps: number): Plane {
  const n = p.w * p.h;
  const ip = newPlane(p.w, p.h);
  const ii = newPlane(p.w, p.h);
  for (let i = 0; i < n; i++) {
    ip.d[i] = guide.d[i] * p.d[i];
    ii.d[i] = guide.d[i] * guide.d[i];
  }
  const mI = boxBlurPlane(guide, r);
  const mP = boxBlurPlane(p, r);
  const mIP = boxBlurPlane(ip, r);
  const mII = boxBlurPlane(ii, r);
  const a = ip;
  const b = ii;
  for (let i = 0; i < n; i++) {
    const varI = mII.d[i] - mI.d[i] * mI.d[i];
    a.d[i] = (mIP.d[i] - mI.d[i] * mP.d[i]) / (varI + eps);
    b.d[i] = mP.d[i] - a.d[i] * mI.d[i];
  }
  const mA = boxBlurPlane(a, r);
  const mB = boxBlurPlane(b, r);
  const out = newPlane(p.w, p.h);
  for (let i = 0; i < n; i++) out.d[i] = mA.d[i] * guide.d[i] + mB.d[i];
  return out;
}
