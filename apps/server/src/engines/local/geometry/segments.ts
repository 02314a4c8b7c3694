/**
 * Line segments of a photo, LSD-style (after von Gioi et al., "LSD: a Line Segment Detector",
 * IPOL 2012; written here from the paper's description): the level-line angle of a 2×2 gradient,
 * pixels visited from the strongest gradient down, regions grown over 8-neighbours whose angle
 * agrees within a tolerance, a rectangle fitted to each region by its gradient-weighted inertia,
 * and the rectangle kept when the number of aligned pixels in it is meaningful (NFA ≤ ε under
 * the a-contrario model). Regions too sparse for their rectangle are regrown with a tighter
 * tolerance, then cut back around their seed.
 *
 * Coordinates are continuous: pixel (i, j) covers [i, i+1] × [j, j+1], x right, y down.
 */
import { gaussianPlane } from '../pixels/filters.js';
import { resizePlane, type Plane } from '../pixels/image.js';
import { logBinomialTail } from './nfa.js';

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Width of the fitted rectangle, pixels. */
  width: number;
  /** −log10 NFA: larger is more meaningful (> 0 kept). */
  score: number;
}

export interface SegmentOptions {
  /** Angle tolerance of the region growing, radians (LSD: 22.5°). */
  tolerance?: number;
  /** Gaussian pre-blur against JPEG noise. */
  sigma?: number;
  /** Shorter segments are dropped, pixels. */
  minLength?: number;
  /** Gradient magnitudes below this (luminance 0–1 units) are never seeds nor members. */
  minGradient?: number;
  /** Work on the image scaled by this (≤ 1; LSD's "scale", blurred by sigma/scale first); segments come back in full-size coordinates. */
  scale?: number;
}

const NOT_USED = 0;
const USED = 1;
const BINS = 1024;
const TAU = Math.PI * 2;

export const segmentLength = (s: Segment) => Math.hypot(s.x2 - s.x1, s.y2 - s.y1);

/** Signed angle difference a − b wrapped into (−π, π]. */
function angleDiff(a: number, b: number): number {
  let d = a - b;
  while (d <= -Math.PI) d += TAU;
  while (d > Math.PI) d -= TAU;
  return d;
}

interface Rect {
  cx: number;
  cy: number;
  dx: number; // unit direction
  dy: number;
  theta: number; // level-line angle of the rectangle
  l0: number;
  l1: number;
  w0: number;
  w1: number;
}

/** Detects the line segments of a luminance plane (values 0–1). Deterministic. */
export function detectSegments(lum: Plane, opts: SegmentOptions = {}): Segment[] {
  const prec = opts.tolerance ?? Math.PI / 8;
  const p = prec / Math.PI;
  // Scaled: an area-average copy (the box is the anti-alias filter), then the usual light blur.
  const zoom = Math.min(1, opts.scale ?? 1);
  const small = zoom < 1 ? resizePlane(lum, Math.max(2, Math.round(lum.w * zoom)), Math.max(2, Math.round(lum.h * zoom))) : lum;
  const sigma = opts.sigma ?? 0.6;
  const src = sigma > 0 ? gaussianPlane(small, sigma) : small;
  const kx = small.w / lum.w;
  const ky = small.h / lum.h;
  const { w, h } = src;
  const gw = w - 1;
  const gh = h - 1;
  if (gw < 2 || gh < 2) return [];
  // Quantisation noise of 8-bit values over sin(τ) (LSD's ρ), in 0–1 units.
  const rho = opts.minGradient ?? 2 / 255 / Math.sin(prec);
  const d = src.d;
  const n = gw * gh;
  const co = new Float32Array(n);
  const si = new Float32Array(n);
  const mag = new Float32Array(n);
  const used = new Uint8Array(n);
  let maxMag = 0;
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const a = d[y * w + x];
      const b = d[y * w + x + 1];
      const c = d[(y + 1) * w + x];
      const e = d[(y + 1) * w + x + 1];
      const gx = b + e - a - c;
      const gy = c + e - a - b;
      const m = Math.sqrt(gx * gx + gy * gy) / 2;
      const i = y * gw + x;
      mag[i] = m;
      // Below ρ: no defined angle (cos = sin = 0, never aligned with anything).
      if (m <= rho) used[i] = USED;
      else {
        // cos/sin of the level-line angle atan2(gx, −gy): alignment tests become dot products.
        co[i] = -gy / (2 * m);
        si[i] = gx / (2 * m);
      }
      if (m > maxMag) maxMag = m;
    }
  }
  // Pseudo-ordering: pixels binned by magnitude, visited strongest first (ties in raster order).
  const order = binOrder(mag, used, maxMag);
  const logNT = (5 * (Math.log10(gw) + Math.log10(gh))) / 2 + Math.log10(11);
  const minRegion = Math.max(2, Math.round(-logNT / Math.log10(p)));
  const minLength = opts.minLength ?? 0;
  const region = new Int32Array(n);
  const out: Segment[] = [];

  for (let o = 0; o < order.length; o++) {
    const seed = order[o];
    if (used[seed] !== NOT_USED) continue;
    let size = growRegion(seed, co, si, used, gw, gh, prec, region);
    if (size < minRegion) continue;
    let rect = fitRect(region, size, mag, co, si, gw, prec);
    // Sparse region: regrow with the tolerance its own first pixels show, then cut back.
    if (density(rect, size) < 0.7) {
      const refined = refine(seed, region, size, rect, co, si, mag, used, gw, gh, prec);
      if (!refined) continue;
      size = refined.size;
      rect = refined.rect;
    }
    const score = -rectLogNfa(rect, co, si, gw, gh, prec, p, logNT);
    if (score <= 0) continue;
    const wc = (rect.w0 + rect.w1) / 2;
    const ox = rect.cx - rect.dy * wc;
    const oy = rect.cy + rect.dx * wc;
    const seg: Segment = {
      // +1: gradient sample (x, y) sits at the corner shared by pixels x..x+1, y..y+1.
      x1: ox + rect.dx * rect.l0 + 1,
      y1: oy + rect.dy * rect.l0 + 1,
      x2: ox + rect.dx * rect.l1 + 1,
      y2: oy + rect.dy * rect.l1 + 1,
      width: Math.max(1, rect.w1 - rect.w0),
      score,
    };
    if (zoom < 1) {
      seg.x1 /= kx;
      seg.y1 /= ky;
      seg.x2 /= kx;
      seg.y2 /= ky;
      seg.width /= zoom;
    }
    if (segmentLength(seg) >= minLength) out.push(seg);
  }
  return out;
}


