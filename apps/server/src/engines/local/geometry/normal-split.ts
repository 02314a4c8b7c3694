/**
 * Regions split where the model's surface turns (issue 31 part 2): each region's pixels are
 * grouped into connected parts whose normals stay together — a neighbour within
 * NEIGHBOUR_DEGREES of the pixel it is reached from, and within SPREAD_DEGREES of the part's mean
 * normal — so a façade's two sides, seen across their corner, become two parts. Parts under
 * `minPixels` (the anti-aliased pixels along a fold, specks, pixels with no surface) join the
 * neighbouring part of their region they are reached from first (breadth first); a region
 * without a part that large stays whole. Pure pixel work, no I/O.
 */
const NEIGHBOUR_DEGREES = 12;
const SPREAD_DEGREES = 25;
const COS_NEIGHBOUR = Math.cos((NEIGHBOUR_DEGREES * Math.PI) / 180);
const COS_SPREAD = Math.cos((SPREAD_DEGREES * Math.PI) / 180);

export interface NormalSplit {
  /** The new region of each pixel (−1 where the input had none), parts of a region largest first. */
  labels: Int32Array;
  /** For each new region, the input region it is part of. */
  parent: number[];
}

/**
 * `labels`: the input region of each pixel (−1: none), `normal`: unit normals three a pixel
 * ((0, 0, 0): no surface). At most `maxParts` regions come out (the smallest parts beyond are
 * folded into their neighbours).
 */
export function splitByNormals(labels: ArrayLike<number>, normal: Float32Array, w: number, h: number, minPixels: number, maxParts = Infinity): NormalSplit {
  const n = w * h;
  const surface = (p: number) => normal[p * 3] !== 0 || normal[p * 3 + 1] !== 0 || normal[p * 3 + 2] !== 0;
  const part = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const parents: number[] = [];
  const queue = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (labels[start] < 0 || part[start] >= 0 || !surface(start)) continue;
    const id = sizes.length;
    const region = labels[start];
    let [sx, sy, sz] = [0, 0, 0];
    let head = 0;
    let tail = 0;
    const take = (p: number) => {
      part[p] = id;
      queue[tail++] = p;
      sx += normal[p * 3];
      sy += normal[p * 3 + 1];
      sz += normal[p * 3 + 2];
    };
    take(start);
    while (head < tail) {
      const q = queue[head++];
      const len = Math.hypot(sx, sy, sz) || 1;
      const [mx, my, mz] = [sx / len, sy / len, sz / len];
      const x = q % w;
      for (const r of [x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, q - w, q + w]) {
        if (r < 0 || r >= n || part[r] >= 0 || labels[r] !== region || !surface(r)) continue;
        const [ax, ay, az] = [normal[r * 3], normal[r * 3 + 1], normal[r * 3 + 2]];
        if (ax * normal[q * 3] + ay * normal[q * 3 + 1] + az * normal[q * 3 + 2] < COS_NEIGHBOUR) continue;
        if (ax * mx + ay * my + az * mz < COS_SPREAD) continue;
        take(r);
      }
    }
    sizes.push(tail);
    parents.push(region);
  }

  // The parts that stay regions: large enough, the largest of each region at least, at most maxParts.
  const byRegion = new Map<number, number[]>();
  for (let id = 0; id < sizes.length; id++) byRegion.set(parents[id], [...(byRegion.get(parents[id]) ?? []), id]);
  const kept: number[] = [];
  const extra: number[] = [];
  for (const ids of byRegion.values()) {
    ids.sort((a, b) => sizes[b] - sizes[a]);
    kept.push(ids[0]);
    for (const id of ids.slice(1)) if (sizes[id] >= minPixels) extra.push(id);
  }
  extra.sort((a, b) => sizes[b] - sizes[a]);
  kept.push(...extra.slice(0, Math.max(0, maxParts - kept.length)));
  kept.sort((a, b) => parents[a] - parents[b] || sizes[b] - sizes[a]);
  const newId = new Map(kept.map((id, k) => [id, k]));

  const out = new Int32Array(n).fill(-1);
  let tail = 0;
  for (let p = 0; p < n; p++) {
    if (labels[p] < 0) continue;
    const k = part[p] >= 0 ? newId.get(part[p]) : undefined;
    if (k === undefined) out[p] = -2; // to be reached from a neighbouring part
    else out[p] = k;
  }
  // Breadth first from the kept parts into the rest of their own region.
  for (let p = 0; p < n; p++) if (out[p] >= 0) queue[tail++] = p;
  const parent = kept.map((id) => parents[id]);
  for (let head = 0; head < tail; head++) {
    const q = queue[head];
    const x = q % w;
    for (const r of [x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, q - w, q + w]) {
      if (r < 0 || r >= n || out[r] !== -2 || labels[r] !== parent[out[q]]) continue;
      out[r] = out[q];
      queue[tail++] = r;
    }
  }
  // A detached island with no kept part of its region around it: the region's largest part.
  const firstOf = new Map<number, number>();
  parent.forEach((region, k) => firstOf.has(region) || firstOf.set(region, k));
  for (let p = 0; p < n; p++) {
    if (out[p] !== -2) continue;
    const k = firstOf.get(labels[p]);
    if (k !== undefined) out[p] = k;
    else {
      // A region with no surface at all: it stays one region of its own.
      firstOf.set(labels[p], parent.length);
      parent.push(labels[p]);
      out[p] = parent.length - 1;
    }
  }
  return { labels: out, parent };
}
