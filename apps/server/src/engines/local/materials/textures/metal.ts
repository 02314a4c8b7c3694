import { hex, type Rgb3 } from '../../pixels/color.js';
import { fbm, valueNoise, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, SQRT1_2, smooth, jointCover, mod, tone, write, mixInto, runningCell, edgeDist, cs } from './kit.js';

export function metalSampler(r: Extract<MaterialRecipe, { kind: 'metal' }>, seed: number): Sampler {
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
