import { blurPlane } from './pixels/filters.js';
import { luminance, newPlane, resizePlane, type Plane, type Rgb } from './pixels/image.js';
import { perlin } from './pixels/noise.js';
import { mixSeed, mulberry32 } from './pixels/prng.js';
import type { EnhanceParams } from './tasks.js';

/**
 * The refine/upscale pass. It runs at the working resolution, the smaller of the source and the
 * output (cheaper than the output size, and the Lanczos upscale that follows carries every
 * change up): all of it works on luminance, so colours do not fringe.
 *
 * - clarity: large-radius local contrast, weighted to the mid-tones;
 * - AI strength: detail enhancement of the mid band (texture), plus a noise-gated part of the
 *   finest band;
 * - sharpness: an unsharp mask of the finest band (at the working resolution, so after the
 *   upscale its radius matches the detail the source really has);
 * - resemblance: how close to the source everything stays (it scales all of the above down);
 * - variations: a seeded look per seed and variation number that survives colour matching: the
 *   clarity radius, the balance of the detail bands, a soft dodge-and-burn light field and a
 *   tone curve;
 * - matchColor: a colour transfer back to the source's statistics in YCbCr: the brightness mean
 *   and the chroma mean and spread of the source (the enhanced contrast is kept).
 */
export function enhanceImage(src: Rgb, p: EnhanceParams, progress: (percent: number) => void = () => {}): Rgb {
  const { w, h } = src;
  const n = w * h;
  const rng = mulberry32(mixSeed(p.seed, p.variation, 'refine'));
  const level = (v: number) => Math.max(1, Math.min(50, Number.isFinite(v) ? v : 12)) / 50;
  const resemblance = level(p.resemblance ?? 12);
  const keep = 1 - resemblance * 0.6;

  // The seeded look of this variation.
  const look = {
    clarityRadius: 0.75 + rng() * 0.6,
    fine: 0.7 + rng() * 0.6,
    mid: 0.7 + rng() * 0.6,
    lightAngle: rng() * Math.PI * 2,
    lightAmount: (0.03 + rng() * 0.035) * (1 - resemblance * 0.5),
    lightSeed: Math.floor(rng() * 2 ** 31),
    curve: (rng() - 0.4) * 0.5 * keep,
    shadows: (rng() - 0.45) * 0.08 * keep,
    warm: (rng() - 0.5) * 0.05 * keep,
  };

  const clarity = level(p.clarity) * 0.9 * keep;
  const detail = level(p.aiStrength) * 1.6 * keep;
  const sharp = level(p.sharpness ?? 12) * 1.8;

  const L = luminance(src);
  progress(10);
  const local = blurPlane(L, (Math.max(w, h) / 70) * look.clarityRadius);
  progress(35);
  const b1 = blurPlane(L, 0.8);
  progress(55);
  const b2 = blurPlane(L, 2.6);
  progress(75);
  const light = lightField(w, h, look.lightAngle, look.lightSeed);
  progress(80);

  const out: Rgb = { w, h, d: new Float32Array(src.d.length) };
  const s = src.d;
  const d = out.d;
  const gate = 0.006;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const l = L.d[i];
    const fine = l - b1.d[i];
    const mid = b1.d[i] - b2.d[i];
    const midTone = 1 - (2 * l - 1) * (2 * l - 1);
    // Clarity (local contrast), detail (mid band + gated fine band), sharpness (fine band).
    // Soft-limited, so that strong edges get no halo (small local differences are what clarity lifts).
    const lc = l - local.d[i];
    let dl = (lc / (1 + Math.abs(lc) * 8)) * clarity * (0.35 + 0.65 * midTone);
    dl += mid * detail * look.mid + fine * (Math.abs(fine) / (Math.abs(fine) + gate)) * detail * 0.5 * look.fine;
    dl += fine * sharp;
    // The variation's look: a soft light field and a tone curve around the mid-grey.
    dl += light.d[i] * look.lightAmount;
    dl += (l - 0.5) * look.curve * midTone + look.shadows * (1 - l) * (1 - l) * l * 4;
    d[j] = s[j] + dl + look.warm;
    d[j + 1] = s[j + 1] + dl;
    d[j + 2] = s[j + 2] + dl - look.warm;
  }
  progress(90);
  if (p.matchColor) matchColorYcc(out, src);
  for (let i = 0; i < d.length; i++) d[i] = d[i] < 0 ? 0 : d[i] > 1 ? 1 : d[i];
  progress(100);
  return out;
}

