import { hex } from '../../pixels/color.js';
import { fbm, perlin } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, SQRT1_2, smooth, jointCover, mod, tone, write, mixInto, type Cell, cell, cellId, runningCell, herringboneCell, edgeDist } from './kit.js';

export function brickSampler(r: Extract<MaterialRecipe, { kind: 'brick' }>, seed: number): Sampler {
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
