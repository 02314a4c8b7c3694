import { hex, type Rgb3 } from '../../pixels/color.js';
import { fbm } from '../../pixels/noise.js';
import { hash2 } from '../../pixels/prng.js';
import type { MaterialRecipe } from '../recipes.js';
import { type Sampler, smooth, jointCover, tone, write, mixInto, runningCell, edgeDist } from './kit.js';

export function marbleSampler(r: Extract<MaterialRecipe, { kind: 'marble' }>, seed: number): Sampler {
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
