import { blurPlane, blurRgb, boxBlurPlane, dilatePlane } from './pixels/filters.js';
import { cloneRgb, fitSize, newPlane, newRgb, resizePlane, resizeRgb, sampleRgb, type Plane, type Rgb } from './pixels/image.js';
import { mulberry32, type Rng } from './pixels/prng.js';

/**
 * Content-aware fill (exemplar-based image completion, after Wexler et al. / PatchMatch):
 * a coarse-to-fine pyramid where, at each level, PatchMatch finds for every patch touching
 * the hole its most similar patch in the known image, and the hole is re-estimated by
 * letting the overlapping matches vote. Large images are completed on a working copy of at
 * most 640 px; the fill is then upsampled and its fine detail copied from the matched
 * full-resolution source before a feathered blend.
 */
const R = 3; // patch radius (7 x 7)

interface Level {
  img: Rgb;
  hole: Uint8Array;
}

function downHalf(l: Level): Level {
  const w = Math.max(1, Math.floor(l.img.w / 2));
  const h = Math.max(1, Math.floor(l.img.h / 2));
  const img = resizeRgb(l.img, w, h);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let any = 0;
      for (let dy = 0; dy < 2; dy++)
        for (let dx = 0; dx < 2; dx++) {
          const xx = Math.min(l.img.w - 1, x * 2 + dx);
          const yy = Math.min(l.img.h - 1, y * 2 + dy);
          any |= l.hole[yy * l.img.w + xx];
        }
      hole[y * w + x] = any;
    }
  return { img, hole };
}

/** The largest distance (chamfer, in pixels) from a hole pixel to the nearest known pixel. */
function maxInnerDistance(hole: Uint8Array, w: number, h: number): number {
  const INF = 1e9;
  const d = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = hole[i] ? INF : 0;
  const a = 1;
  const b = Math.SQRT2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let v = d[i];
      if (x > 0) v = Math.min(v, d[i - 1] + a);
      if (y > 0) {
        v = Math.min(v, d[i - w] + a);
        if (x > 0) v = Math.min(v, d[i - w - 1] + b);
        if (x < w - 1) v = Math.min(v, d[i - w + 1] + b);
      }
      d[i] = v;
    }
  let max = 0;
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      let v = d[i];
      if (x < w - 1) v = Math.min(v, d[i + 1] + a);
      if (y < h - 1) {
        v = Math.min(v, d[i + w] + a);
        if (x < w - 1) v = Math.min(v, d[i + w + 1] + b);
        if (x > 0) v = Math.min(v, d[i + w - 1] + b);
      }
      d[i] = v;
      if (v < INF && v > max) max = v;
    }
  return max;
}

/** Fills the hole by repeatedly averaging known neighbours inward (onion peel). */
function diffuseFill(img: Rgb, hole: Uint8Array): void {
  const { w, h, d } = img;
  const known = new Uint8Array(w * h);
  let remaining = 0;
  for (let i = 0; i < w * h; i++) {
    known[i] = hole[i] ? 0 : 1;
    if (hole[i]) remaining++;
  }
  if (remaining === w * h) {
    d.fill(0.5);
    return;
  }
  while (remaining > 0) {
    const next: number[] = [];
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (known[i]) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
            const j = yy * w + xx;
            if (!known[j]) continue;
            r += d[j * 3];
            g += d[j * 3 + 1];
            b += d[j * 3 + 2];
            n++;
          }
        if (n > 0) {
          d[i * 3] = r / n;
          d[i * 3 + 1] = g / n;
          d[i * 3 + 2] = b / n;
          next.push(i);
        }
      }
    if (next.length === 0) break;
    for (const i of next) known[i] = 1;
    remaining -= next.length;
  }
}

interface Nnf {
  /** Source centre x, y per target pixel (-1 when not a target). */
  sx: Int32Array;
  sy: Int32Array;
  dist: Float32Array;
}