function binOrder(mag: Float32Array, used: Uint8Array, maxMag: number): Int32Array {
  const n = mag.length;
  const counts = new Int32Array(BINS + 1);
  const bin = new Int32Array(n);
  const scale = maxMag > 0 ? (BINS - 1) / maxMag : 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (used[i]) {
      bin[i] = -1;
      continue;
    }
    const b = BINS - 1 - Math.floor(mag[i] * scale); // strongest in bin 0
    bin[i] = b;
    counts[b + 1]++;
    total++;
  }
  for (let b = 1; b <= BINS; b++) counts[b] += counts[b - 1];
  const order = new Int32Array(total);
  for (let i = 0; i < n; i++) if (bin[i] >= 0) order[counts[bin[i]]++] = i;
  return order;
}

/** Grows a region from `seed` over 8-neighbours aligned with the region's running angle. */
function growRegion(seed: number, co: Float32Array, si: Float32Array, used: Uint8Array, gw: number, gh: number, prec: number, region: Int32Array): number {
  let size = 1;
  region[0] = seed;
  used[seed] = USED;
  const cosPrec = Math.cos(prec);
  let sx = co[seed];
  let sy = si[seed];
  let rc = sx;
  let rs = sy;
  for (let i = 0; i < size; i++) {
    const q = region[i];
    const qx = q % gw;
    const qy = (q - qx) / gw;
    for (let yy = qy - 1; yy <= qy + 1; yy++) {
      if (yy < 0 || yy >= gh) continue;
      for (let xx = qx - 1; xx <= qx + 1; xx++) {
        if (xx < 0 || xx >= gw) continue;
        const r = yy * gw + xx;
        if (used[r] !== NOT_USED) continue;
        if (co[r] * rc + si[r] * rs < cosPrec) continue;
        used[r] = USED;
        region[size++] = r;
        sx += co[r];
        sy += si[r];
        const nn = Math.sqrt(sx * sx + sy * sy) || 1;
        rc = sx / nn;
        rs = sy / nn;
      }
    }
  }
  return size;
}

/** The rectangle of a region: gradient-weighted centroid and principal axis, extents of the pixels. */
function fitRect(region: Int32Array, size: number, mag: Float32Array, co: Float32Array, si: Float32Array, gw: number, prec: number): Rect {
  // One pass of raw moments (coordinates relative to the first pixel, for precision).
  const q0 = region[0];
  const x0 = q0 % gw;
  const y0 = (q0 - x0) / gw;
  let sw = 0;
  let mx = 0;
  let my = 0;
  let mxx = 0;
  let myy = 0;
  let mxy = 0;
  let sc = 0;
  let ss = 0;
  for (let i = 0; i < size; i++) {
    const q = region[i];
    const xa = q % gw;
    const x = xa - x0;
    const y = (q - xa) / gw - y0;
    const m = mag[q];
    sw += m;
    mx += m * x;
    my += m * y;
    mxx += m * x * x;
    myy += m * y * y;
    mxy += m * x * y;
    sc += co[q];
    ss += si[q];
  }
  const cxr = mx / sw;
  const cyr = my / sw;
  const cx = cxr + x0;
  const cy = cyr + y0;
  const ixx = mxx - sw * cxr * cxr;
  const iyy = myy - sw * cyr * cyr;
  const ixy = mxy - sw * cxr * cyr;
  // Major axis of the covariance [[ixx, ixy], [ixy, iyy]].
  let theta = 0.5 * Math.atan2(2 * ixy, ixx - iyy);
  const regAngle = Math.atan2(ss, sc);
  if (Math.abs(angleDiff(theta, regAngle)) > prec) theta += Math.PI;
  if (Math.abs(angleDiff(theta, regAngle)) > Math.PI / 2) theta += Math.PI; // keep the polarity of the region
  const dx = Math.cos(theta);
  const dy = Math.sin(theta);
  let l0 = Infinity;
  let l1 = -Infinity;
  let w0 = Infinity;
  let w1 = -Infinity;
  for (let i = 0; i < size; i++) {
    const q = region[i];
    const x = q % gw - cx;
    const y = (q - (q % gw)) / gw - cy;
    const l = x * dx + y * dy;
    const t = -x * dy + y * dx;
    if (l < l0) l0 = l;
    if (l > l1) l1 = l;
    if (t < w0) w0 = t;
    if (t > w1) w1 = t;
  }
  // Pixels are unit squares: the extents reach half a pixel beyond the outermost centres.
  return { cx, cy, dx, dy, theta: Math.atan2(dy, dx), l0: l0 - 0.5, l1: l1 + 0.5, w0: w0 - 0.5, w1: w1 + 0.5 };
}

