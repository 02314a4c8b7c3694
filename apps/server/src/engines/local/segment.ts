import { rgbToLab } from './pixels/color.js';
import { sobel } from './pixels/filters.js';
import { fitSize, luminance, resizeRgb, type Rgb } from './pixels/image.js';
import { greenDiffers, labelRegions } from './region-labels.js';

/**
 * Region segmentation: SLIC superpixels in Lab + position on a working copy, then greedy
 * agglomerative merging by colour, texture and adjacency (regions need not be connected, so
 * all the windows of a façade can end up as one region), then a colour-guided upsampling of
 * the labels to full resolution. Labels: sky, ground, vegetation, facade, region.
 */

export interface RegionInfo {
  label: string;
  area: number;
  color: [number, number, number];
  /** Bounding box in full-resolution pixels. */
  bbox: [number, number, number, number];
}

export interface Segmentation {
  /** Full-resolution region index per pixel. */
  labels: Uint8Array;
  w: number;
  h: number;
  regions: RegionInfo[];
}

interface Cluster {
  n: number;
  L: number;
  A: number;
  B: number;
  /** Sum of squares of L (texture). */
  LL: number;
  grad: number;
  cx: number;
  cy: number;
  top: number;
  bottom: number;
  alive: boolean;
  members: number[];
  /** Neighbour -> [sum of colour differences across the shared boundary, pixel pairs]. */
  adj: Map<number, [number, number]>;
}

export interface SegmentOptions {
  maxRegions: number;
  /** Long side of the working copy. */
  workSide?: number;
  /** Long side of the output labels (default: the image's own size). */
  outputSide?: number;
  superpixels?: number;
  /** Stop merging below this cost once under maxRegions. */
  threshold?: number;
}

/** SLIC on a Lab working image; returns connected superpixel labels. */
function slic(L: Float32Array, A: Float32Array, B: Float32Array, w: number, h: number, k: number, grad: Float32Array) {
  const n = w * h;
  const S = Math.max(4, Math.round(Math.sqrt(n / k)));
  const cx: number[] = [];
  const cy: number[] = [];
  const cl: number[] = [];
  const ca: number[] = [];
  const cb: number[] = [];
  for (let y = Math.floor(S / 2); y < h; y += S) {
    for (let x = Math.floor(S / 2); x < w; x += S) {
      // Move the seed to the lowest gradient in its 3x3 neighbourhood.
      let bx = x;
      let by = y;
      let bg = Infinity;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = Math.min(w - 1, Math.max(0, x + dx));
          const yy = Math.min(h - 1, Math.max(0, y + dy));
          const g = grad[yy * w + xx];
          if (g < bg) {
            bg = g;
            bx = xx;
            by = yy;
          }
        }
      const i = by * w + bx;
      cx.push(bx);
      cy.push(by);
      cl.push(L[i]);
      ca.push(A[i]);
      cb.push(B[i]);
    }
  }
  const K = cx.length;
  const labels = new Int32Array(n).fill(-1);
  const dist = new Float32Array(n);
  const m = 12;
  const wS = (m * m) / (S * S);
  for (let iter = 0; iter < 6; iter++) {
    dist.fill(Infinity);
    for (let c = 0; c < K; c++) {
      const x0 = Math.max(0, Math.round(cx[c] - S));
      const x1 = Math.min(w - 1, Math.round(cx[c] + S));
      const y0 = Math.max(0, Math.round(cy[c] - S));
      const y1 = Math.min(h - 1, Math.round(cy[c] + S));
      const l = cl[c];
      const a = ca[c];
      const b = cb[c];
      const px = cx[c];
      const py = cy[c];
      for (let y = y0; y <= y1; y++) {
        const dy = y - py;
        let i = y * w + x0;
        for (let x = x0; x <= x1; x++, i++) {
          const dl = L[i] - l;
          const da = A[i] - a;
          const db = B[i] - b;
          const dx = x - px;
          const d = dl * dl + da * da + db * db + (dx * dx + dy * dy) * wS;
          if (d < dist[i]) {
            dist[i] = d;
            labels[i] = c;
          }
        }
      }
    }
    const sx = new Float64Array(K);
    const sy = new Float64Array(K);
    const sl = new Float64Array(K);
    const sa = new Float64Array(K);
    const sb = new Float64Array(K);
    const cnt = new Float64Array(K);
    for (let y = 0, i = 0; y < h; y++)
      for (let x = 0; x < w; x++, i++) {
        const c = labels[i];
        if (c < 0) continue;
        sx[c] += x;
        sy[c] += y;
        sl[c] += L[i];
        sa[c] += A[i];
        sb[c] += B[i];
        cnt[c]++;
      }
    for (let c = 0; c < K; c++) {
      if (cnt[c] === 0) continue;
      cx[c] = sx[c] / cnt[c];
      cy[c] = sy[c] / cnt[c];
      cl[c] = sl[c] / cnt[c];
      ca[c] = sa[c] / cnt[c];
      cb[c] = sb[c] / cnt[c];
    }
  }
  // Connectivity: relabel connected components; absorb tiny ones into a neighbour.
  const out = new Int32Array(n).fill(-1);
  const minSize = Math.max(4, Math.floor((S * S) / 4));
  const stack: number[] = [];
  const comp: number[] = [];
  let next = 0;
  for (let start = 0; start < n; start++) {
    if (out[start] >= 0) continue;
    const lab = labels[start];
    comp.length = 0;
    stack.push(start);
    out[start] = next;
    let neighbour = -1;
    while (stack.length) {
      const i = stack.pop()!;
      comp.push(i);
      const x = i % w;
      const y = (i - x) / w;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? (x > 0 ? i - 1 : -1) : q === 1 ? (x < w - 1 ? i + 1 : -1) : q === 2 ? (y > 0 ? i - w : -1) : y < h - 1 ? i + w : -1;
        if (j < 0) continue;
        if (out[j] < 0 && labels[j] === lab) {
          out[j] = next;
          stack.push(j);
        } else if (out[j] >= 0 && out[j] !== next) neighbour = out[j];
      }
    }
    if (comp.length < minSize && neighbour >= 0) {
      for (const i of comp) out[i] = neighbour;
    } else next++;
  }
  return { labels: out, count: next };
}