/** Completes `img` in place on one level; returns the nearest-neighbour field. */
function completeLevel(img: Rgb, hole: Uint8Array, prev: Nnf | null, prevW: number, rng: Rng, emIters: number): Nnf {
  const { w, h, d } = img;
  const n = w * h;
  // Valid source centres: a known centre, the patch inside the image and mostly known.
  // (Requiring a patch wholly clear of the hole leaves no sources between close holes, such
  // as the wall between windows, at the coarse levels.)
  const holePlane = newPlane(w, h);
  for (let i = 0; i < n; i++) holePlane.d[i] = hole[i];
  const near = dilatePlane(holePlane, R);
  const cover = boxBlurPlane(holePlane, R);
  const valid = new Uint8Array(n);
  const validList: number[] = [];
  for (let y = R; y < h - R; y++)
    for (let x = R; x < w - R; x++) {
      const i = y * w + x;
      if (!hole[i] && cover.d[i] <= 0.35) {
        valid[i] = 1;
        validList.push(i);
      }
    }
  // Targets: every pixel whose patch touches the hole.
  const targets: number[] = [];
  for (let i = 0; i < n; i++) if (near.d[i] > 0) targets.push(i);
  const sx = new Int32Array(n).fill(-1);
  const sy = new Int32Array(n).fill(-1);
  const dist = new Float32Array(n).fill(Infinity);
  if (validList.length === 0 || targets.length === 0) return { sx, sy, dist };

  // Unknown source pixels cost a fixed penalty (a moderate colour difference), so fully
  // known source patches are preferred but close-packed holes still find sources.
  const UNKNOWN = 0.06;
  const patchDist = (tx: number, ty: number, px: number, py: number, cutoff: number): number => {
    let s = 0;
    for (let dy = -R; dy <= R; dy++) {
      const yy = ty + dy;
      if (yy < 0 || yy >= h) continue;
      const syy = py + dy;
      for (let dx = -R; dx <= R; dx++) {
        const xx = tx + dx;
        if (xx < 0 || xx >= w) continue;
        const si = syy * w + px + dx;
        if (hole[si]) {
          s += UNKNOWN;
          continue;
        }
        const a = (yy * w + xx) * 3;
        const b = si * 3;
        const e0 = d[a] - d[b];
        const e1 = d[a + 1] - d[b + 1];
        const e2 = d[a + 2] - d[b + 2];
        s += e0 * e0 + e1 * e1 + e2 * e2;
      }
      if (s > cutoff) return s;
    }
    return s;
  };

  // Initialise: from the coarser level's field (scaled), else at random.
  for (const i of targets) {
    const x = i % w;
    const y = (i - x) / w;
    let cx = -1;
    let cy = -1;
    if (prev) {
      const px = Math.min(prevW - 1, x >> 1);
      const py = y >> 1;
      const j = py * prevW + px;
      if (prev.sx[j] >= 0) {
        cx = Math.min(w - 1 - R, Math.max(R, prev.sx[j] * 2 + (x & 1)));
        cy = Math.min(h - 1 - R, Math.max(R, prev.sy[j] * 2 + (y & 1)));
        if (!valid[cy * w + cx]) cx = -1;
      }
    }
    if (cx < 0) {
      const j = validList[Math.floor(rng() * validList.length)];
      cx = j % w;
      cy = (j - cx) / w;
    }
    sx[i] = cx;
    sy[i] = cy;
  }

  const maxR = Math.max(w, h);
  const votes = new Float32Array(n * 4);
  for (let em = 0; em < emIters; em++) {
    for (const i of targets) {
      const x = i % w;
      dist[i] = patchDist(x, (i - x) / w, sx[i], sy[i], Infinity);
    }
    // PatchMatch: two passes (forward and backward), propagation and random search.
    for (let pass = 0; pass < 2; pass++) {
      const fwd = pass % 2 === 0;
      const step = fwd ? -1 : 1;
      for (let k = 0; k < targets.length; k++) {
        const i = targets[fwd ? k : targets.length - 1 - k];
        const x = i % w;
        const y = (i - x) / w;
        let bx = sx[i];
        let by = sy[i];
        let bd = dist[i];
        // Propagation from the horizontal and vertical neighbour already visited.
        for (let q = 0; q < 2; q++) {
          const nx = q === 0 ? x + step : x;
          const ny = q === 0 ? y : y + step;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const j = ny * w + nx;
          if (sx[j] < 0) continue;
          const cx = sx[j] - (nx - x);
          const cy = sy[j] - (ny - y);
          if (cx < R || cy < R || cx >= w - R || cy >= h - R || !valid[cy * w + cx]) continue;
          const dd = patchDist(x, y, cx, cy, bd);
          if (dd < bd) {
            bd = dd;
            bx = cx;
            by = cy;
          }
        }
        // Random search in a shrinking window.
        for (let rad = maxR; rad >= 1; rad = Math.floor(rad / 2)) {
          const cx = Math.round(bx + (rng() * 2 - 1) * rad);
          const cy = Math.round(by + (rng() * 2 - 1) * rad);
          if (cx < R || cy < R || cx >= w - R || cy >= h - R || !valid[cy * w + cx]) continue;
          const dd = patchDist(x, y, cx, cy, bd);
          if (dd < bd) {
            bd = dd;
            bx = cx;
            by = cy;
          }
        }
        sx[i] = bx;
        sy[i] = by;
        dist[i] = bd;
      }
    }
    // Voting: every hole pixel becomes the weighted mean of what its covering patches say.
    votes.fill(0);
    let meanD = 0;
    for (const i of targets) meanD += dist[i];
    meanD = meanD / targets.length + 1e-6;
    for (const i of targets) {
      const x = i % w;
      const y = (i - x) / w;
      const wt = 1 / (1 + dist[i] / meanD);
      for (let dy = -R; dy <= R; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -R; dx <= R; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const t = yy * w + xx;
          if (!hole[t]) continue;
          const si = (sy[i] + dy) * w + sx[i] + dx;
          if (hole[si]) continue;
          const s = si * 3;
          votes[t * 4] += d[s] * wt;
          votes[t * 4 + 1] += d[s + 1] * wt;
          votes[t * 4 + 2] += d[s + 2] * wt;
          votes[t * 4 + 3] += wt;
        }
      }
    }
    for (let t = 0; t < n; t++) {
      if (!hole[t] || votes[t * 4 + 3] === 0) continue;
      const k = 1 / votes[t * 4 + 3];
      d[t * 3] = votes[t * 4] * k;
      d[t * 3 + 1] = votes[t * 4 + 1] * k;
      d[t * 3 + 2] = votes[t * 4 + 2] * k;
    }
  }
  return { sx, sy, dist };
}

