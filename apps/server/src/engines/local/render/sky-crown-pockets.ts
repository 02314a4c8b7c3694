import { darkBlobs, windowGrid, WINDOW_DARKER } from './sky-window-grid.js';

/**
 * Pockets of sky inside a bare tree crown: smooth patches of the sky's very colour that the flood
 * fill cannot reach, as every way to them crosses twigs (textured at the working resolution).
 * Schwerin's low sky under the bare tree was left whole as old sky, a hard diagonal line to the
 * new one. The walk to a pocket crosses only pixels of the sky's colour class, a bounded way; a
 * pocket is large, blue, and close to the colour of the sky in its own rows, which white stone
 * reached through a pale carving is not (its b is near 0). In place, on the working resolution's
 * 0/1 sky.
 */
export function addCrownPockets(
  sky: Uint8Array,
  cand: Uint8Array,
  skyColour: Uint8Array,
  lab: Float32Array,
  w: number,
  h: number,
): void {
  const n = w * h;
  // Walk from the sky's edge through sky-coloured pixels (textured or not: twigs between the
  // gaps), a bounded distance.
  const reached = new Uint8Array(n);
  const steps = new Uint16Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) reached[i] = sky[i];
  for (let i = 0; i < n; i++) if (sky[i] && hasOutsideNeighbour(sky, i, w, h)) queue.push(i);
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k];
    if (steps[i] >= WALK_REACH) continue;
    forNeighbours(i, w, h, (j) => {
      if (reached[j] || !skyColour[j]) return;
      reached[j] = 1;
      steps[j] = steps[i] + 1;
      queue.push(j);
    });
  }
  const rowSky = rowSkyColour(sky, lab, w, h);
  // A smooth candidate the walk reached grows into a pocket by the flood fill's own rule.
  const seen = new Uint8Array(n);
  const skyBottom = lowestSkyRow(sky, w, h);
  for (let s = 0; s < n; s++) {
    if (sky[s] || seen[s] || !cand[s]) continue;
    const pocket = [s];
    seen[s] = 1;
    let walkedTo = false;
    let side = false;
    let top = h;
    let bottom = 0;
    for (let k = 0; k < pocket.length; k++) {
      const i = pocket[k];
      const x = i % w;
      walkedTo ||= reached[i] === 1;
      side ||= x === 0 || x === w - 1;
      top = Math.min(top, (i - x) / w);
      bottom = Math.max(bottom, (i - x) / w);
      forNeighbours(i, w, h, (j) => {
        if (seen[j] || sky[j] || !cand[j] || deltaE2(lab, i, j) > 36) return;
        seen[j] = 1;
        pocket.push(j);
      });
    }
    // Beyond the walk's reach: sky cut off from the rest by a tree that fills a top corner, seen
    // below its crown at the picture's side, in the rows the sky holds elsewhere (a lower city
    // skyline on that side lets it reach a little lower).
    if (!walkedTo && !(side && top <= skyBottom && bottom <= skyBottom + SIDE_POCKET_BELOW * h)) continue;
    if (pocket.length < POCKET_MIN * n) continue;
    // The sky lightens toward the horizon: the pocket is compared with the sky in its own rows.
    const mean = [0, 0, 0];
    const ref = [0, 0, 0];
    for (const i of pocket) {
      const y = Math.floor(i / w);
      for (let c = 0; c < 3; c++) {
        mean[c] += lab[i * 3 + c] / pocket.length;
        ref[c] += rowSky[y * 3 + c] / pocket.length;
      }
    }
    const de = Math.hypot(mean[0] - ref[0], mean[1] - ref[1], mean[2] - ref[2]);
    // A pocket at the side, beyond the walk, must match its rows' sky more closely; a dusk sky's
    // blue is faint there (b near -4), stone's is not blue at all.
    if (walkedTo ? de > POCKET_DE || mean[2] > POCKET_MAX_B : de > SIDE_POCKET_DE || mean[2] > SIDE_POCKET_MAX_B) continue;
    // A pale wall's piers between rows and columns of windows are smooth pockets too.
    if (windowGrid(darkBlobs(pocket, lab, mean[0] - WINDOW_DARKER, GRID_MARGIN, w, h)).windows.length) continue;
    for (const i of pocket) sky[i] = 1;
  }
}

/** A pocket at the picture's side beyond the walk: this close (ΔE) to its rows' sky, and at least this blue (Lab b). */
const SIDE_POCKET_DE = 8;
const SIDE_POCKET_MAX_B = -2;
/** …and reaching at most this share of the picture's height below the sky's lowest rows elsewhere. */
const SIDE_POCKET_BELOW = 0.1;

/** The row above which 85 % of the columns with sky have their lowest sky pixel (-1 without sky): where the sky meets the scene. */
export function lowestSkyRow(sky: Uint8Array, w: number, h: number): number {
  const bottoms: number[] = [];
  for (let x = 0; x < w; x++) {
    let b = -1;
    for (let y = 0; y < h; y++) if (sky[y * w + x]) b = y;
    if (b >= 0) bottoms.push(b);
  }
  bottoms.sort((p, q) => p - q);
  return bottoms.length ? bottoms[Math.floor((bottoms.length - 1) * 0.85)] : -1;
}

/** A pocket is a wall's pier when a window grid lies within this many working pixels of it. */
const GRID_MARGIN = 6;
/** How far (working pixels) the walk goes from the sky. */
const WALK_REACH = 24;
/** A pocket is at least this share of the picture (a speck between twigs is left to the matte's crown zone)… */
const POCKET_MIN = 0.004;
/** …and nearly all of it this close (ΔE) to the sky the walk left. */
const POCKET_DE = 14;
/** …and blue (mean Lab b): a pale stone wall the walk reached through a carved cornice is not. */
const POCKET_MAX_B = -8;

export function deltaE2(lab: Float32Array, i: number, j: number): number {
  const dl = lab[i * 3] - lab[j * 3];
  const da = lab[i * 3 + 1] - lab[j * 3 + 1];
  const db = lab[i * 3 + 2] - lab[j * 3 + 2];
  return dl * dl + da * da + db * db;
}

export function forNeighbours(i: number, w: number, h: number, f: (j: number) => void): void {
  const x = i % w;
  if (x > 0) f(i - 1);
  if (x < w - 1) f(i + 1);
  if (i >= w) f(i - w);
  if (i < w * (h - 1)) f(i + w);
}

function hasOutsideNeighbour(sky: Uint8Array, i: number, w: number, h: number): boolean {
  let out = false;
  forNeighbours(i, w, h, (j) => {
    if (!sky[j]) out = true;
  });
  return out;
}

/** Mean Lab of the sky in each row; a row without sky takes the nearest row above that has it. */
export function rowSkyColour(sky: Uint8Array, lab: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(h * 3);
  for (let y = 0; y < h; y++) {
    let k = 0;
    const sum = [0, 0, 0];
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!sky[i]) continue;
      k++;
      for (let c = 0; c < 3; c++) sum[c] += lab[i * 3 + c];
    }
    for (let c = 0; c < 3; c++) out[y * 3 + c] = k ? sum[c] / k : y > 0 ? out[(y - 1) * 3 + c] : 0;
  }
  return out;
}
