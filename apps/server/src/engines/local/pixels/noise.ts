import { hash2 } from './prng.js';

/** Gradient (Perlin-style) noise and friends, seeded, evaluated at any point. Range ~[-1, 1]. */

const GRAD_X = new Float32Array(256);
const GRAD_Y = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const a = (i / 256) * Math.PI * 2;
  GRAD_X[i] = Math.cos(a);
  GRAD_Y[i] = Math.sin(a);
}

function gradIndex(ix: number, iy: number, seed: number): number {
  let h = Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h ^= h >>> 13;
  return h & 255;
}

export function perlin(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const g00 = gradIndex(x0, y0, seed);
  const g10 = gradIndex(x0 + 1, y0, seed);
  const g01 = gradIndex(x0, y0 + 1, seed);
  const g11 = gradIndex(x0 + 1, y0 + 1, seed);
  const n00 = GRAD_X[g00] * fx + GRAD_Y[g00] * fy;
  const n10 = GRAD_X[g10] * (fx - 1) + GRAD_Y[g10] * fy;
  const n01 = GRAD_X[g01] * fx + GRAD_Y[g01] * (fy - 1);
  const n11 = GRAD_X[g11] * (fx - 1) + GRAD_Y[g11] * (fy - 1);
  const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
  const v = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
  const a = n00 + u * (n10 - n00);
  const b = n01 + u * (n11 - n01);
  return (a + v * (b - a)) * 1.41;
}

/** Value noise in [0, 1], cheaper and blockier than perlin. */
export function valueNoise(x: number, y: number, seed: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const u = fx * fx * (3 - 2 * fx);
  const v = fy * fy * (3 - 2 * fy);
  const a = hash2(x0, y0, seed);
  const b = hash2(x0 + 1, y0, seed);
  const c = hash2(x0, y0 + 1, seed);
  const d = hash2(x0 + 1, y0 + 1, seed);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Fractal sum of perlin octaves, ~[-1, 1]. */
export function fbm(x: number, y: number, seed: number, octaves = 5, lacunarity = 2, gain = 0.5): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    sum += amp * perlin(x * f, y * f, seed + o * 1013);
    norm += amp;
    amp *= gain;
    f *= lacunarity;
  }
  return sum / norm;
}

/** Ridged multifractal in [0, 1]: sharp crests, good for veins and cracks. */
export function ridged(x: number, y: number, seed: number, octaves = 4): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  let f = 1;
  for (let o = 0; o < octaves; o++) {
    const n = 1 - Math.abs(perlin(x * f, y * f, seed + o * 7919));
    sum += amp * n * n;
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

export interface CellSample {
  /** Distance to the nearest feature point. */
  f1: number;
  /** Distance to the second nearest. */
  f2: number;
  /** Integer id of the nearest cell. */
  id: number;
  /** Nearest feature point. */
  px: number;
  py: number;
}

/** Worley / cellular noise (jitter 0..1), writing into a reusable sample object. */
export function worley(x: number, y: number, seed: number, out: CellSample, jitter = 0.9): CellSample {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let f1 = 1e9;
  let f2 = 1e9;
  let id = 0;
  let px = 0;
  let py = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const cx = xi + dx;
      const cy = yi + dy;
      const fx = cx + 0.5 + (hash2(cx, cy, seed) - 0.5) * jitter;
      const fy = cy + 0.5 + (hash2(cx, cy, seed ^ 0x5bd1e995) - 0.5) * jitter;
      const ddx = fx - x;
      const ddy = fy - y;
      const d = Math.sqrt(ddx * ddx + ddy * ddy);
      if (d < f1) {
        f2 = f1;
        f1 = d;
        id = (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663)) >>> 0;
        px = fx;
        py = fy;
      } else if (d < f2) {
        f2 = d;
      }
    }
  }
  out.f1 = f1;
  out.f2 = f2;
  out.id = id;
  out.px = px;
  out.py = py;
  return out;
}

export function newCellSample(): CellSample {
  return { f1: 0, f2: 0, id: 0, px: 0, py: 0 };
}
