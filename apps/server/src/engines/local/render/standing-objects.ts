import { rgbToLab } from '../pixels/color.js';
import { blurRgb, dilatePlane, erodePlane } from '../pixels/filters.js';
import { fitSize, newPlane, resizePlane, resizeRgb, type Plane, type Rgb } from '../pixels/image.js';
import { floorBulges } from './floor-bulges.js';
import { median } from '../pixels/stats.js';

/**
 * Upright things standing in front of a region's surface — people, cars, bollards, posts — found
 * without a model: pixels whose colour is an outlier to the surface's robust colour model
 * (a shadow, darker at the same chroma, is not), grouped into blobs, and kept when the blob
 * stands: on a wall, its feet reach below the wall's own bottom edge beside it (a door or a
 * window stops at or above it); on a floor, it rises from its base toward the horizon as an
 * upright object does in perspective (a flat marking or puddle spans little of that height).
 * On a floor, objects the floor's own colour are found by the region's outline instead
 * (floor-bulges.ts).
 */
export interface StandingObjects {
  /** 1 = an object's pixel, at the region's size. */
  mask: Uint8Array;
  count: number;
}

export type SurfaceKind = 'wall' | 'floor';

/** Work side: the blobs are coarse, the mask is snapped to the photo's edges afterwards. */
const WORK_SIDE = 512;
/** A blob's share of the work image below which it is texture, not an object. */
const MIN_BLOB = 0.00012;
/** Floor: an upright object's height over its feet-to-horizon distance (a person ≈ 1 at eye level). */
const MIN_RISE = 0.5;
/** Lab distance under which two blobs are the same kind of façade element. */
const REPEAT_DE = 10;
/** Share of the height by which feet below a wall's base are clearly not a door's sill. */
const DEEP = 0.03;

export function standingObjects(img: Rgb, region: Uint8Array, horizonY: number, kind: SurfaceKind): StandingObjects {
  const { w: W, h: H } = img;
  const ws = fitSize(W, H, WORK_SIDE);
  const w = ws.w;
  const h = ws.h;
  const n = w * h;
  const inRegion = shrinkMask(region, W, H, w, h);
  const small = blurRgb(w === W && h === H ? img : resizeRgb(img, w, h), 1);
  const found0 = colourOutliers(small, inRegion);
  if (!found0) return { mask: new Uint8Array(W * H), count: 0 };
  const { outliers, lab } = found0;
  // Wall: an object stands in front when its feet reach below the wall's base; floor: when its
  // head rises above the floor's far edge, or far enough toward the horizon (in open ground).
  const dir = kind === 'wall' ? 1 : -1;
  const edge = regionEdge(inRegion, w, h, dir);
  const hz = (horizonY * h) / H;
  let regionArea = 0;
  for (let i = 0; i < n; i++) regionArea += inRegion[i];
  const candidates = blobs(outliers, w, h).filter((b) => b.members.length >= Math.max(12, n * MIN_BLOB) && b.members.length <= regionArea * 0.6);
  // The columns of the blobs that reach that edge: the surface's own edge may be hidden there.
  const hidden = new Uint8Array(w);
  for (const b of candidates) if (b.members.some((i) => onEdge(i, edge, w, dir))) hidden.fill(1, b.x0, b.x1 + 1);
  const depth = candidates.map(() => 0);
  const kept = candidates.map((b, k) => {
    const line = edgeLine(b, edge, hidden, w);
    const keep = beyondEdge(b, line, edge, w, h, dir);
    if (line && keep.length && kind === 'wall') depth[k] = Math.max(b.y1 - line(b.x0), b.y1 - line(b.x1)) / h;
    const horizon = Math.max(hz, line ? line((b.x0 + b.x1) / 2) : hz);
    return keep.length === 0 && kind === 'floor' && risesTowardHorizon(b, horizon) ? b.members : keep;
  });
  // A blob the colour of several blobs that do not stand (the windows of the floors above) is
  // one more of the surface's own repeated elements: a ground-floor window or door — unless its
  // feet reach well below the wall's base (a person dressed the windows' colour; DEEP holds from
  // 1.5 to 6 % on the training renders).
  const colour = candidates.map((b) => meanLab(b, lab));
  const repeated = (k: number) => depth[k] < DEEP && colour.filter((c, j) => j !== k && kept[j].length === 0 && Math.hypot(c[0] - colour[k][0], c[1] - colour[k][1], c[2] - colour[k][2]) < REPEAT_DE).length >= 2;
  const found = newPlane(w, h);
  let count = 0;
  kept.forEach((keep, k) => {
    if (keep.length === 0 || repeated(k)) return;
    count++;
    for (const i of keep) found.d[i] = 1;
  });
  // A floor's objects too close to its colour to be outliers (a white car on pale paving) still
  // jut out of the floor's band in its outline; vegetation's own outline juts out everywhere.
  if (kind === 'floor' && !greenish(found0.median[1], found0.median[2])) count += addBulges(found, floorBulges(inRegion, w, h), lab, w, h);
  const full = w === W && h === H ? found : resizePlane(found, W, H);
  const mask = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) mask[i] = full.d[i] > 0.5 && region[i] ? 1 : 0;
  return { mask, count };
}