export interface InpaintOptions {
  seed: number;
  /** An initial guess for the hole at full resolution (outpaint's edge extension). */
  init?: Rgb;
  /** Longest side of the working copy. */
  workSide?: number;
  progress?: (p: number) => void;
}

/** Fills `mask` (1 = replace) of `img`. Returns a new image. */
export function inpaintImage(img: Rgb, mask: Plane, o: InpaintOptions): Rgb {
  const { w, h } = img;
  const rng = mulberry32(o.seed);
  // Grow the mask a little: painted masks rarely cover the object's soft edge.
  const grown = dilatePlane(mask, Math.max(1, Math.round(Math.max(w, h) / 500)));
  let any = false;
  for (let i = 0; i < w * h; i++)
    if (grown.d[i] > 0.5) {
      any = true;
      break;
    }
  if (!any) return cloneRgb(img);

  const ws = fitSize(w, h, o.workSide ?? 640);
  const work = resizeRgb(o.init ?? img, ws.w, ws.h);
  if (!o.init) {
    // Keep the known pixels exact at working size (resizing the init mixes in nothing).
  }
  const holeSmall = resizePlane(grown, ws.w, ws.h);
  const hole0 = new Uint8Array(ws.w * ws.h);
  for (let i = 0; i < hole0.length; i++) hole0[i] = holeSmall.d[i] > 0.02 ? 1 : 0;

  // Pyramid: deep enough that the hole's thickest part is a few pixels at the top, and no
  // deeper (coarser levels would swallow the known structure between close holes).
  const depth = Math.max(1, Math.floor(Math.log2(Math.max(1, maxInnerDistance(hole0, ws.w, ws.h) / 3))) + 1);
  const levels: Level[] = [{ img: work, hole: hole0 }];
  // Never below ~80 px: smaller levels have too few whole patches of each material left.
  while (levels.length < depth && Math.min(levels[levels.length - 1].img.w, levels[levels.length - 1].img.h) / 2 >= 80) levels.push(downHalf(levels[levels.length - 1]));
  const coarsest = levels[levels.length - 1];
  if (!o.init) diffuseFill(coarsest.img, coarsest.hole);

  let nnf: Nnf | null = null;
  let prevW = 0;
  for (let li = levels.length - 1; li >= 0; li--) {
    const L = levels[li];
    if (li < levels.length - 1) {
      // Upsample the coarser completion into this level's hole.
      const up = resizeRgb(levels[li + 1].img, L.img.w, L.img.h);
      for (let i = 0; i < L.hole.length; i++)
        if (L.hole[i]) {
          L.img.d[i * 3] = up.d[i * 3];
          L.img.d[i * 3 + 1] = up.d[i * 3 + 1];
          L.img.d[i * 3 + 2] = up.d[i * 3 + 2];
        }
    }
    const iters = li === 0 ? 2 : li === levels.length - 1 ? 6 : 3;
    nnf = completeLevel(L.img, L.hole, nnf, prevW, rng, iters);
    prevW = L.img.w;
    o.progress?.(10 + Math.round((80 * (levels.length - li)) / levels.length));
  }

  // Back to full size: the smooth fill upsampled, fine detail copied from the matched source.
  const fill = resizeRgb(work, w, h);
  const out = cloneRgb(img);
  const alpha = blurPlane(grown, Math.max(1, Math.max(w, h) / 800));
  const needDetail = ws.scale < 1 && nnf;
  const soft = needDetail ? blurRgb(img, 1 / ws.scale) : null;
  const tmp = [0, 0, 0];
  const tmp2 = [0, 0, 0];
  const inv = 1 / ws.scale;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const a = Math.min(1, alpha.d[i] * 1.2);
      if (a <= 0.001) continue;
      const j = i * 3;
      let r = fill.d[j];
      let g = fill.d[j + 1];
      let b = fill.d[j + 2];
      if (needDetail && soft && nnf) {
        const wx = Math.min(ws.w - 1, Math.floor(x * ws.scale));
        const wy = Math.min(ws.h - 1, Math.floor(y * ws.scale));
        const k = wy * ws.w + wx;
        if (nnf.sx[k] >= 0) {
          const srcX = (nnf.sx[k] + (x * ws.scale - wx)) * inv;
          const srcY = (nnf.sy[k] + (y * ws.scale - wy)) * inv;
          sampleRgb(img, srcX, srcY, tmp);
          sampleRgb(soft, srcX, srcY, tmp2);
          r += (tmp[0] - tmp2[0]) * 0.9;
          g += (tmp[1] - tmp2[1]) * 0.9;
          b += (tmp[2] - tmp2[2]) * 0.9;
        }
      }
      out.d[j] += (r - out.d[j]) * a;
      out.d[j + 1] += (g - out.d[j + 1]) * a;
      out.d[j + 2] += (b - out.d[j + 2]) * a;
    }
  return out;
}

