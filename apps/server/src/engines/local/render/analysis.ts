import { newPlane, resizePlane, type Plane, type Rgb } from '../pixels/image.js';
import { segmentImage, type Segmentation } from '../segment.js';
import { detectSky, type SkyDetection } from './sky.js';

/**
 * What the render passes need to know about the input: where the sky is, the ground, the
 * main façade, and the openings (windows) that light up at night.
 */
export interface SceneAnalysis {
  sky: SkyDetection;
  /** Region labels at the analysis resolution (long side <= 512), not the image's. */
  seg: Segmentation;
  ground: Plane;
  /** First ground row per column (h when there is none). */
  groundTop: Int32Array;
  facade: Plane | null;
  /** Region indexes that look like windows/openings. */
  openings: number[];
  hasGround: boolean;
}

export function analyse(img: Rgb): SceneAnalysis {
  const sky = detectSky(img);
  const seg = segmentImage(img, { maxRegions: 14, workSide: 200, superpixels: 180, threshold: 10, outputSide: 512 });
  const { w, h } = img;
  const sw = seg.w;
  const sh = seg.h;
  const groundIdx = seg.regions.findIndex((r) => r.label === 'ground');
  const facadeIdx = seg.regions.findIndex((r) => r.label === 'facade');
  const planeOf = (idx: number) => {
    const p = newPlane(sw, sh);
    for (let i = 0; i < sw * sh; i++) if (seg.labels[i] === idx) p.d[i] = 1;
    return sw === w && sh === h ? p : resizePlane(p, w, h);
  };
  const groundTop = new Int32Array(w).fill(h);
  let ground = newPlane(w, h);
  if (groundIdx >= 0) {
    ground = planeOf(groundIdx);
    for (let x = 0; x < w; x++) {
      // The ground's top in this column: the highest row of its lowest contiguous run.
      let y = h - 1;
      while (y >= 0 && ground.d[y * w + x] < 0.5) y--;
      while (y > 0 && ground.d[(y - 1) * w + x] >= 0.5) y--;
      groundTop[x] = y < 0 ? h : y;
    }
  }
  let facade: Plane | null = null;
  if (facadeIdx >= 0) {
    facade = planeOf(facadeIdx);
    for (let i = 0; i < w * h; i++) if (sky.mask.d[i] > 0.5) facade.d[i] = 0;
  }
  // Openings: modest regions inside the built area (not sky, ground, vegetation, nor the
  // façade itself) with a glass-like colour.
  const openings: number[] = [];
  seg.regions.forEach((r, idx) => {
    if (r.label !== 'region') return;
    if (r.area > 0.2 || r.area < 0.0005) return;
    const [x0, y0, x1, y1] = r.bbox;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const [cr, cg, cb] = r.color;
    const max = Math.max(cr, cg, cb);
    const min = Math.min(cr, cg, cb);
    const sat = max > 0 ? (max - min) / max : 0;
    const glassy = sat < 0.45 || cb >= cr;
    const fill = (r.area * sw * sh) / (bw * bh);
    if (glassy && (fill > 0.08 || r.area > 0.01) && y1 < sh * 0.97) openings.push(idx);
  });
  return { sky, seg, ground, groundTop, facade, openings, hasGround: groundIdx >= 0 };
}
