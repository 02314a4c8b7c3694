import { hex, type Rgb3 } from '../../pixels/color.js';
import { worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, SQRT1_2, smooth, jointCover, tone, write, mixInto, type Cell, cell, cellId, herringboneCell, edgeDist, grain, knot, cs } from './kit.js';

export function woodSampler(r: Extract<MaterialRecipe, { kind: 'wood' }>, seed: number): Sampler {
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
