import { hex } from '../../pixels/color.js';
import { fbm, perlin, ridged, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, jointCover, mod, tone, write, cellId, runningCell, edgeDist, cs } from './kit.js';

export function stoneSampler(r: Extract<MaterialRecipe, { kind: 'stone' }>, seed: number): Sampler {
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
