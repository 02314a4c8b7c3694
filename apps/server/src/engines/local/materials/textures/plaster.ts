import { hex } from '../../pixels/color.js';
import { fbm, ridged, valueNoise, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, tone, write, mixInto, cs } from './kit.js';

export function plasterSampler(r: Extract<MaterialRecipe, { kind: 'plaster' }>, seed: number): Sampler {
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