const density = (r: Rect, size: number) => size / Math.max(1, (r.l1 - r.l0) * (r.w1 - r.w0));

function refine(
  seed: number,
  region: Int32Array,
  size: number,
  rect: Rect,
  co: Float32Array,
  si: Float32Array,
  mag: Float32Array,
  used: Uint8Array,
  gw: number,
  gh: number,
  prec: number,
): { size: number; rect: Rect } | null {
  // The angles of the pixels near the seed give a tighter tolerance.
  const sx = seed % gw;
  const sy = (seed - sx) / gw;
  const radius = (rect.w1 - rect.w0) / 2;
  const r2 = radius * radius;
  let sum = 0;
  let sum2 = 0;
  let cnt = 0;
  const c0 = co[seed];
  const s0 = si[seed];
  for (let i = 0; i < size; i++) {
    const q = region[i];
    const x = q % gw;
    const y = (q - x) / gw;
    if ((x - sx) * (x - sx) + (y - sy) * (y - sy) < r2) {
      const da = Math.atan2(si[q] * c0 - co[q] * s0, co[q] * c0 + si[q] * s0);
      sum += da;
      sum2 += da * da;
      cnt++;
    }
  }
  const mean = cnt ? sum / cnt : 0;
  const tau = Math.max(prec / 4, Math.min(prec, 2 * Math.sqrt(Math.max(0, sum2 / Math.max(1, cnt) - mean * mean))));
  for (let i = 0; i < size; i++) used[region[i]] = NOT_USED;
  size = growRegion(seed, co, si, used, gw, gh, tau, region);
  if (size < 2) return null;
  rect = fitRect(region, size, mag, co, si, gw, prec);
  // Still sparse: keep only the pixels within a shrinking radius of the seed (a few rounds).
  let rad = Math.hypot(rect.l1 - rect.l0, rect.w1 - rect.w0) / 2;
  for (let round = 0; density(rect, size) < 0.7; round++) {
    if (round >= 16) return null;
    rad *= 0.75;
    const rr = rad * rad;
    let k = 0;
    for (let i = 0; i < size; i++) {
      const q = region[i];
      const x = q % gw;
      const y = (q - x) / gw;
      if ((x - sx) * (x - sx) + (y - sy) * (y - sy) <= rr) region[k++] = q;
      else used[q] = NOT_USED;
    }
    if (k < 2) return null;
    size = k;
    rect = fitRect(region, size, mag, co, si, gw, prec);
  }
  return { size, rect };
}

/** log10 NFA of a rectangle: aligned pixels among all whose centre lies inside it. */
function rectLogNfa(r: Rect, co: Float32Array, si: Float32Array, gw: number, gh: number, prec: number, p: number, logNT: number): number {
  const { cx, cy, dx, dy } = r;
  const ex = [r.l0, r.l1].flatMap((l) => [r.w0, r.w1].map((t) => [cx + l * dx - t * dy, cy + l * dy + t * dx]));
  const x0 = Math.max(0, Math.floor(Math.min(...ex.map((e) => e[0]))));
  const x1 = Math.min(gw - 1, Math.ceil(Math.max(...ex.map((e) => e[0]))));
  const y0 = Math.max(0, Math.floor(Math.min(...ex.map((e) => e[1]))));
  const y1 = Math.min(gh - 1, Math.ceil(Math.max(...ex.map((e) => e[1]))));
  let total = 0;
  let aligned = 0;
  const tc = Math.cos(r.theta);
  const ts = Math.sin(r.theta);
  const cosPrec = Math.cos(prec);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const l = (x - cx) * dx + (y - cy) * dy;
      const t = -(x - cx) * dy + (y - cy) * dx;
      if (l < r.l0 || l > r.l1 || t < r.w0 || t > r.w1) continue;
      total++;
      const i = y * gw + x;
      if (co[i] * tc + si[i] * ts >= cosPrec) aligned++;
    }
  }
  return logNT + logBinomialTail(total, aligned, p);
}
