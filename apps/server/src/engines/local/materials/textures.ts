import { hex, type Rgb3 } from '../pixels/color.js';
import { fbm, newCellSample, perlin, ridged, valueNoise, worley } from '../pixels/noise.js';
import { hash2 } from '../pixels/prng.js';
import type { MaterialRecipe } from './recipes.js';

/**
 * Procedural material textures. A sampler is evaluated at any point (u, v) in centimetres,
 * so the same material renders as a 256 px swatch or as a façade texture of any size, with
 * no tile seams. `fw` is the footprint of one pixel in centimetres (for anti-aliased joints).
 * Output: out[0..2] albedo (sRGB 0..1), out[3] relief height (0..1), out[4] gloss (0..1).
 */
export type Sampler = (u: number, v: number, fw: number, out: Float32Array) => void;

const SQRT1_2 = Math.SQRT1_2;

function smooth(e0: number, e1: number, x: number): number {
  const t = x <= e0 ? 0 : x >= e1 ? 1 : (x - e0) / (e1 - e0);
  return t * t * (3 - 2 * t);
}

/** Coverage of a joint of half-width hw, given the distance d to the nearest cell edge. */
function jointCover(d: number, hw: number, fw: number): number {
  const a = Math.max(0.05, fw * 0.6);
  return 1 - smooth(hw - a, hw + a, d);
}

function mod(a: number, n: number): number {
  return a - n * Math.floor(a / n);
}

/** Scales a colour's brightness by k and nudges its warmth by t (-1..1). */
function tone(c: Rgb3, k: number, t = 0): [number, number, number] {
  return [c[0] * k * (1 + t * 0.06), c[1] * k, c[2] * k * (1 - t * 0.06)];
}

function write(out: Float32Array, r: number, g: number, b: number, height: number, gloss: number): void {
  out[0] = r < 0 ? 0 : r > 1 ? 1 : r;
  out[1] = g < 0 ? 0 : g > 1 ? 1 : g;
  out[2] = b < 0 ? 0 : b > 1 ? 1 : b;
  out[3] = height;
  out[4] = gloss;
}

function mixInto(a: Rgb3 | number[], b: Rgb3 | number[], t: number): [number, number, number] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** A cell of a regular pattern: local coordinates, size and a stable id. */
interface Cell {
  lu: number;
  lv: number;
  w: number;
  h: number;
  id: number;
  /** 0 = stretcher/horizontal, 1 = header/vertical. */
  kind: number;
}

const cell: Cell = { lu: 0, lv: 0, w: 0, h: 0, id: 0, kind: 0 };

function cellId(a: number, b: number): number {
  return (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul((b | 0) + 7, 0x85ebca77)) >>> 0;
}

