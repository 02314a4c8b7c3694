import { hex, type Rgb3 } from '../../pixels/color.js';
import { fbm, perlin } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, jointCover, tone, write, mixInto, cellId, runningCell, herringboneCell, edgeDist } from './kit.js';

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

export function tileSampler(r: Extract<MaterialRecipe, { kind: 'tile' }>, seed: number): Sampler {
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
