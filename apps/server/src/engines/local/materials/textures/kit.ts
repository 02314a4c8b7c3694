import type { Rgb3 } from '../../pixels/color.js';
import { fbm, newCellSample, valueNoise, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';

/**
 * Procedural material textures. A sampler is evaluated at any point (u, v) in centimetres,
 * so the same material renders as a 256 px swatch or as a façade texture of any size, with
 * no tile seams. `fw` is the footprint of one pixel in centimetres (for anti-aliased joints).
 * Output: out[0..2] albedo (sRGB 0..1), out[3] relief height (0..1), out[4] gloss (0..1).
 */
export type Sampler = (u: number, v: number, fw: number, out: Float32Array) => void;

export const SQRT1_2 = Math.SQRT1_2;

export function smooth(e0: number, e1: number, x: number): number {
  const t = x <= e0 ? 0 : x >= e1 ? 1 : (x - e0) / (e1 - e0);
  return t * t * (3 - 2 * t);
}

/** Coverage of a joint of half-width hw, given the distance d to the nearest cell edge. */
export function jointCover(d: number, hw: number, fw: number): number {
  const a = Math.max(0.05, fw * 0.6);
  return 1 - smooth(hw - a, hw + a, d);
}

export function mod(a: number, n: number): number {
  return a - n * Math.floor(a / n);
}

/** Scales a colour's brightness by k and nudges its warmth by t (-1..1). */
export function tone(c: Rgb3, k: number, t = 0): [number, number, number] {
  return [c[0] * k * (1 + t * 0.06), c[1] * k, c[2] * k * (1 - t * 0.06)];
}

export function write(out: Float32Array, r: number, g: number, b: number, height: number, gloss: number): void {
  out[0] = r < 0 ? 0 : r > 1 ? 1 : r;
  out[1] = g < 0 ? 0 : g > 1 ? 1 : g;
  out[2] = b < 0 ? 0 : b > 1 ? 1 : b;
  out[3] = height;
  out[4] = gloss;
}

export function mixInto(a: Rgb3 | number[], b: Rgb3 | number[], t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A cell of a regular pattern: local coordinates, size and a stable id. */
export interface Cell {
  lu: number;
  lv: number;
  w: number;
  h: number;
  id: number;
  /** 0 = stretcher/horizontal, 1 = header/vertical. */
  kind: number;
}

export const cell: Cell = { lu: 0, lv: 0, w: 0, h: 0, id: 0, kind: 0 };

export function cellId(a: number, b: number): number {
  return (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul((b | 0) + 7, 0x85ebca77)) >>> 0;
}

/** Running bond (offset = fraction of a unit per course). */
export function runningCell(u: number, v: number, cw: number, ch: number, offset: number): Cell {
  const row = Math.floor(v / ch);
  const off = mod(row * offset, 1) * cw;
  const col = Math.floor((u + off) / cw);
  cell.lu = u + off - col * cw;
  cell.lv = v - row * ch;
  cell.w = cw;
  cell.h = ch;
  cell.id = cellId(col, row);
  cell.kind = 0;
  return cell;
}

/** Herringbone of n:1 blocks of width s (axis aligned; rotate the input for 45°). */
export function herringboneCell(u: number, v: number, s: number, n: number): Cell {
  const x = Math.floor(u / s);
  const y = Math.floor(v / s);
  const d = mod(x - y, 2 * n);
  if (d < n) {
    const x0 = x - d;
    cell.lu = u - x0 * s;
    cell.lv = v - y * s;
    cell.w = n * s;
    cell.h = s;
    cell.id = cellId(x0, y * 3 + 1);
    cell.kind = 0;
  } else {
    const y0 = y - (2 * n - 1 - d);
    cell.lu = u - x * s;
    cell.lv = v - y0 * s;
    cell.w = s;
    cell.h = n * s;
    cell.id = cellId(x * 5 + 2, y0);
    cell.kind = 1;
  }
  return cell;
}

export function edgeDist(c: Cell): number {
  return Math.min(c.lu, c.w - c.lu, c.lv, c.h - c.lv);
}

/** Wood grain along `a` (the board's length), across `b`; returns 0 (light) .. 1 (dark). */
export function grain(a: number, b: number, id: number, seed: number): number {
  const s = seed + (id % 9973);
  const warp = fbm(a * 0.004, b * 0.04 + (id % 97), s, 3) * 5;
  const ring = b * 0.55 + warp + (id % 31) * 1.7;
  const rings = Math.pow(Math.abs(Math.sin(ring * 1.1)), 6);
  const fibre = valueNoise(a * 0.04, b * 2.2, s ^ 0x51) * 0.6 + valueNoise(a * 0.15, b * 6, s ^ 0x77) * 0.4;
  return Math.min(1, rings * 0.55 + fibre * 0.45);
}

export function knot(a: number, b: number, seed: number): number {
  const cs = newCellSample();
  worley(a * 0.012, b * 0.05, seed ^ 0x3c6ef372, cs, 0.8);
  if (hash2(cs.id, 11, seed) > 0.12) return 0;
  return 1 - smooth(0.05, 0.22, cs.f1);
}

export const cs = newCellSample();