export function segmentImage(full: Rgb, opts: SegmentOptions): Segmentation {
  const maxRegions = Math.max(1, Math.min(255, opts.maxRegions));
  const os = fitSize(full.w, full.h, opts.outputSide ?? Math.max(full.w, full.h));
  const img = os.w === full.w && os.h === full.h ? full : resizeRgb(full, os.w, os.h);
  const ws = fitSize(img.w, img.h, opts.workSide ?? 320);
  const small = resizeRgb(img, ws.w, ws.h);
  const w = ws.w;
  const h = ws.h;
  const n = w * h;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const lab = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    rgbToLab(small.d[i * 3], small.d[i * 3 + 1], small.d[i * 3 + 2], lab);
    L[i] = lab[0];
    A[i] = lab[1];
    B[i] = lab[2];
  }
  const grad = sobel(luminance(small)).mag.d;
  const sp = slic(L, A, B, w, h, opts.superpixels ?? 300, grad);

  // Superpixel statistics and adjacency.
  const cl: Cluster[] = [];
  for (let c = 0; c < sp.count; c++)
    cl.push({ n: 0, L: 0, A: 0, B: 0, LL: 0, grad: 0, cx: 0, cy: 0, top: 0, bottom: 0, alive: true, members: [c], adj: new Map() });
  const addEdge = (p: number, q: number, i: number, j: number) => {
    const d = Math.sqrt((L[i] - L[j]) ** 2 + (A[i] - A[j]) ** 2 + (B[i] - B[j]) ** 2);
    for (const [a, b] of [
      [p, q],
      [q, p],
    ]) {
      const e = cl[a].adj.get(b);
      if (e) {
        e[0] += d;
        e[1]++;
      } else cl[a].adj.set(b, [d, 1]);
    }
  };
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const c = cl[sp.labels[i]];
      c.n++;
      c.L += L[i];
      c.A += A[i];
      c.B += B[i];
      c.LL += L[i] * L[i];
      c.grad += grad[i];
      c.cx += x;
      c.cy += y;
      if (y === 0) c.top++;
      if (y === h - 1) c.bottom++;
      if (x < w - 1 && sp.labels[i + 1] !== sp.labels[i]) addEdge(sp.labels[i], sp.labels[i + 1], i, i + 1);
      if (y < h - 1 && sp.labels[i + w] !== sp.labels[i]) addEdge(sp.labels[i], sp.labels[i + w], i, i + w);
    }

  const std = (c: Cluster) => Math.sqrt(Math.max(0, c.LL / c.n - (c.L / c.n) ** 2));
  const blueSky = (c: Cluster) => c.B / c.n < -7 && c.L / c.n > 50 && c.grad / c.n < 0.05 && c.cy / c.n / h < 0.6;
  const cloudLike = (c: Cluster) => c.L / c.n > 70 && Math.hypot(c.A / c.n, c.B / c.n) < 8 && std(c) < 8 && c.grad / c.n < 0.04 && c.cy / c.n / h < 0.5;
  const cost = (a: Cluster, b: Cluster, edge: [number, number] | undefined) => {
    const dl = a.L / a.n - b.L / b.n;
    const da = a.A / a.n - b.A / b.n;
    const db = b.B / b.n - a.B / a.n;
    const dE = Math.sqrt(dl * dl + da * da + db * db);
    const dT = Math.abs(std(a) - std(b)) * 0.6 + Math.abs(a.grad / a.n - b.grad / b.n) * 60;
    // Small clusters merge more readily (size-weighted like Ward's criterion).
    const size = Math.min(1.3, Math.sqrt(Math.min(a.n, b.n) / n) * 6 + 0.6);
    // Planting against brick or stone of a similar lightness is still two surfaces.
    const green = greenDiffers({ L: a.L / a.n, A: a.A / a.n, B: a.B / a.n }, { L: b.L / b.n, A: b.A / b.n, B: b.B / b.n }) ? 8 : 0;
    // A pale blue sky against a white façade differs little in colour but is still two
    // surfaces; clouds (bright, smooth, near-neutral) may still join the blue.
    const sky = blueSky(a) !== blueSky(b) && !(cloudLike(a) || cloudLike(b)) ? 8 : 0;
    if (edge) {
      // Adjacent: what matters most is the step across the shared boundary, so smooth
      // gradients (a sky) merge while real edges (wall against window) do not.
      const step = edge[0] / edge[1];
      // Either a smooth step across the boundary (gradients) or alike on average (a
      // window-studded façade, whose boundaries cross many small edges) merges.
      return Math.min(0.3 * dE + 0.7 * step * 1.4 + dT, (dE + dT) * 1.15) * size + green + sky;
    }
    const dy = Math.abs(a.cy / a.n - b.cy / b.n) / h;
    return (dE + dT) * size + 4 + dy * 6 + green + sky;
  };

  let alive = cl.length;
  const threshold = opts.threshold ?? 11;
  // Greedy merging of the cheapest pair, with a cached cost matrix and per-row minima so the
  // whole merge is O(K^2) for K superpixels.
  const K = cl.length;
  const M = new Float32Array(K * K);
  const rowMin = new Float32Array(K).fill(Infinity);
  const rowArg = new Int32Array(K).fill(-1);
  const recomputeRow = (i: number) => {
    let best = Infinity;
    let arg = -1;
    for (let j = 0; j < K; j++) {
      if (j === i || !cl[j].alive) continue;
      const c = M[i * K + j];
      if (c < best) {
        best = c;
        arg = j;
      }
    }
    rowMin[i] = best;
    rowArg[i] = arg;
  };
  for (let i = 0; i < K; i++)
    for (let j = i + 1; j < K; j++) {
      const c = cost(cl[i], cl[j], cl[i].adj.get(j));
      M[i * K + j] = c;
      M[j * K + i] = c;
    }
  for (let i = 0; i < K; i++) recomputeRow(i);
  while (alive > 1) {
    let bi = -1;
    let best = Infinity;
    for (let i = 0; i < K; i++) {
      if (cl[i].alive && rowMin[i] < best) {
        best = rowMin[i];
        bi = i;
      }
    }
    if (bi < 0) break;
    if (alive <= maxRegions && best > threshold) break;
    const bj = rowArg[bi];
    const a = cl[bi];
    const b = cl[bj];
    a.n += b.n;
    a.L += b.L;
    a.A += b.A;
    a.B += b.B;
    a.LL += b.LL;
    a.grad += b.grad;
    a.cx += b.cx;
    a.cy += b.cy;
    a.top += b.top;
    a.bottom += b.bottom;
    a.members.push(...b.members);
    for (const [k, e] of b.adj) {
      if (k === bi) continue;
      const ae = a.adj.get(k);
      if (ae) {
        ae[0] += e[0];
        ae[1] += e[1];
      } else a.adj.set(k, [e[0], e[1]]);
      const ke = cl[k].adj.get(bj)!;
      cl[k].adj.delete(bj);
      const kb = cl[k].adj.get(bi);
      if (kb) {
        kb[0] += ke[0];
        kb[1] += ke[1];
      } else cl[k].adj.set(bi, [ke[0], ke[1]]);
    }
    a.adj.delete(bj);
    a.adj.delete(bi);
    b.alive = false;
    alive--;
    for (let k = 0; k < K; k++) {
      if (k === bi || !cl[k].alive) continue;
      const c = cost(a, cl[k], a.adj.get(k));
      M[bi * K + k] = c;
      M[k * K + bi] = c;
      if (rowArg[k] === bi || rowArg[k] === bj) recomputeRow(k);
      else if (c < rowMin[k]) {
        rowMin[k] = c;
        rowArg[k] = bi;
      }
    }
    recomputeRow(bi);
  }

  // The sky is often left in bands (a strong gradient, a glow near the horizon): absorb
  // sky-like neighbours into the sky cluster.
  const skyLike = (c: Cluster) => {
    const l = c.L / c.n;
    const a = c.A / c.n;
    const b = c.B / c.n;
    return std(c) < 14 && c.grad / c.n < 0.06 && ((b < -4 && l > 40 && Math.abs(a) < 14) || (l > 78 && Math.abs(a) < 6 && b < 2 && b > -10));
  };
  // Where a cluster folded away outside the merge loop went (neighbours' adjacency may still name it).
  const mergedInto = new Int32Array(cl.length).fill(-1);
  const resolve = (k: number) => {
    while (mergedInto[k] >= 0) k = mergedInto[k];
    return k;
  };
  let skyC = -1;
  let skyBest = 0;
  cl.forEach((c, i) => {
    if (!c.alive || !skyLike(c) || c.top / w < 0.15 || c.cy / c.n / h > 0.55) return;
    if (c.top > skyBest) {
      skyBest = c.top;
      skyC = i;
    }
  });
  if (skyC >= 0) {
    const sky = cl[skyC];
    for (let changed = true; changed; ) {
      changed = false;
      for (const k of Array.from(sky.adj.keys())) {
        const c = cl[k];
        if (!c?.alive || k === skyC || !skyLike(c) || c.cy / c.n / h > 0.8) continue;
        const dl = Math.abs(c.L / c.n - sky.L / sky.n);
        const dab = Math.hypot(c.A / c.n - sky.A / sky.n, c.B / c.n - sky.B / sky.n);
        if (dl > 30 || dab > 15) continue;
        sky.n += c.n;
        sky.L += c.L;
        sky.A += c.A;
        sky.B += c.B;
        sky.LL += c.LL;
        sky.grad += c.grad;
        sky.cx += c.cx;
        sky.cy += c.cy;
        sky.top += c.top;
        sky.bottom += c.bottom;
        sky.members.push(...c.members);
        for (const [j, e] of c.adj) if (j !== skyC && !sky.adj.has(j)) sky.adj.set(j, e);
        sky.adj.delete(k);
        c.alive = false;
        mergedInto[k] = skyC;
        changed = true;
      }
    }
  }
  /** Folds cluster `i` into cluster `into` (outside the merge loop: no cost matrix to keep). */
  const absorb = (into: number, i: number) => {
    const t = cl[into];
    const c = cl[i];
    t.n += c.n;
    t.L += c.L;
    t.A += c.A;
    t.B += c.B;
    t.LL += c.LL;
    t.grad += c.grad;
    t.cx += c.cx;
    t.cy += c.cy;
    t.top += c.top;
    t.bottom += c.bottom;
    t.members.push(...c.members);
    for (const [k0, e] of c.adj) {
      const k = resolve(k0);
      if (k === into || k === i) continue;
      const te = t.adj.get(k);
      if (te) {
        te[0] += e[0];
        te[1] += e[1];
      } else t.adj.set(k, [e[0], e[1]]);
    }
    t.adj.delete(i);
    c.alive = false;
    mergedInto[i] = into;
  };
  // Slivers too small to be a surface (a stray line, an edge of antialiasing) join their most alike neighbour.
  const minCluster = Math.max(4, Math.round(n * 0.004));
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < cl.length; i++) {
      const c = cl[i];
      if (!c.alive || c.n >= minCluster) continue;
      let into = -1;
      let intoCost = Infinity;
      for (const [k0, e] of c.adj) {
        const k = resolve(k0);
        if (k === i || !cl[k].alive) continue;
        const cc = cost(c, cl[k], e);
        if (cc < intoCost) {
          intoCost = cc;
          into = k;
        }
      }
      if (into < 0) continue;
      absorb(into, i);
      changed = true;
    }
  }
  // Small regions that are twins of another one apart from them (one window of a row of windows)
  // join it: the same colour and texture is one surface to the user.
  const twinArea = n * 0.02;
  for (let i = 0; i < cl.length; i++) {
    const c = cl[i];
    if (!c.alive || c.n >= twinArea) continue;
    let into = -1;
    let best = Infinity;
    for (let k = 0; k < cl.length; k++) {
      const o = cl[k];
      if (k === i || !o.alive || o.n < c.n) continue;
      const dE = Math.hypot(c.L / c.n - o.L / o.n, c.A / c.n - o.A / o.n, c.B / c.n - o.B / o.n);
      const dT = Math.abs(std(c) - std(o));
      if (dE < 6 && dT < 10 && dE + dT < best) {
        best = dE + dT;
        into = k;
      }
    }
    if (into >= 0) absorb(into, i);
  }
  const final = cl.filter((c) => c.alive).sort((p, q) => q.n - p.n);
  const spToRegion = new Int32Array(sp.count);
  final.forEach((c, r) => c.members.forEach((m) => (spToRegion[m] = r)));
  const small_labels = new Uint8Array(n);
  for (let i = 0; i < n; i++) small_labels[i] = spToRegion[sp.labels[i]];
  const names = labelRegions(
    final.map((c) => ({ n: c.n, L: c.L / c.n, A: c.A / c.n, B: c.B / c.n, std: std(c), grad: c.grad / c.n, cx: c.cx / c.n, cy: c.cy / c.n, top: c.top, bottom: c.bottom })),
    small_labels,
    w,
    h,
    grad,
    { L, A, B },
  );

  // Colour-guided upsampling: each full-resolution pixel picks, among the labels of its
  // nearby working pixels, the one whose mean colour is closest to its own.
  const W = img.w;
  const H = img.h;
  const labels = new Uint8Array(W * H);
  const meanLab = final.map((c) => [c.L / c.n, c.A / c.n, c.B / c.n]);
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
      const a = small_labels[y0 * w + x0];
      const b = small_labels[y0 * w + x1];
      const c = small_labels[y1 * w + x0];
      const d = small_labels[y1 * w + x1];
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

  // Statistics at full resolution and labels.
  const R = final.length;
  const cnt = new Float64Array(R);
  const sum = new Float64Array(R * 3);
  const bbox = final.map(() => [W, H, -1, -1] as [number, number, number, number]);
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
  const regions: RegionInfo[] = final.map((_, r) => ({
    label: 'region',
    area: cnt[r] / (W * H),
    color: [0, 1, 2].map((k) => Math.round((sum[r * 3 + k] / Math.max(1, cnt[r])) * 255)) as [number, number, number],
    bbox: bbox[r],
  }));
  names.forEach((name, r) => (regions[r].label = name));
  return { labels, w: W, h: H, regions };
}

/** One full-resolution mask (0/255) per region. */
export function regionMasks(seg: Segmentation): Uint8Array[] {
  const masks = seg.regions.map(() => new Uint8Array(seg.w * seg.h));
  for (let i = 0; i < seg.labels.length; i++) masks[seg.labels[i]][i] = 255;
  return masks;
}