/**
 * Adds the bulges large enough to be objects to `plane`, but not green ones (a tree jutting out
 * of a lawn is vegetation, not an object on it); how many were not there already.
 */
function addBulges(plane: Plane, bulges: Uint8Array, lab: Float32Array, w: number, h: number): number {
  let added = 0;
  for (const b of blobs(bulges, w, h)) {
    if (b.members.length < Math.max(12, w * h * MIN_BLOB)) continue;
    const [, a, bb] = meanLab(b, lab);
    if (greenish(a, bb)) continue;
    if (b.members.some((i) => plane.d[i] === 0)) added++;
    for (const i of b.members) plane.d[i] = 1;
  }
  return added;
}

/** Lab a*, b* of vegetation, dark foliage included (its chroma is small but still green-yellow). */
function greenish(a: number, b: number): boolean {
  return a < -2 && b > -a * 0.5;
}

function shrinkMask(region: Uint8Array, W: number, H: number, w: number, h: number): Uint8Array {
  const p = newPlane(W, H);
  for (let i = 0; i < W * H; i++) p.d[i] = region[i];
  const s = w === W && h === H ? p : resizePlane(p, w, h);
  return Uint8Array.from(s.d, (v) => (v > 0.5 ? 1 : 0));
}

/**
 * Region pixels far from the region's median colour, measured against the region's own spread:
 * chroma apart, or much brighter; darker only when very much so (shadows stay surface). Opened
 * by one pixel so the surface's own texture (setts, brick joints) does not survive as specks.
 */
function colourOutliers(img: Rgb, inRegion: Uint8Array): { outliers: Uint8Array; lab: Float32Array; median: [number, number, number] } | null {
  const n = img.w * img.h;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const lab = [0, 0, 0];
  const ls: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!inRegion[i]) continue;
    rgbToLab(img.d[i * 3], img.d[i * 3 + 1], img.d[i * 3 + 2], lab);
    L[i] = lab[0];
    A[i] = lab[1];
    B[i] = lab[2];
    ls.push(lab[0]);
    as.push(lab[1]);
    bs.push(lab[2]);
  }
  if (ls.length < 100) return null;
  const mL = median(ls);
  const mA = median(as);
  const mB = median(bs);
  const dc: number[] = [];
  const dl: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!inRegion[i]) continue;
    dc.push(Math.hypot(A[i] - mA, B[i] - mB));
    dl.push(Math.abs(L[i] - mL));
  }
  const tc = Math.max(10, 3.5 * median(dc));
  const tUp = Math.max(18, 3.5 * median(dl));
  const tDown = Math.max(35, 5 * median(dl));
  const raw = newPlane(img.w, img.h);
  for (let i = 0; i < n; i++) {
    if (!inRegion[i]) continue;
    const c = Math.hypot(A[i] - mA, B[i] - mB);
    const d = L[i] - mL;
    if (c > tc || d > tUp || d < -tDown) raw.d[i] = 1;
  }
  const opened = dilatePlane(erodePlane(raw, 1), 1);
  const outliers = Uint8Array.from(opened.d, (v, i) => (v > 0.5 && inRegion[i] ? 1 : 0));
  const lab3 = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    lab3[i * 3] = L[i];
    lab3[i * 3 + 1] = A[i];
    lab3[i * 3 + 2] = B[i];
  }
  return { outliers, lab: lab3, median: [mL, mA, mB] };
}

function meanLab(b: Blob, lab: Float32Array): [number, number, number] {
  const m: [number, number, number] = [0, 0, 0];
  for (const i of b.members) for (let c = 0; c < 3; c++) m[c] += lab[i * 3 + c];
  return [m[0] / b.members.length, m[1] / b.members.length, m[2] / b.members.length];
}

