import { rgbToLab } from '../pixels/color.js';
import type { Rgb } from '../pixels/image.js';

export interface RegionInfo {
  label: string;
  area: number;
  color: [number, number, number];
  /** Bounding box in full-resolution pixels. */
  bbox: [number, number, number, number];
  /** How sure the classifier is of the label (0–1); absent where no classifier named it. */
  confidence?: number;
}

/**
 * Colour-guided upsampling of the working image's labels (`w`×`h`, `small`) to `img`'s size:
 * each pixel picks, among the labels of its nearby working pixels, the one whose mean Lab
 * colour (`meanLab`, per region) is closest to its own.
 */
export function upsampleLabels<T extends Uint8Array | Uint16Array>(img: Rgb, small: ArrayLike<number>, w: number, h: number, meanLab: number[][], into: T): T {
  const W = img.w;
  const H = img.h;
  const labels = into;
  const sx = w / W;
  const sy = h / H;
  const p = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    const fy = (y + 0.5) * sy - 0.5;
    const y0 = Math.max(0, Math.min(h - 1, Math.floor(fy)));
    const y1 = Math.min(h - 1, y0 + 1);
    for (let x = 0; x < W; x++) {
      const fx = (x + 0.5) * sx - 0.5;
      const x0 = Math.max(0, Math.min(w - 1, Math.floor(fx)));
      const x1 = Math.min(w - 1, x0 + 1);
      const a = small[y0 * w + x0];
      const b = small[y0 * w + x1];
      const c = small[y1 * w + x0];
      const d = small[y1 * w + x1];
      if (a === b && a === c && a === d) {
        labels[y * W + x] = a;
        continue;
      }
      const j = (y * W + x) * 3;
      rgbToLab(img.d[j], img.d[j + 1], img.d[j + 2], p);
      let best = a;
      let bd = Infinity;
      for (let q = 0; q < 4; q++) {
        const r = q === 0 ? a : q === 1 ? b : q === 2 ? c : d;
        const m = meanLab[r];
        const dd = (p[0] - m[0]) ** 2 + (p[1] - m[1]) ** 2 + (p[2] - m[2]) ** 2;
        if (dd < bd) {
          bd = dd;
          best = r;
        }
      }
      labels[y * W + x] = best;
    }
  }
  return labels;
}

/** Each region's share of the image, mean colour and bounding box, at full resolution. */
export function regionStatistics(img: Rgb, labels: Uint8Array, names: string[]): RegionInfo[] {
  const W = img.w;
  const H = img.h;
  const R = names.length;
  const cnt = new Float64Array(R);
  const sum = new Float64Array(R * 3);
  const bbox = names.map(() => [W, H, -1, -1] as [number, number, number, number]);
  for (let y = 0, i = 0; y < H; y++)
    for (let x = 0; x < W; x++, i++) {
      const r = labels[i];
      cnt[r]++;
      sum[r * 3] += img.d[i * 3];
      sum[r * 3 + 1] += img.d[i * 3 + 1];
      sum[r * 3 + 2] += img.d[i * 3 + 2];
      const bb = bbox[r];
      if (x < bb[0]) bb[0] = x;
      if (y < bb[1]) bb[1] = y;
      if (x > bb[2]) bb[2] = x;
      if (y > bb[3]) bb[3] = y;
    }
  const regions: RegionInfo[] = names.map((label, r) => ({
    label,
    area: cnt[r] / (W * H),
    color: [0, 1, 2].map((k) => Math.round((sum[r * 3 + k] / Math.max(1, cnt[r])) * 255)) as [number, number, number],
    bbox: bbox[r],
  }));
  return regions;
}