/**
 * Outpaint: places the image on a larger canvas, starts the new area as a blurred extension
 * of the image's edges (so horizons and masses continue), then completes it by patch
 * matching, which brings back texture and structure from the image itself.
 */
export function outpaintImage(img: Rgb, canvas: { width: number; height: number; offsetX: number; offsetY: number }, seed: number, progress?: (p: number) => void): Rgb {
  const W = canvas.width;
  const H = canvas.height;
  const init = newRgb(W, H);
  const mask = newPlane(W, H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const ix = x - canvas.offsetX;
      const iy = y - canvas.offsetY;
      const inside = ix >= 0 && iy >= 0 && ix < img.w && iy < img.h;
      // Outside, start from the nearest edge pixel (a mirror would copy buildings backwards).
      const sx = inside ? ix : Math.min(img.w - 1, Math.max(0, ix));
      const sy = inside ? iy : Math.min(img.h - 1, Math.max(0, iy));
      const s = (sy * img.w + sx) * 3;
      const j = (y * W + x) * 3;
      init.d[j] = img.d[s];
      init.d[j + 1] = img.d[s + 1];
      init.d[j + 2] = img.d[s + 2];
      if (!inside) mask.d[y * W + x] = 1;
    }
  // The edge-extended guess is blurred more with distance from the image: it steers the
  // colours and masses without streaks.
  const blurred = blurRgb(init, Math.max(W, H) / 60);
  for (let i = 0; i < W * H; i++) {
    if (!mask.d[i]) continue;
    const x = i % W;
    const y = (i - x) / W;
    const dx = Math.max(canvas.offsetX - x, x - (canvas.offsetX + img.w - 1), 0);
    const dy = Math.max(canvas.offsetY - y, y - (canvas.offsetY + img.h - 1), 0);
    const t = Math.min(1, Math.hypot(dx, dy) / (Math.max(W, H) * 0.08));
    for (let c = 0; c < 3; c++) init.d[i * 3 + c] += (blurred.d[i * 3 + c] - init.d[i * 3 + c]) * t;
  }
  const base = cloneRgb(init);
  return inpaintImage(base, mask, { seed, init, progress });
}
