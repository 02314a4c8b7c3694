import { hex } from '../../pixels/color.js';
import { fbm, newCellSample, worley } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, tone, write, mixInto, cs } from './kit.js';

export function terrazzoSampler(r: Extract<MaterialRecipe, { kind: 'terrazzo' }>, seed: number): Sampler {
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
