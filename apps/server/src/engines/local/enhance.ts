import { rgbToLab, labToRgb } from './pixels/color.js';
import { blurPlane } from './pixels/filters.js';
import { cloneRgb, luminance, type Rgb } from './pixels/image.js';
import { hash2, mixSeed, mulberry32 } from './pixels/prng.js';
import type { EnhanceParams } from './tasks.js';

/**
 * The refine/upscale pass that runs at the source resolution (cheaper than at the output
 * size): clarity as large-radius local contrast, "AI strength" as mid- and fine-frequency
 * detail enhancement, a seeded tonal variation per variation, then optional colour matching
 * back to the source's mean and spread in Lab. Resampling (Lanczos) and the final unsharp
 * mask happen in sharp afterwards.
 */
export function enhanceImage(src: Rgb, p: EnhanceParams): Rgb {
  const { w, h } = src;
  const img = cloneRgb(src);
  const rng = mulberry32(mixSeed(p.seed, p.variation, 'refine'));
  const res = Math.max(0, Math.min(1, (p.resemblance ?? 12) / 50));
  const keep = 1 - res * 0.6;
  const clarity = (Math.max(1, Math.min(50, p.clarity)) / 50) * 0.9 * keep;
  const detail = (Math.max(1, Math.min(50, p.aiStrength)) / 50) * 1.4 * keep;
  const L = luminance(src);
  const radius = (Math.max(w, h) / 60) * (0.8 + rng() * 0.4);
  const local = blurPlane(L, radius);
  const b1 = blurPlane(L, 0.8);
  const b2 = blurPlane(L, 2.5 * (0.85 + rng() * 0.3));
  // Seeded tone variation: contrast, warmth and a gentle curve, different per variation.
  const contrast = (rng() - 0.5) * 0.12;
  const warm = (rng() - 0.5) * 0.04;
  const grainSeed = mixSeed(p.seed, p.variation, 'grain');
  const d = img.d;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const j = i * 3;
      const l = L.d[i];
      let dl = (l - local.d[i]) * clarity + (b1.d[i] - b2.d[i]) * detail + (l - b1.d[i]) * detail * 0.6;
      dl += (l - 0.5) * contrast * (1 - Math.abs(l - 0.5) * 1.2);
      dl += (hash2(x, y, grainSeed) - 0.5) * 0.01;
      d[j] += dl + warm;
      d[j + 1] += dl;
      d[j + 2] += dl - warm;
    }
  if (p.matchColor) matchColorLab(img, src);
  for (let i = 0; i < d.length; i++) d[i] = d[i] < 0 ? 0 : d[i] > 1 ? 1 : d[i];
  return img;
}

/** Reinhard colour transfer in Lab: gives `img` the mean and standard deviation of `ref`. */
export function matchColorLab(img: Rgb, ref: Rgb): void {
  const stats = (m: Rgb) => {
    const n = m.w * m.h;
    const step = Math.max(1, Math.floor(n / 200000));
    const s = [0, 0, 0];
    const ss = [0, 0, 0];
    let c = 0;
    const lab = [0, 0, 0];
    for (let i = 0; i < n; i += step) {
      rgbToLab(clamp(m.d[i * 3]), clamp(m.d[i * 3 + 1]), clamp(m.d[i * 3 + 2]), lab);
      for (let k = 0; k < 3; k++) {
        s[k] += lab[k];
        ss[k] += lab[k] * lab[k];
      }
      c++;
    }
    const mean = s.map((v) => v / c);
    const sd = ss.map((v, k) => Math.sqrt(Math.max(1e-6, v / c - mean[k] * mean[k])));
    return { mean, sd };
  };
  const a = stats(img);
  const b = stats(ref);
  const scale = a.sd.map((v, k) => Math.max(0.5, Math.min(2, b.sd[k] / v)));
  const lab = [0, 0, 0];
  const n = img.w * img.h;
  for (let i = 0; i < n; i++) {
    const j = i * 3;
    rgbToLab(clamp(img.d[j]), clamp(img.d[j + 1]), clamp(img.d[j + 2]), lab);
    for (let k = 0; k < 3; k++) lab[k] = (lab[k] - a.mean[k]) * scale[k] + b.mean[k];
    labToRgb(lab[0], lab[1], lab[2], img.d, j);
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