interface Blob {
  members: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** 4-connected pieces of `bin` with their bounding boxes. */
function blobs(bin: Uint8Array, w: number, h: number): Blob[] {
  const seen = new Uint8Array(w * h);
  const stack = new Int32Array(w * h);
  const out: Blob[] = [];
  for (let s = 0; s < w * h; s++) {
    if (!bin[s] || seen[s]) continue;
    const b: Blob = { members: [], x0: w, y0: h, x1: -1, y1: -1 };
    let sp = 0;
    stack[sp++] = s;
    seen[s] = 1;
    while (sp > 0) {
      const i = stack[--sp];
      b.members.push(i);
      const x = i % w;
      const y = (i - x) / w;
      b.x0 = Math.min(b.x0, x);
      b.x1 = Math.max(b.x1, x);
      b.y0 = Math.min(b.y0, y);
      b.y1 = Math.max(b.y1, y);
      const visit = (j: number) => {
        if (!bin[j] || seen[j]) return;
        seen[j] = 1;
        stack[sp++] = j;
      };
      if (x > 0) visit(i - 1);
      if (x < w - 1) visit(i + 1);
      if (y > 0) visit(i - w);
      if (y < h - 1) visit(i + w);
    }
    out.push(b);
  }
  return out;
}

/** Per column, the region's lowest (dir 1) or highest (dir −1) row, −1 where the column has none. */
function regionEdge(inRegion: Uint8Array, w: number, h: number, dir: number): Int32Array {
  const edge = new Int32Array(w).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (inRegion[y * w + x] && (dir > 0 || edge[x] < 0)) edge[x] = y;
  return edge;
}

function onEdge(i: number, edge: Int32Array, w: number, dir: number): boolean {
  const x = i % w;
  return dir * ((i - x) / w - edge[x]) >= -1;
}

/**
 * The surface's edge across the blob: a robust line (median of pairwise slopes) through the
 * region's edge in the nearby columns no object hides, or null without enough of them.
 */
function edgeLine(b: Blob, edge: Int32Array, hidden: Uint8Array, w: number): ((x: number) => number) | null {
  const reach = Math.max(Math.round(w / 4), 3 * (b.x1 - b.x0 + 1));
  const xs: number[] = [];
  for (let x = Math.max(0, b.x0 - reach); x <= Math.min(w - 1, b.x1 + reach); x++) if (!hidden[x] && edge[x] >= 0) xs.push(x);
  if (xs.length < 8) return null;
  const slopes: number[] = [];
  const step = Math.max(1, Math.floor(xs.length / 40));
  for (let p = 0; p < xs.length; p += step)
    for (let q = p + step; q < xs.length; q += step) if (xs[q] - xs[p] >= 4) slopes.push((edge[xs[q]] - edge[xs[p]]) / (xs[q] - xs[p]));
  const slope = slopes.length ? median(slopes) : 0;
  const cx = (b.x0 + b.x1) / 2;
  const at = median(xs.map((x) => edge[x] - slope * (x - cx)));
  return (x) => at + slope * (x - cx);
}

/**
 * The pixels of the blob's columns that reach beyond the surface's edge there (dir 1: below a
 * wall's base; dir −1: above a floor's far edge), only when the blob reaches the region's edge.
 * A door stops on the base, a window above it; an object merged with a door keeps only its own
 * columns.
 */
function beyondEdge(b: Blob, line: ((x: number) => number) | null, edge: Int32Array, w: number, h: number, dir: number): number[] {
  if (!line || !b.members.some((i) => onEdge(i, edge, w, dir))) return [];
  const tol = Math.max(2, h * 0.01);
  const reached = new Int32Array(b.x1 - b.x0 + 1).fill(dir > 0 ? -1 : h);
  for (const i of b.members) {
    const x = i % w;
    const y = (i - x) / w;
    reached[x - b.x0] = dir > 0 ? Math.max(reached[x - b.x0], y) : Math.min(reached[x - b.x0], y);
  }
  const beyond = (x: number) => dir * (reached[x - b.x0] - line(x)) >= tol;
  return b.members.filter((i) => beyond(i % w));
}

/**
 * Floor: the blob rises from its feet a good share of the way to the horizon, as an upright
 * object does (a person at eye level: all of it), and is not a flat streak. The horizon is at
 * or above the floor's far edge and below the sky; the lower of the two stands for it (in a
 * street the far edge is the buildings' feet, just under eye level).
 */
function risesTowardHorizon(b: Blob, horizon: number): boolean {
  const height = b.y1 - b.y0 + 1;
  return b.y1 > horizon + 1 && b.x1 - b.x0 + 1 <= 3 * height && height / (b.y1 - horizon) >= MIN_RISE;
}