/**
 * A zero-mean, smooth light field in about [-1, 1]: a gradient across the image at `angle` plus
 * broad seeded noise (dodge and burn), computed on a small grid and resized up.
 */
function lightField(w: number, h: number, angle: number, seed: number): Plane {
  const gw = Math.max(2, Math.min(48, Math.round(w / 32)));
  const gh = Math.max(2, Math.min(48, Math.round(h / 32)));
  const grid = newPlane(gw, gh);
  const cx = Math.cos(angle);
  const cy = Math.sin(angle);
  let sum = 0;
  for (let y = 0; y < gh; y++)
    for (let x = 0; x < gw; x++) {
      const u = x / (gw - 1) - 0.5;
      const v = y / (gh - 1) - 0.5;
      const value = (u * cx + v * cy) * 1.2 + perlin(u * 2.2 + 7.3, v * 2.2 + 3.1, seed) * 0.8;
      grid.d[y * gw + x] = value;
      sum += value;
    }
  const mean = sum / (gw * gh);
  for (let i = 0; i < grid.d.length; i++) grid.d[i] -= mean;
  return resizePlane(grid, w, h);
}

/**
 * Reinhard-style colour transfer in YCbCr (BT.601, a decorrelated space where the transfer is a
 * per-channel linear map): `img` gets the brightness mean and the chroma mean and spread of `ref`.
 * The means of Y, Cb and Cr together fix the mean RGB, so the mean colour returns to the
 * source's exactly (before clipping).
 */
export function matchColorYcc(img: Rgb, ref: Rgb): void {
  const a = yccStats(img);
  const b = yccStats(ref);
  const sCb = Math.max(0.5, Math.min(2, b.sd[1] / a.sd[1]));
  const sCr = Math.max(0.5, Math.min(2, b.sd[2] / a.sd[2]));
  const d = img.d;
  for (let j = 0; j < d.length; j += 3) {
    const r = d[j];
    const g = d[j + 1];
    const bl = d[j + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * bl - a.mean[0] + b.mean[0];
    const cb = (-0.168736 * r - 0.331264 * g + 0.5 * bl - a.mean[1]) * sCb + b.mean[1];
    const cr = (0.5 * r - 0.418688 * g - 0.081312 * bl - a.mean[2]) * sCr + b.mean[2];
    d[j] = y + 1.402 * cr;
    d[j + 1] = y - 0.344136 * cb - 0.714136 * cr;
    d[j + 2] = y + 1.772 * cb;
  }
}

function yccStats(img: Rgb): { mean: number[]; sd: number[] } {
  const d = img.d;
  const n = img.w * img.h;
  const step = Math.max(1, Math.floor(n / 250_000));
  const s = [0, 0, 0];
  const ss = [0, 0, 0];
  let c = 0;
  for (let i = 0; i < n; i += step) {
    const j = i * 3;
    const r = clamp01(d[j]);
    const g = clamp01(d[j + 1]);
    const bl = clamp01(d[j + 2]);
    const y = 0.299 * r + 0.587 * g + 0.114 * bl;
    const cb = -0.168736 * r - 0.331264 * g + 0.5 * bl;
    const cr = 0.5 * r - 0.418688 * g - 0.081312 * bl;
    s[0] += y;
    s[1] += cb;
    s[2] += cr;
    ss[0] += y * y;
    ss[1] += cb * cb;
    ss[2] += cr * cr;
    c++;
  }
  const mean = s.map((v) => v / c);
  const sd = ss.map((v, k) => Math.sqrt(Math.max(1e-8, v / c - mean[k] * mean[k])));
  return { mean, sd };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
