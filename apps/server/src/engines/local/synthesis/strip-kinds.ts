/**
 * The kind (1 = sky, 0 = not sky) of the new strips of an outpaint, decided per run along each of
 * the photo's edges rather than per edge pixel: single pixels alternate between sky and building
 * along a skyline of towers and trees, and the strips would come out in stripes of both.
 */

export interface StripCanvas {
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

/** The shortest run of one kind along an edge (a fraction of the edge's length); shorter ones take their neighbours' kind. */
const MIN_RUN = 0.03;
/** A not-sky run counts only when it belongs to a part of the photo's not-sky this large (share of the photo): not a lamp or a bird. */
const MIN_BODY = 0.01;
/**
 * How far a not-sky run cut by the top edge goes on beyond it, against the run's length: a
 * tower's top continues a little and ends level, then sky, not up to the canvas's edge (a rounded
 * end, tried first, left slopes where patches of sky and roof mixed into floating fragments).
 */
const CAP_RATIO = 0.4;

interface Run {
  start: number;
  end: number;
  kind: number;
}

function runsOf(profile: Uint8Array): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < profile.length; i++) {
    const last = runs[runs.length - 1];
    if (last && last.kind === profile[i]) last.end = i;
    else runs.push({ start: i, end: i, kind: profile[i] });
  }
  return runs;
}

/** Runs shorter than `min` take their neighbours' kind, the shortest first. */
export function smoothRuns(profile: Uint8Array, min: number): Uint8Array {
  const out = profile.slice();
  for (;;) {
    const runs = runsOf(out);
    if (runs.length < 2) return out;
    let shortest = -1;
    for (let r = 0; r < runs.length; r++) {
      const len = runs[r].end - runs[r].start + 1;
      if (len < min && (shortest < 0 || len < runs[shortest].end - runs[shortest].start + 1)) shortest = r;
    }
    if (shortest < 0) return out;
    const run = runs[shortest];
    out.fill(1 - run.kind, run.start, run.end + 1);
  }
}

/** Marks the photo's not-sky pixels that belong to a connected part of at least `minArea` pixels. */
function notSkyBodies(kinds: Uint8Array, w: number, h: number, minArea: number): Uint8Array {
  const body = new Uint8Array(w * h);
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const part: number[] = [];
  for (let s = 0; s < w * h; s++) {
    if (kinds[s] || seen[s]) continue;
    part.length = 0;
    stack.push(s);
    seen[s] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      part.push(i);
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w])
        if (j >= 0 && j < w * h && !kinds[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
    }
    if (part.length >= minArea) for (const i of part) body[i] = 1;
  }
  return body;
}

/**
 * The kind along one edge: each edge pixel's own (regionKinds already carries the sky along the
 * edges for as long as it keeps the sky's colour), not-sky only where it belongs to a large part,
 * then without runs shorter than `min`. `at(p)` is the photo index at position p along the edge.
 */
function edgeProfile(kinds: Uint8Array, body: Uint8Array, length: number, min: number, at: (p: number) => number): Uint8Array {
  const profile = new Uint8Array(length);
  for (let p = 0; p < length; p++) profile[p] = kinds[at(p)] || !body[at(p)] ? 1 : 0;
  return smoothRuns(profile, min);
}

/**
 * How far beyond the edge each position's not-sky goes on (0 where the edge is sky). A run that
 * is not `capped` (or any, on an edge without sky) goes on across the whole strip; a capped one
 * goes on CAP_RATIO times its length.
 */
function reach(profile: Uint8Array, capped: (r: Run) => boolean): Float32Array {
  const out = new Float32Array(profile.length);
  const anySky = profile.includes(1);
  for (const r of runsOf(profile)) {
    if (r.kind) continue;
    const len = r.end - r.start + 1;
    if (!anySky || !capped(r)) {
      out.fill(Infinity, r.start, r.end + 1);
      continue;
    }
    out.fill(CAP_RATIO * len, r.start, r.end + 1);
  }
  return out;
}

/**
 * The kinds of the whole canvas: the photo's own inside it; the strips from the runs along its
 * edges. Above the photo a building goes on only as far as its run's cap (sky beyond); beside it,
 * a run that stands on the photo's bottom goes on across the strip, one in the sky is capped;
 * below it the bottom edge's runs go on down. A corner continues the strip above or below it.
 */
export function stripKinds(kinds: Uint8Array, w: number, h: number, canvas: StripCanvas): Uint8Array {
  const body = notSkyBodies(kinds, w, h, MIN_BODY * w * h);
  const minRow = Math.max(4, Math.round(MIN_RUN * w));
  const minCol = Math.max(4, Math.round(MIN_RUN * h));
  const top = edgeProfile(kinds, body, w, minRow, (p) => p);
  const bottom = edgeProfile(kinds, body, w, minRow, (p) => (h - 1) * w + p);
  const left = edgeProfile(kinds, body, h, minCol, (p) => p * w);
  const right = edgeProfile(kinds, body, h, minCol, (p) => p * w + w - 1);
  const up = reach(top, () => true);
  const inTheSky = (r: Run) => r.end < h - 1;
  const leftward = reach(left, inTheSky);
  const rightward = reach(right, inTheSky);

  const { width: W, height: H, offsetX: ox, offsetY: oy } = canvas;
  const out = new Uint8Array(W * H);
  for (let cy = 0; cy < H; cy++)
    for (let cx = 0; cx < W; cx++) {
      const x = cx - ox;
      const y = cy - oy;
      const cxi = Math.min(w - 1, Math.max(0, x));
      let k: number;
      if (y < 0) k = top[cxi] === 1 || -y > up[cxi] ? 1 : 0;
      else if (y >= h) k = bottom[cxi];
      else if (x < 0) k = left[y] === 1 || -x > leftward[y] ? 1 : 0;
      else if (x >= w) k = right[y] === 1 || x - w + 1 > rightward[y] ? 1 : 0;
      else k = kinds[y * w + x];
      out[cy * W + cx] = k;
    }
  return out;
}
