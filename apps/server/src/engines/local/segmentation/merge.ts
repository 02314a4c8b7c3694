import { addStatistics, texture, type Cluster, type MergeCost } from './clusters.js';

/**
 * Greedy agglomerative merging of the cheapest pair of clusters, with a cached cost matrix and
 * per-row minima so the whole merge is O(K^2) for K superpixels. Merges until `maxRegions` are
 * left and no pair costs less than `threshold`. Merged-away clusters are marked not alive.
 */
export function mergeCheapestPairs(cl: Cluster[], cost: MergeCost, maxRegions: number, threshold: number): void {
  let alive = cl.length;
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
    addStatistics(a, b);
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
}

/**
 * What the pairwise merge leaves untidy: sky bands join the sky, slivers join their most alike
 * neighbour, and small twins of a larger region (one window of a row) join it. `w`×`h` is the
 * working image.
 */
export function tidyClusters(cl: Cluster[], cost: MergeCost, w: number, h: number): void {
  const n = w * h;
  // The sky is often left in bands (a strong gradient, a glow near the horizon): absorb
  // sky-like neighbours into the sky cluster.
  const skyLike = (c: Cluster) => {
    const l = c.L / c.n;
    const a = c.A / c.n;
    const b = c.B / c.n;
    return texture(c) < 14 && c.grad / c.n < 0.06 && ((b < -4 && l > 40 && Math.abs(a) < 14) || (l > 78 && Math.abs(a) < 6 && b < 2 && b > -10));
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
        addStatistics(sky, c);
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
    addStatistics(t, c);
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
      const dT = Math.abs(texture(c) - texture(o));
      if (dE < 6 && dT < 10 && dE + dT < best) {
        best = dE + dT;
        into = k;
      }
    }
    if (into >= 0) absorb(into, i);
  }
}
