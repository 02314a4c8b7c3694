import { hex, type Rgb3 } from '../../pixels/color.js';
import { fbm, ridged, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, jointCover, mod, tone, write, mixInto, cellId, runningCell, edgeDist, grain, cs } from './kit.js';

export function concreteSampler(r: Extract<MaterialRecipe, { kind: 'concrete' }>, seed: number): Sampler {
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
