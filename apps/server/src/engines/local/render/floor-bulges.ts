/**
 * A floor region's outline where objects were brushed with it: the floor is a band between its
 * far edge and its near edge (or the frame), and a car or a person brushed with it juts out of
 * that band with upright sides — a step in the band's edge of many rows within a column, where
 * the floor's own edge recedes smoothly (a street narrowing into the distance has no step).
 * Found by shape alone, for objects too close in colour to the floor to be outliers (a white car
 * on pale paving).
 */

/** A step at least this share of the work height, and 4 rows, is an upright side. */
const MIN_STEP = 0.03;
/** A bulge wider than this share of the region's columns is the floor's own outline. */
const MAX_WIDTH = 0.4;

/** 1 = a region pixel jutting out of the floor's band, at the work size (w×h). */
export function floorBulges(inRegion: Uint8Array, w: number, h: number): Uint8Array {
  const top = new Int32Array(w).fill(-1);
  const bottom = new Int32Array(w).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!inRegion[y * w + x]) continue;
      if (top[x] < 0) top[x] = y;
      bottom[x] = y;
    }
  const step = Math.max(4, Math.round(h * MIN_STEP));
  const above = new Int32Array(w).fill(-1);
  const below = new Int32Array(w).fill(-1);
  // Below the band's near edge: not down to the frame's bottom (a path through a lawn widens there).
  const belowRuns = bulgeRuns(bottom, 1, step, w).filter((r) => r.reach < h - 2);
  for (const r of belowRuns) for (let x = r.a; x <= r.b; x++) below[x] = r.limit[x - r.a];
  // Above its far edge: upright (taller than wide, stepped on both sides) or jutting in the same
  // columns as a bulge below (hiding the band: the floor beside a building seen farther back, or
  // seen between a tree and a building, over a person's feet in a lawn, is neither).
  const aboveRuns = bulgeRuns(top, -1, step, w);
  for (const r of aboveRuns) {
    const upright = r.closed && r.b - r.a + 1 <= r.height;
    if (upright || belowRuns.some((s) => sameColumns(r, s))) for (let x = r.a; x <= r.b; x++) above[x] = r.limit[x - r.a];
  }
  // Jutting out on both sides in the same columns: the object hides the whole band there.
  const whole = new Uint8Array(w);
  for (const r of belowRuns) if (aboveRuns.some((s) => sameColumns(r, s))) for (let x = r.a; x <= r.b; x++) whole[x] ||= below[x] >= 0 ? 1 : 0;
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const i = y * w + x;
      if (!inRegion[i]) continue;
      if (whole[x] || (above[x] >= 0 && y < above[x]) || (below[x] >= 0 && y > below[x])) out[i] = 1;
    }
  }
  return out;
}

interface Run {
  a: number;
  b: number;
  /** The band's edge row per column of the run, −1 where the region does not jut beyond it. */
  limit: Int32Array;
  /** Stepped on both sides (not bounded by the frame). */
  closed: boolean;
  /** How far beyond the band it juts at most, in rows. */
  height: number;
  /** The farthest row it reaches. */
  reach: number;
}

/**
 * Runs of columns where the region juts beyond the band: entered and left by steps of `step`
 * rows outward (or bounded by the frame), the band's edge across them interpolated between the
 * columns on either side.
 */
function bulgeRuns(edge: Int32Array, dir: number, step: number, w: number): Run[] {
  const runs: Run[] = [];
  let first = 0;
  while (first < w && edge[first] < 0) first++;
  let last = w - 1;
  while (last >= 0 && edge[last] < 0) last--;
  if (last - first < 8) return runs;
  const maxWidth = (last - first + 1) * MAX_WIDTH;
  const jump = (x: number) => (edge[x] < 0 || edge[x - 1] < 0 ? 0 : dir * (edge[x] - edge[x - 1]));
  // Each run starts after an outward step (or at the frame's left side) and ends before an inward one.
  const starts: number[] = first === 0 ? [0] : [];
  for (let x = first + 1; x <= last; x++) if (jump(x) >= step) starts.push(x);
  for (const a of starts) {
    let b = a;
    while (b + 1 <= last && jump(b + 1) > -step && b + 1 - a < maxWidth) b++;
    const closed = b + 1 <= last && jump(b + 1) <= -step;
    const atFrame = b === w - 1;
    if (!closed && !atFrame) continue;
    if (b - a + 1 > maxWidth || (a === 0 && atFrame)) continue;
    const left = a > 0 ? edge[a - 1] : -1;
    const right = closed ? edge[b + 1] : -1;
    const limit = new Int32Array(b - a + 1).fill(-1);
    let height = 0;
    let reach = dir > 0 ? 0 : Number.POSITIVE_INFINITY;
    for (let x = a; x <= b; x++) {
      const t = (x - a + 1) / (b - a + 2);
      const band = left >= 0 && right >= 0 ? left + (right - left) * t : Math.max(left, right);
      const beyond = dir * (edge[x] - band);
      if (beyond < step) continue;
      limit[x - a] = Math.round(band);
      height = Math.max(height, beyond);
      reach = dir > 0 ? Math.max(reach, edge[x]) : Math.min(reach, edge[x]);
    }
    if (height > 0) runs.push({ a, b, limit, closed: closed && a > 0 && left >= 0, height, reach });
  }
  return runs;
}

/** Two runs jut out over mostly the same columns (intersection at least half their union). */
function sameColumns(p: Run, q: Run): boolean {
  let both = 0;
  let either = 0;
  for (let x = Math.min(p.a, q.a); x <= Math.max(p.b, q.b); x++) {
    const inP = x >= p.a && x <= p.b && p.limit[x - p.a] >= 0;
    const inQ = x >= q.a && x <= q.b && q.limit[x - q.a] >= 0;
    if (inP && inQ) both++;
    if (inP || inQ) either++;
  }
  return either > 0 && both >= either * 0.5;
}