/** Running bond (offset = fraction of a unit per course). */
function runningCell(u: number, v: number, cw: number, ch: number, offset: number): Cell {
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
function herringboneCell(u: number, v: number, s: number, n: number): Cell {
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

function edgeDist(c: Cell): number {
  return Math.min(c.lu, c.w - c.lu, c.lv, c.h - c.lv);
}

/** Wood grain along `a` (the board's length), across `b`; returns 0 (light) .. 1 (dark). */
function grain(a: number, b: number, id: number, seed: number): number {
  const s = seed + (id % 9973);
  const warp = fbm(a * 0.004, b * 0.04 + (id % 97), s, 3) * 5;
  const ring = b * 0.55 + warp + (id % 31) * 1.7;
  const rings = Math.pow(Math.abs(Math.sin(ring * 1.1)), 6);
  const fibre = valueNoise(a * 0.04, b * 2.2, s ^ 0x51) * 0.6 + valueNoise(a * 0.15, b * 6, s ^ 0x77) * 0.4;
  return Math.min(1, rings * 0.55 + fibre * 0.45);
}

function knot(a: number, b: number, seed: number): number {
  const cs = newCellSample();
  worley(a * 0.012, b * 0.05, seed ^ 0x3c6ef372, cs, 0.8);
  if (hash2(cs.id, 11, seed) > 0.12) return 0;
  return 1 - smooth(0.05, 0.22, cs.f1);
}

const cs = newCellSample();

export function makeSampler(recipe: MaterialRecipe, seed: number): Sampler {
  const s = seed >>> 0;
  switch (recipe.kind) {
    case 'brick':
      return brickSampler(recipe, s);
    case 'wood':
      return woodSampler(recipe, s);
    case 'marble':
      return marbleSampler(recipe, s);
    case 'concrete':
      return concreteSampler(recipe, s);
    case 'tile':
      return tileSampler(recipe, s);
    case 'terrazzo':
      return terrazzoSampler(recipe, s);
    case 'glass':
      return glassSampler(recipe, s);
    case 'metal':
      return metalSampler(recipe, s);
    case 'plaster':
      return plasterSampler(recipe, s);
    case 'stone':
      return stoneSampler(recipe, s);
    case 'landscape':
    case 'cityscape':
      // Backdrops are drawn as scenes; as a texture they fall back to a soft ground.
      return plasterSampler({ kind: 'plaster', finish: 'render', color: recipe.kind === 'landscape' ? '#6f8a4c' : '#8a8f96' }, s);
  }
}

function brickSampler(r: Extract<MaterialRecipe, { kind: 'brick' }>, seed: number): Sampler {
  const J = r.joint ?? 1;
  const L = (r.length ?? 21.5) + J;
  const H = (r.height ?? 6.5) + J;
  const c1 = hex(r.color);
  const c2 = hex(r.color2 ?? r.color);
  const mortar = hex(r.mortar);
  const varn = r.variation ?? 0.35;
  const gloss = r.glazed ? 0.55 : 0.05;
  return (u, v, fw, out) => {
    let c: Cell;
    switch (r.bond) {
      case 'stack':
        c = runningCell(u, v, L, H, 0);
        break;
      case 'english': {
        const row = Math.floor(v / H);
        if (row % 2 === 0) c = runningCell(u, v, L, H, 0);
        else {
          c = runningCell(u + L / 4, v, L / 2, H, 0);
          c.kind = 1;
        }
        break;
      }
      case 'flemish': {
        const row = Math.floor(v / H);
        const P = L * 1.5;
        const uu = u + (row % 2 === 0 ? 0 : P / 2 + L / 4);
        const p = mod(uu, P);
        const k = Math.floor(uu / P);
        cell.lv = v - row * H;
        cell.h = H;
        if (p < L) {
          cell.lu = p;
          cell.w = L;
          cell.kind = 0;
          cell.id = cellId(k * 2, row);
        } else {
          cell.lu = p - L;
          cell.w = L / 2;
          cell.kind = 1;
          cell.id = cellId(k * 2 + 1, row);
        }
        c = cell;
        break;
      }
      case 'herringbone': {
        const a = (u + v) * SQRT1_2;
        const b = (v - u) * SQRT1_2;
        c = herringboneCell(a, b, L / 2, 2);
        break;
      }
      case 'basketweave': {
        const S = L;
        const bx = Math.floor(u / S);
        const by = Math.floor(v / S);
        const lu = u - bx * S;
        const lv = v - by * S;
        if ((bx + by) % 2 === 0) {
          const k = Math.floor(lv / (S / 2));
          cell.lu = lu;
          cell.lv = lv - (k * S) / 2;
          cell.w = S;
          cell.h = S / 2;
          cell.id = cellId(bx * 2 + k, by);
        } else {
          const k = Math.floor(lu / (S / 2));
          cell.lu = lu - (k * S) / 2;
          cell.lv = lv;
          cell.w = S / 2;
          cell.h = S;
          cell.id = cellId(bx * 2 + k, by * 7 + 3);
        }
        c = cell;
        break;
      }
      default:
        c = runningCell(u, v, L, H, 0.5);
    }
    const id = c.id;
    const h1 = hash2(id, 1, seed);
    const h2 = hash2(id, 2, seed);
    const h3 = hash2(id, 3, seed);
    const rough = perlin(u * 0.9, v * 0.9, seed ^ 0x1234) * 0.25;
    const d = edgeDist(c) + rough * 0.5;
    const m = jointCover(d, J / 2, fw);
    // Brick body: per-brick tone, clinkers, burnt ends, fine sand texture.
    const base = c.kind === 1 || h3 > 0.93 ? c2 : c1;
    let k = 1 + (h1 - 0.5) * varn;
    if (h3 < 0.06) k *= 0.78;
    const ends = smooth(c.w * 0.3, 0, Math.min(c.lu, c.w - c.lu)) * 0.12 * h2;
    const tex = fbm(u * 0.12, v * 0.25, seed ^ 0x99, 3) * 0.07 + (hash2(Math.floor(u * 3), Math.floor(v * 3), seed) - 0.5) * 0.07;
    const warm = (h2 - 0.5) * varn;
    let col = tone(base, k * (1 - ends + tex), warm);
    if (r.painted) {
      const paint = smooth(-0.2, 0.25, fbm(u * 0.02, v * 0.05, seed ^ 0x777, 4));
      col = mixInto(col, tone(c1, 1.02 + tex * 0.3), 0.55 + paint * 0.4);
    }
    const mn = 1 + (hash2(Math.floor(u * 4), Math.floor(v * 4), seed ^ 0xabc) - 0.5) * 0.12 + fbm(u * 0.05, v * 0.05, seed ^ 0x55, 2) * 0.05;
    const mc = tone(r.painted ? c1 : mortar, mn * (r.painted ? 0.92 : 1));
    const bevel = smooth(J / 2, J / 2 + 0.8, d);
    write(
      out,
      col[0] + (mc[0] - col[0]) * m,
      col[1] + (mc[1] - col[1]) * m,
      col[2] + (mc[2] - col[2]) * m,
      (1 - m) * (0.55 + 0.45 * bevel) + tex * 0.5,
      gloss * (1 - m),
    );
  };
}

function woodSampler(r: Extract<MaterialRecipe, { kind: 'wood' }>, seed: number): Sampler {
  const light = hex(r.color);
  const dark = hex(r.dark);
  const W = r.width ?? (r.layout === 'slats' ? 4 : r.layout === 'parquet' ? 8 : r.layout === 'herringbone' ? 7 : 14);
  const varn = r.variation ?? 0.25;
  const g = r.grain ?? 0.8;
  const shade = (along: number, across: number, id: number, fw: number, edge: number, gap: number, height: number) => {
    const h1 = hash2(id, 5, seed);
    const h2 = hash2(id, 6, seed);
    const gr = grain(along, across, id, seed) * g + knot(along, across + id, seed) * 0.8;
    const k = 1 + (h1 - 0.5) * varn;
    const c = mixInto(light, dark, Math.min(1, gr * 0.75 + (h2 - 0.5) * varn));
    const m = jointCover(edge, gap / 2, fw);
    return { c: tone(c, k, (h2 - 0.5) * 0.6), m, height: height * (1 - m) };
  };
  return (u, v, fw, out) => {
    let along: number;
    let across: number;
    let id: number;
    let edge: number;
    let gap = 0.3;
    let gapColor: Rgb3 = tone(dark, 0.35);
    let height = 1;
    switch (r.layout) {
      case 'herringbone':
      case 'parquet': {
        let c: Cell;
        if (r.layout === 'herringbone') c = herringboneCell((u + v) * SQRT1_2, (v - u) * SQRT1_2, W, 5);
        else {
          const S = W * 3;
          const bx = Math.floor(u / S);
          const by = Math.floor(v / S);
          const lu = u - bx * S;
          const lv = v - by * S;
          const vert = (bx + by) % 2 === 0;
          const k = Math.floor((vert ? lu : lv) / W);
          cell.lu = vert ? lu - k * W : lu;
          cell.lv = vert ? lv : lv - k * W;
          cell.w = vert ? W : S;
          cell.h = vert ? S : W;
          cell.kind = vert ? 1 : 0;
          cell.id = cellId(bx * 3 + k, by * 11 + (vert ? 1 : 0));
          c = cell;
        }
        along = c.kind === 0 ? c.lu : c.lv;
        across = c.kind === 0 ? c.lv : c.lu;
        id = c.id;
        edge = edgeDist(c);
        gap = 0.25;
        break;
      }
      case 'chevron': {
        const Wc = W * 4;
        const col = Math.floor(u / Wc);
        const lu = u - col * Wc;
        const dir = col % 2 === 0 ? 1 : -1;
        const vv = v + dir * lu * 0.9;
        const row = Math.floor(vv / W);
        along = lu;
        across = vv - row * W;
        id = cellId(col, row);
        edge = Math.min(lu, Wc - lu, (across * 0.74) % W, (W - across) * 0.74);
        gap = 0.25;
        break;
      }
      case 'cladding':
      case 'slats':
      case 'charred': {
        const pitch = r.layout === 'slats' ? W + Math.min(W * 0.6, 1 + W * 0.05) : W;
        const col = Math.floor(u / pitch);
        const lu = u - col * pitch;
        const len = 300 + hash2(col, 9, seed) * 200;
        const off = hash2(col, 10, seed) * len;
        const row = Math.floor((v + off) / len);
        along = v + off - row * len;
        across = lu;
        id = cellId(col, row);
        if (r.layout === 'slats') {
          edge = Math.min(lu, W - lu, along, len - along);
          if (lu > W) edge = -1;
          gap = 0.001;
          gapColor = [0.06, 0.055, 0.05];
        } else {
          edge = Math.min(lu, pitch - lu, along * 3, (len - along) * 3);
          gap = 1.0;
          gapColor = [0.07, 0.06, 0.05];
        }
        break;
      }
      case 'shingles': {
        const rowH = 18;
        const row = Math.floor(v / rowH);
        const lv = v - row * rowH;
        // Shingles of varied width along the row.
        const unit = 6;
        const uu = u + hash2(row, 1, seed) * 50;
        const k = Math.floor(uu / unit);
        let start = k;
        while (start > k - 4 && hash2(start, row, seed) > 0.33) start--;
        let end = k + 1;
        while (end < k + 5 && hash2(end, row, seed) > 0.33) end++;
        along = lv;
        across = uu - start * unit;
        id = cellId(start, row);
        edge = Math.min(across, (end - start) * unit - across) * 2;
        height = 0.5 + (lv / rowH) * 0.5;
        gap = 0.5;
        const shadow = smooth(rowH * 0.25, 0, lv);
        const sh = shade(along, across, id, fw, edge, gap, height);
        const c = tone(mixInto(sh.c, gapColor, sh.m), 1 - shadow * 0.45);
        write(out, c[0], c[1], c[2], sh.height, 0.05);
        return;
      }
      default: {
        const row = Math.floor(v / W);
        const len = 90 + hash2(row, 3, seed) * 110;
        const off = hash2(row, 4, seed) * len;
        const col = Math.floor((u + off) / len);
        along = u + off - col * len;
        across = v - row * W;
        id = cellId(col, row);
        edge = Math.min(across, W - across, along, len - along);
      }
    }
    const sh = shade(along, across, id, fw, edge, gap, height);
    let c = sh.c;
    let gl = 0.12;
    if (r.layout === 'charred') {
      worley(u * 0.12, v * 0.05, seed ^ 0x2f, cs, 0.9);
      const crack = 1 - smooth(0.0, 0.08, cs.f2 - cs.f1);
      const scale = 0.55 + hash2(cs.id, 1, seed) * 0.3;
      c = mixInto(tone(c, scale), [0.33, 0.31, 0.3], crack * 0.6);
      gl = 0.25 * (1 - crack);
    }
    const m = edge < 0 ? 1 : sh.m;
    write(out, c[0] + (gapColor[0] - c[0]) * m, c[1] + (gapColor[1] - c[1]) * m, c[2] + (gapColor[2] - c[2]) * m, sh.height, gl);
  };
}

function marbleSampler(r: Extract<MaterialRecipe, { kind: 'marble' }>, seed: number): Sampler {
  const base = hex(r.base);
  const vein = hex(r.vein);
  const vein2 = hex(r.vein2 ?? r.vein);
  const cloud = hex(r.cloud ?? r.base);
  const freq = (r.veins ?? 3) / 100;
  const turb = r.turbulence ?? 6;
  const slab = r.slab ?? 0;
  const angle = hash2(1, 2, seed) * Math.PI;
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  return (u, v, fw, out) => {
    let m = 0;
    let su = u;
    let sv = v;
    let sid = 0;
    if (slab > 0) {
      const c = runningCell(u, v, slab, slab / 2, 0);
      m = jointCover(edgeDist(c), 0.15, fw);
      sid = c.id;
      su = u + (sid % 1000);
      sv = v + ((sid >> 10) % 1000);
    }
    // Main veins: a warped stripe field; their width and presence wander along them.
    const warp = fbm(su * 0.005, sv * 0.005, seed, 5) * turb * 0.6;
    const t = (su * ca + sv * sa) * freq + warp;
    const width = 0.025 + 0.06 * (0.5 + 0.5 * fbm(su * 0.01, sv * 0.01, seed ^ 0x13, 2));
    const presence = smooth(-0.35, 0.25, fbm(su * 0.004, sv * 0.004, seed ^ 0x14, 3));
    const main = smooth(1 - width, 1, 1 - Math.abs(Math.sin(t * Math.PI))) * presence;
    // A softer halo around the main veins.
    const halo = smooth(1 - width * 5, 1, 1 - Math.abs(Math.sin(t * Math.PI))) * presence * 0.35;
    // Secondary hairline veins crossing at another angle, with their own warp.
    const warp2 = fbm(su * 0.009 + 7, sv * 0.009, seed ^ 0x5a, 4) * turb * 0.8;
    const t2 = (su * sa - sv * ca) * freq * 1.7 + warp2;
    const thin = smooth(0.985, 1, 1 - Math.abs(Math.sin(t2 * Math.PI))) * smooth(-0.1, 0.4, fbm(su * 0.006, sv * 0.006, seed ^ 0x15, 3));
    const cl = smooth(-0.3, 0.5, fbm(su * 0.004, sv * 0.004, seed ^ 0x77, 4));
    let c = mixInto(base, cloud, cl * 0.6);
    c = mixInto(c, vein2, Math.min(1, halo + thin * 0.8));
    c = mixInto(c, vein, Math.min(1, main * 0.9));
    const fine = (hash2(Math.floor(su * 4), Math.floor(sv * 4), seed) - 0.5) * 0.02;
    c = tone(c, 1 + fine);
    const jc: Rgb3 = tone(base, 0.75);
    write(out, c[0] + (jc[0] - c[0]) * m, c[1] + (jc[1] - c[1]) * m, c[2] + (jc[2] - c[2]) * m, 1 - m * 0.5, 0.7 * (1 - m));
  };
}

function concreteSampler(r: Extract<MaterialRecipe, { kind: 'concrete' }>, seed: number): Sampler {
  const base = hex(r.color);
  const alt = hex(r.color2 ?? r.color);
  return (u, v, fw, out) => {
    const mottle = fbm(u * 0.012, v * 0.012, seed, 4) * 0.07 + fbm(u * 0.08, v * 0.08, seed ^ 0x11, 3) * 0.035;
    const speck = (hash2(Math.floor(u * 3), Math.floor(v * 3), seed ^ 0x22) - 0.5) * 0.07;
    let k = 1 + mottle + speck;
    let height = 0.7 + mottle * 2;
    let m = 0;
    let jcol: Rgb3 = tone(base, 0.6);
    let col: [number, number, number] = [base[0], base[1], base[2]];
    let gloss = 0.05;
    switch (r.finish) {
      case 'board-formed': {
        const bh = 12;
        const row = Math.floor(v / bh);
        const lv = v - row * bh;
        const id = cellId(row, Math.floor((u + hash2(row, 1, seed) * 240) / 240));
        k += (hash2(id, 2, seed) - 0.5) * 0.1 + (grain(u, lv, id, seed) - 0.4) * 0.12;
        m = jointCover(Math.min(lv, bh - lv), 0.25, fw) * 0.6;
        jcol = tone(base, 0.78);
        break;
      }
      case 'panels': {
        const c = runningCell(u, v, 240, 120, 0);
        const id = c.id;
        k += (hash2(id, 3, seed) - 0.5) * 0.08;
        // Water staining: vertical streaks.
        k -= Math.max(0, fbm(u * 0.08, v * 0.004, seed ^ 0x33, 3)) * 0.12;
        m = jointCover(edgeDist(c), 0.4, fw);
        // Tie holes on a 60 x 60 grid.
        const hx = mod(c.lu - 30, 60) - 30;
        const hy = mod(c.lv - 30, 60) - 30;
        const hole = 1 - smooth(1.1, 1.4 + fw * 0.5, Math.hypot(hx, hy));
        k *= 1 - hole * 0.45;
        height -= hole * 0.5;
        break;
      }
      case 'exposed-aggregate': {
        worley(u * 0.7, v * 0.7, seed ^ 0x44, cs, 1);
        const pebble = smooth(0.05, 0.02, cs.f2 - cs.f1 - 0.12);
        const inside = 1 - pebble;
        const hp = hash2(cs.id, 4, seed);
        const pc = mixInto(alt, [0.8, 0.74, 0.66], hp);
        col = mixInto(tone(base, 0.85), tone(pc, 0.85 + hp * 0.3), inside * 0.9);
        height = inside * (0.6 + 0.4 * smooth(0, 0.3, cs.f2 - cs.f1));
        break;
      }
      case 'polished': {
        worley(u * 1.2, v * 1.2, seed ^ 0x45, cs, 1);
        const chip = hash2(cs.id, 1, seed) < 0.35 ? smooth(0.12, 0.16, cs.f2 - cs.f1) : 0;
        col = mixInto(base, alt, chip * 0.7);
        gloss = 0.5;
        k = 1 + mottle * 1.3 + speck * 0.4;
        break;
      }
      case 'blocks': {
        const c = runningCell(u, v, 40, 20, 0.5);
        m = jointCover(edgeDist(c), 0.5, fw);
        k += (hash2(c.id, 1, seed) - 0.5) * 0.1 + (hash2(Math.floor(u * 5), Math.floor(v * 5), seed) - 0.5) * 0.1;
        break;
      }
      case 'rough': {
        const b = ridged(u * 0.15, v * 0.15, seed ^ 0x66, 4);
        k += (b - 0.5) * 0.25;
        height = b;
        break;
      }
      default: {
        // Bugholes, sparse.
        worley(u * 0.35, v * 0.35, seed ^ 0x55, cs, 1);
        const hole = hash2(cs.id, 7, seed) < 0.25 ? 1 - smooth(0.04, 0.08, cs.f1) : 0;
        k *= 1 - hole * 0.35;
        height -= hole * 0.4;
      }
    }
    const c = tone(col, k);
    write(out, c[0] + (jcol[0] - c[0]) * m, c[1] + (jcol[1] - c[1]) * m, c[2] + (jcol[2] - c[2]) * m, height * (1 - m * 0.7), gloss);
  };
}

function hexCell(u: number, v: number, size: number): { d: number; id: number } {
  // Pointy-top hexagons of circumradius `size`.
  const q = ((Math.sqrt(3) / 3) * u - (1 / 3) * v) / size;
  const rr = ((2 / 3) * v) / size;
  let x = q;
  const z = rr;
  let y = -x - z;
  let rx = Math.round(x);
  let ry = Math.round(y);
  let rz = Math.round(z);
  const dx = Math.abs(rx - x);
  const dy = Math.abs(ry - y);
  const dz = Math.abs(rz - z);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy > dz) ry = -rx - rz;
  else rz = -rx - ry;
  const cx = size * Math.sqrt(3) * (rx + rz / 2);
  const cy = size * 1.5 * rz;
  x = Math.abs(u - cx);
  y = Math.abs(v - cy);
  // Distance to the hexagon edge (inradius - hex distance).
  const inr = (size * Math.sqrt(3)) / 2;
  const hd = Math.max(x, x * 0.5 + y * (Math.sqrt(3) / 2));
  return { d: inr - hd, id: cellId(rx, rz) };
}

function tileSampler(r: Extract<MaterialRecipe, { kind: 'tile' }>, seed: number): Sampler {
  const c1 = hex(r.color);
  const c2 = hex(r.color2 ?? r.color);
  const grout = hex(r.grout);
  const glaze = r.glaze ?? 0.5;
  const varn = r.variation ?? 0.08;
  const size = r.size ?? (r.layout === 'mosaic' ? 2.5 : r.layout === 'subway' ? 15 : r.layout === 'large-format' ? 60 : r.layout === 'hexagon' ? 8 : 20);
  const G = r.layout === 'large-format' ? 0.2 : r.layout === 'mosaic' ? 0.25 : 0.35;
  return (u, v, fw, out) => {
    let d: number;
    let id: number;
    let lu = 0;
    let lv = 0;
    let w = size;
    let h = size;
    let alt = false;
    switch (r.layout) {
      case 'subway': {
        const c = runningCell(u, v, size, size / 2, 0.5);
        d = edgeDist(c);
        id = c.id;
        lu = c.lu;
        lv = c.lv;
        w = c.w;
        h = c.h;
        break;
      }
      case 'large-format': {
        const c = runningCell(u, v, size * 2, size, 0.5);
        d = edgeDist(c);
        id = c.id;
        lu = c.lu;
        lv = c.lv;
        w = c.w;
        h = c.h;
        break;
      }
      case 'herringbone': {
        const c = herringboneCell(u, v, size / 3, 3);
        d = edgeDist(c);
        id = c.id;
        lu = c.lu;
        lv = c.lv;
        w = c.w;
        h = c.h;
        break;
      }
      case 'hexagon': {
        const hc = hexCell(u, v, size / 2);
        d = hc.d;
        id = hc.id;
        lu = d;
        lv = d;
        break;
      }
      case 'fish-scale': {
        const R = size / 2;
        const row0 = Math.floor(v / R);
        d = -1;
        id = 0;
        for (let row = row0 + 1; row >= row0 - 2; row--) {
          const off = row % 2 === 0 ? 0 : R;
          const col = Math.round((u - off) / (2 * R));
          const cx = col * 2 * R + off;
          const cy = row * R;
          const dist = Math.hypot(u - cx, v - cy);
          if (dist < R && v >= cy - R * 0.05) {
            d = R - dist;
            id = cellId(col, row);
            lu = u - cx + R;
            lv = v - cy;
            break;
          }
        }
        break;
      }
      default: {
        const c = runningCell(u, v, size, size, 0);
        d = edgeDist(c);
        id = c.id;
        lu = c.lu;
        lv = c.lv;
        const col = Math.floor(u / size);
        const row = Math.floor(v / size);
        alt = r.layout === 'checker' && (col + row) % 2 !== 0;
      }
    }
    const h1 = hash2(id, 1, seed);
    const h2 = hash2(id, 2, seed);
    let base: Rgb3 = alt ? c2 : c1;
    if (r.layout === 'mosaic') base = mixInto(c1, c2, h2 > 0.6 ? 1 : h2 > 0.3 ? 0.5 : 0) as Rgb3;
    let k = 1 + (h1 - 0.5) * varn * 2;
    if (r.layout === 'zellige') k += fbm(u * 0.2, v * 0.2, seed ^ id, 3) * 0.18;
    if (r.layout === 'large-format') k += fbm(u * 0.01, v * 0.01, seed ^ 0x3, 4) * 0.06 + (hash2(Math.floor(u * 2), Math.floor(v * 2), seed) - 0.5) * 0.03;
    // Glaze sheen: a soft highlight toward one corner of each tile.
    const sheen = glaze * 0.05 * (1 - Math.min(1, (lu / w + lv / h) * 0.7));
    const c = tone(base, k + sheen, (h2 - 0.5) * varn * 3);
    const rough = r.layout === 'zellige' ? perlin(u * 0.6, v * 0.6, seed) * 0.3 : 0;
    const m = jointCover(d + rough, G / 2, fw);
    const bevel = smooth(G / 2, G / 2 + Math.min(0.8, size * 0.05), d);
    const gn = 1 + (hash2(Math.floor(u * 6), Math.floor(v * 6), seed) - 0.5) * 0.1;
    const gc = tone(grout, gn);
    write(out, c[0] + (gc[0] - c[0]) * m, c[1] + (gc[1] - c[1]) * m, c[2] + (gc[2] - c[2]) * m, (1 - m) * (0.6 + 0.4 * bevel), glaze * (1 - m));
  };
}

function terrazzoSampler(r: Extract<MaterialRecipe, { kind: 'terrazzo' }>, seed: number): Sampler {
  const base = hex(r.base);
  const chips = r.chips.map(hex);
  const size = r.chipSize ?? 1.6;
  const density = r.density ?? 0.45;
  const small = newCellSample();
  return (u, v, _fw, out) => {
    let c: [number, number, number] = tone(base, 1 + fbm(u * 0.03, v * 0.03, seed, 3) * 0.04 + (hash2(Math.floor(u * 8), Math.floor(v * 8), seed) - 0.5) * 0.06);
    worley(u / size, v / size, seed ^ 0x71, cs, 1);
    const h = hash2(cs.id, 1, seed);
    if (h < density) {
      const inside = smooth(0.05, 0.12, cs.f2 - cs.f1 - 0.08 - hash2(cs.id, 2, seed) * 0.15);
      const chip = chips[Math.floor(hash2(cs.id, 3, seed) * chips.length)];
      c = mixInto(c, tone(chip, 0.9 + hash2(cs.id, 4, seed) * 0.2), inside);
    }
    worley((u * 2.7) / size, (v * 2.7) / size, seed ^ 0x72, small, 1);
    if (hash2(small.id, 1, seed) < density * 0.8) {
      const inside = smooth(0.05, 0.12, small.f2 - small.f1 - 0.15);
      const chip = chips[Math.floor(hash2(small.id, 3, seed) * chips.length)];
      c = mixInto(c, chip, inside * 0.95);
    }
    write(out, c[0], c[1], c[2], 0.9, 0.55);
  };
}

/** A simple reflected sky for glazing: gradient + clouds, varying per panel. */
function reflection(u: number, v: number, panel: number, seed: number): [number, number, number] {
  const tilt = (hash2(panel, 1, seed) - 0.5) * 40;
  const y = mod(v + tilt, 900) / 900;
  const top: Rgb3 = [0.38, 0.52, 0.68];
  const bottom: Rgb3 = [0.72, 0.78, 0.84];
  let c = mixInto(top, bottom, y);
  const cl = smooth(0.05, 0.45, fbm((u + tilt * 3) * 0.004, (v + tilt) * 0.009, seed ^ 0x31, 5));
  c = mixInto(c, [0.9, 0.91, 0.92], cl * 0.75);
  return c;
}

function glassSampler(r: Extract<MaterialRecipe, { kind: 'glass' }>, seed: number): Sampler {
  const tint = hex(r.tint);
  const frame = hex(r.frame);
  const PW = r.panelWidth ?? (r.layout === 'grid' ? 90 : r.layout === 'channel' ? 26 : 150);
  const PH = r.panelHeight ?? (r.layout === 'grid' ? 120 : r.layout === 'channel' ? 600 : 330);
  const F = r.layout === 'grid' ? 7 : r.layout === 'channel' ? 0.8 : r.layout === 'mirror' ? 2.5 : 5;
  return (u, v, fw, out) => {
    const c = runningCell(u, v, PW, PH, 0);
    const m = jointCover(edgeDist(c), F / 2, fw);
    const panel = c.id;
    let g: [number, number, number];
    let gloss = 0.9;
    switch (r.layout) {
      case 'frosted': {
        const n = fbm(u * 0.05, v * 0.05, seed, 3) * 0.04 + (hash2(Math.floor(u * 5), Math.floor(v * 5), seed) - 0.5) * 0.03;
        g = tone(mixInto(tint, [0.9, 0.92, 0.93], 0.6), 1 + n);
        gloss = 0.3;
        break;
      }
      case 'channel': {
        const x = c.lu / PW;
        const profile = 0.8 + 0.2 * Math.pow(Math.abs(x - 0.5) * 2, 3);
        const streak = fbm(u * 0.4, v * 0.01, seed, 3) * 0.06;
        g = tone(mixInto(tint, [0.86, 0.9, 0.88], 0.55), profile + streak);
        gloss = 0.5;
        break;
      }
      case 'fritted': {
        const refl = reflection(u, v, panel, seed);
        const dens = 0.25 + 0.5 * (c.lv / PH);
        const px = mod(u, 1.6) - 0.8;
        const py = mod(v, 1.6) - 0.8;
        const dot = 1 - smooth(dens * 0.7 - fw * 0.3, dens * 0.7 + fw * 0.3, Math.hypot(px, py));
        g = mixInto([tint[0] * refl[0], tint[1] * refl[1], tint[2] * refl[2]].map((x) => x * 1.4) as Rgb3, [0.88, 0.88, 0.86], dot);
        break;
      }
      default: {
        const refl = reflection(u, v, panel, seed);
        const k = r.layout === 'mirror' ? 1.5 : 1.25;
        // Floor slabs behind the glass read as darker spandrel bands.
        const slab = r.layout === 'curtain-wall' ? smooth(0, 2, c.lv) * smooth(0, 2, 40 - c.lv) * 0.25 : 0;
        const inside = r.layout === 'mirror' ? 0 : 0.12 * (0.6 + fbm(u * 0.01, v * 0.02, seed ^ 0x8, 2));
        g = [
          tint[0] * refl[0] * k * (1 - slab) + inside * 0.3,
          tint[1] * refl[1] * k * (1 - slab) + inside * 0.3,
          tint[2] * refl[2] * k * (1 - slab) + inside * 0.3,
        ];
      }
    }
    const fc = tone(frame, 1 + (hash2(Math.floor(u), Math.floor(v), seed) - 0.5) * 0.04);
    write(out, g[0] + (fc[0] - g[0]) * m, g[1] + (fc[1] - g[1]) * m, g[2] + (fc[2] - g[2]) * m, m > 0.5 ? 1 : 0.5, gloss * (1 - m));
  };
}

function metalSampler(r: Extract<MaterialRecipe, { kind: 'metal' }>, seed: number): Sampler {
  const c1 = hex(r.color);
  const c2 = hex(r.color2 ?? r.color);
  const size = r.size ?? 0;
  return (u, v, fw, out) => {
    let k = 1;
    let height = 0.5;
    let gloss = 0.45;
    let col: [number, number, number] = [c1[0], c1[1], c1[2]];
    let m = 0;
    let jc: Rgb3 = tone(c1, 0.4);
    switch (r.finish) {
      case 'standing-seam': {
        const P = size || 45;
        const col0 = Math.floor(u / P);
        const x = u - col0 * P;
        const seam = Math.min(x, P - x);
        height = 0.5 + 0.5 * (1 - smooth(0.6, 1.4, seam));
        // Light from the left: one side of the seam bright, the other dark.
        const side = x < P / 2 ? -1 : 1;
        k = 1 - (1 - smooth(0.5, 1.6, seam)) * 0.25 * side + (hash2(col0, 1, seed) - 0.5) * 0.05;
        k += valueNoise(u * 0.5, v * 0.02, seed) * 0.04 - 0.02;
        k += fbm(u * 0.01, v * 0.003, seed ^ 0x9, 2) * 0.06;
        break;
      }
      case 'corrugated': {
        const P = size || 7.6;
        const ph = (u / P) * Math.PI * 2;
        k = 0.82 + 0.2 * Math.cos(ph - 0.8) + fbm(u * 0.01, v * 0.01, seed, 2) * 0.05;
        height = 0.5 + 0.5 * Math.sin(ph);
        const c = runningCell(u, v, 100, 300, 0.5);
        m = jointCover(Math.min(c.lv, c.h - c.lv), 0.2, fw) * 0.5;
        break;
      }
      case 'perforated': {
        const P = size || 1.5;
        const row = Math.floor(v / P);
        const px = mod(u + (row % 2) * (P / 2), P) - P / 2;
        const py = mod(v, P) - P / 2;
        const hole = 1 - smooth(P * 0.28 - fw * 0.5, P * 0.28 + fw * 0.5, Math.hypot(px, py));
        const c = runningCell(u, v, 120, 240, 0);
        m = Math.max(hole * 0.9, jointCover(edgeDist(c), 0.5, fw));
        jc = [0.08, 0.08, 0.09];
        k = 1 + fbm(u * 0.01, v * 0.01, seed, 2) * 0.05 + (hash2(c.id, 1, seed) - 0.5) * 0.05;
        break;
      }
      case 'brushed':
        k = 0.95 + valueNoise(u * 0.03, v * 6, seed) * 0.08 + valueNoise(u * 0.2, v * 20, seed ^ 1) * 0.04 + fbm(u * 0.005, v * 0.01, seed, 2) * 0.05;
        gloss = 0.6;
        break;
      case 'panels':
      case 'corten':
      case 'patina':
      case 'galvanized': {
        const PW = size || 100;
        const c = runningCell(u, v, PW, PW * (r.finish === 'panels' ? 3 : 2), r.finish === 'panels' ? 0 : 0.5);
        m = jointCover(edgeDist(c), 0.7, fw);
        jc = [0.1, 0.1, 0.1];
        k = 1 + (hash2(c.id, 1, seed) - 0.5) * 0.08 + fbm(u * 0.006, v * 0.006, seed ^ c.id, 3) * 0.05;
        if (r.finish === 'corten') {
          const blot = fbm(u * 0.02, v * 0.02, seed ^ 0x21, 5);
          const streak = fbm(u * 0.1, v * 0.004, seed ^ 0x22, 3);
          col = mixInto(c1, c2, smooth(-0.4, 0.5, blot + streak * 0.5));
          k += (hash2(Math.floor(u * 2), Math.floor(v * 2), seed) - 0.5) * 0.12;
          gloss = 0.05;
        } else if (r.finish === 'patina') {
          const p = smooth(-0.2, 0.4, fbm(u * 0.015, v * 0.02, seed ^ 0x23, 5) + fbm(u * 0.2, v * 0.01, seed ^ 0x24, 2) * 0.4);
          col = mixInto(c1, c2, p);
          gloss = 0.15;
        } else if (r.finish === 'galvanized') {
          worley(u * 0.25, v * 0.25, seed ^ 0x25, cs, 1);
          k += (hash2(cs.id, 2, seed) - 0.5) * 0.16;
          gloss = 0.35;
        }
        break;
      }
      case 'mesh': {
        const P = size || 2;
        const a = mod((u + v) * SQRT1_2, P) - P / 2;
        const b = mod((u - v) * SQRT1_2, P) - P / 2;
        const wire = Math.max(1 - smooth(0.12, 0.12 + fw, Math.abs(a)), 1 - smooth(0.12, 0.12 + fw, Math.abs(b)));
        m = 1 - wire;
        jc = tone(c2, 0.3);
        k = 1 + 0.2 * (Math.abs(a) < 0.12 ? 1 : -0.5);
        break;
      }
      case 'louvres': {
        const P = size || 15;
        const y = mod(v, P) / P;
        const fin = y < 0.75;
        k = fin ? 0.75 + 0.35 * (1 - y / 0.75) : 0.15;
        height = fin ? 1 - y : 0;
        break;
      }
      case 'diamond-plate': {
        const P = 3;
        const col0 = Math.floor(u / P);
        const row0 = Math.floor(v / P);
        const x = u - col0 * P - P / 2;
        const y = v - row0 * P - P / 2;
        const rot = (col0 + row0) % 2 === 0 ? 1 : -1;
        const a = (x + rot * y) * SQRT1_2;
        const b = (y - rot * x) * SQRT1_2;
        const dia = 1 - smooth(0.2, 0.35, Math.max(Math.abs(a) / 1.2, Math.abs(b) / 0.18) - 0.8);
        height = 0.3 + 0.7 * dia;
        k = 0.9 + dia * 0.25 * (b > 0 ? 1 : 0.4) + valueNoise(u * 0.05, v * 3, seed) * 0.06;
        gloss = 0.6;
        break;
      }
      case 'grating': {
        const bar = 1 - smooth(0.25, 0.25 + fw, Math.abs(mod(u, 3) - 1.5));
        const cross = 1 - smooth(0.3, 0.3 + fw, Math.abs(mod(v, 10) - 5));
        const metal = Math.max(bar, cross);
        m = 1 - metal;
        jc = [0.04, 0.04, 0.045];
        height = metal;
        break;
      }
    }
    const c = tone(col, k);
    write(out, c[0] + (jc[0] - c[0]) * m, c[1] + (jc[1] - c[1]) * m, c[2] + (jc[2] - c[2]) * m, height * (1 - m), gloss * (1 - m));
  };
}

function plasterSampler(r: Extract<MaterialRecipe, { kind: 'plaster' }>, seed: number): Sampler {
  const c1 = hex(r.color);
  const c2 = hex(r.color2 ?? r.color);
  return (u, v, _fw, out) => {
    let k = 1;
    let t = 0;
    let height = 0.5;
    let gloss = 0.05;
    switch (r.finish) {
      case 'smooth':
        k = 1 + fbm(u * 0.01, v * 0.01, seed, 3) * 0.03 + (hash2(Math.floor(u * 4), Math.floor(v * 4), seed) - 0.5) * 0.02;
        break;
      case 'render': {
        const n = valueNoise(u * 2, v * 2, seed) - 0.5;
        k = 1 + n * 0.1 + fbm(u * 0.015, v * 0.015, seed ^ 2, 3) * 0.04;
        height = 0.5 + n;
        break;
      }
      case 'stucco': {
        const warp = fbm(u * 0.02, v * 0.02, seed, 3) * 4;
        const n = ridged(u * 0.05 + warp, v * 0.08 - warp, seed ^ 3, 4);
        k = 0.94 + n * 0.12;
        height = n;
        break;
      }
      case 'venetian':
      case 'tadelakt': {
        const cl = fbm(u * 0.006, v * 0.01, seed, 5);
        const marks = fbm(u * 0.03 + cl * 3, v * 0.03, seed ^ 9, 3);
        t = smooth(-0.4, 0.5, cl + marks * 0.3);
        k = 1 + marks * 0.05;
        gloss = r.finish === 'venetian' ? 0.6 : 0.45;
        break;
      }
      case 'limewash': {
        const strokes = fbm(u * 0.02 + v * 0.01, v * 0.035, seed, 5);
        t = smooth(-0.5, 0.6, strokes);
        k = 1 + (hash2(Math.floor(u * 3), Math.floor(v * 3), seed) - 0.5) * 0.03;
        break;
      }
      case 'pebbledash': {
        worley(u * 1.5, v * 1.5, seed ^ 0x61, cs, 1);
        const p = smooth(0.4, 0.1, cs.f1);
        k = 0.85 + p * 0.2 + (hash2(cs.id, 1, seed) - 0.5) * 0.15;
        height = p;
        break;
      }
    }
    const c = tone(mixInto(c1, c2, t), k);
    write(out, c[0], c[1], c[2], height, gloss);
  };
}

function stoneSampler(r: Extract<MaterialRecipe, { kind: 'stone' }>, seed: number): Sampler {
  const cols = r.colors.map(hex);
  const mortar = hex(r.mortar);
  const pick = (h: number) => cols[Math.floor(h * cols.length) % cols.length];
  const grainAt = (u: number, v: number, id: number) =>
    fbm(u * 0.05, v * 0.05, seed ^ id, 4) * 0.08 + (hash2(Math.floor(u * 2.5), Math.floor(v * 2.5), seed) - 0.5) * 0.08;
  return (u, v, fw, out) => {
    let d = 10;
    let id = 0;
    let J = 0.8;
    let domed = 0;
    let extraK = 0;
    switch (r.layout) {
      case 'ashlar':
      case 'sandstone':
      case 'travertine':
      case 'granite': {
        const courseH = r.size ?? (r.layout === 'granite' ? 60 : r.layout === 'travertine' ? 40 : 35);
        const row = Math.floor(v / courseH);
        const len = r.layout === 'granite' ? 60 : courseH * (1.6 + hash2(row, 1, seed) * 1.2);
        const off = hash2(row, 2, seed) * len;
        const col = Math.floor((u + off) / len);
        const lu = u + off - col * len;
        const lv = v - row * courseH;
        d = Math.min(lu, len - lu, lv, courseH - lv);
        id = cellId(col, row);
        J = r.layout === 'granite' || r.layout === 'travertine' ? 0.3 : 0.9;
        if (r.layout === 'sandstone') extraK = fbm(u * 0.004, v * 0.06 + fbm(u * 0.01, v * 0.01, seed, 2) * 2, seed ^ 0x5, 3) * 0.12;
        if (r.layout === 'travertine') {
          extraK = fbm(u * 0.003, v * 0.08, seed ^ 0x6, 3) * 0.08;
          worley(u * 0.25, v * 0.9, seed ^ 0x7, cs, 1);
          if (hash2(cs.id, 1, seed) < 0.3) extraK -= (1 - smooth(0.05, 0.15, cs.f1)) * 0.3;
        }
        if (r.layout === 'granite') {
          const h = hash2(Math.floor(u * 2.5), Math.floor(v * 2.5), seed ^ 0x8);
          extraK = h < 0.12 ? -0.45 : h > 0.9 ? 0.2 : 0;
        }
        break;
      }
      case 'slate': {
        const rowH = 3 + hash2(Math.floor(v / 4), 3, seed) * 3;
        const row = Math.floor(v / rowH);
        const len = 20 + hash2(row, 4, seed) * 40;
        const off = hash2(row, 5, seed) * len;
        const col = Math.floor((u + off) / len);
        const lu = u + off - col * len;
        d = Math.min(lu, len - lu, v - row * rowH, (row + 1) * rowH - v);
        id = cellId(col, row);
        J = 0.35;
        domed = 0.3;
        break;
      }
      case 'split-face': {
        const c = runningCell(u, v, 40, 20, 0.5);
        d = edgeDist(c);
        id = c.id;
        J = 0.6;
        extraK = (ridged(u * 0.15, v * 0.15, seed ^ id, 4) - 0.5) * 0.3;
        break;
      }
      case 'gabion': {
        const size = r.size ?? 9;
        worley(u / size, v / size, seed, cs, 0.9);
        d = (cs.f2 - cs.f1) * size;
        id = cs.id;
        J = 0.8;
        domed = 1;
        const wire = Math.max(1 - smooth(0.15, 0.15 + fw, Math.abs(mod(u, 10) - 5)), 1 - smooth(0.15, 0.15 + fw, Math.abs(mod(v, 10) - 5)));
        sampleStone(u, v, d, id, J, fw, domed, 0, out);
        out[0] += (0.55 - out[0]) * wire;
        out[1] += (0.56 - out[1]) * wire;
        out[2] += (0.57 - out[2]) * wire;
        return;
      }
      default: {
        const size = r.size ?? (r.layout === 'cobble' ? 12 : r.layout === 'flagstone' ? 55 : 28);
        worley(u / size, v / size, seed, cs, r.layout === 'cobble' ? 0.45 : 0.95);
        d = (cs.f2 - cs.f1) * size * 0.5;
        id = cs.id;
        J = r.layout === 'cobble' ? size * 0.08 : r.layout === 'flagstone' ? 0.9 : 2.2;
        d += perlin(u * 0.2, v * 0.2, seed) * (r.layout === 'flagstone' ? 0.3 : 0.8);
        domed = r.layout === 'flagstone' ? 0.15 : 1;
      }
    }
    sampleStone(u, v, d, id, J, fw, domed, extraK, out);
  };
  function sampleStone(u: number, v: number, d: number, id: number, J: number, fw: number, domed: number, extraK: number, out: Float32Array) {
    const h1 = hash2(id, 1, seed);
    const base = pick(hash2(id, 2, seed));
    const k = 1 + (h1 - 0.5) * 0.22 + grainAt(u, v, id) + extraK;
    const dome = domed > 0 ? smooth(0, J * 4 + 3, d) : 1;
    const c = tone(base, k * (1 - domed * 0.18 * (1 - dome)));
    const m = jointCover(d, J / 2, fw);
    const mc = tone(mortar, 1 + (hash2(Math.floor(u * 3), Math.floor(v * 3), seed) - 0.5) * 0.15);
    write(out, c[0] + (mc[0] - c[0]) * m, c[1] + (mc[1] - c[1]) * m, c[2] + (mc[2] - c[2]) * m, (1 - m) * (0.4 + 0.6 * dome), 0.08);
  }
}

