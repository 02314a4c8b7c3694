import { hex, type Rgb3 } from '../../pixels/color.js';
import { fbm } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, jointCover, mod, tone, write, mixInto, runningCell, edgeDist } from './kit.js';

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

export function glassSampler(r: Extract<MaterialRecipe, { kind: 'glass' }>, seed: number): Sampler {
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
