/**
 * Hazy walls taken for sky: in haze a far building is nearly the sky's colour, and the flood fill
 * runs down into it through its soft top edge. Its top is still a level step: the colour darkens
 * at one row across many columns, and all the "sky" under it, down to the scene, is darker than
 * the sky above. A haze band or a cloud's lower edge steps in scattered rows, and a sky lightens
 * toward the horizon, not darker. Per column, the sharpest such step above a short run of sky that
 * ends on scene; columns whose steps lie on one row (±1) for at least MIN_RUN columns are a wall's
 * top, and the sky under it in those columns is scene. In place, on the working resolution's 0/1 sky;
 * returns the walls taken out (0/1, a little wider), or null when there are none, so the
 * matte keeps them scene too.
 */
export function dropLevelBlocks(sky: Uint8Array, lab: Float32Array, w: number, h: number): Uint8Array | null {
  const stepRow = new Int32Array(w).fill(-1);
  const runEnd = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    let best = MIN_STEP;
    for (let y = ABOVE; y < h - 1; y++) {
      if (!sky[y * w + x] || !sky[(y + 1) * w + x]) continue;
      let above = 0;
      let clear = true;
      for (let k = 1; k <= ABOVE && clear; k++) {
        if (!sky[(y - k) * w + x]) clear = false;
        above += lab[((y - k) * w + x) * 3];
      }
      if (!clear) continue;
      above /= ABOVE;
      const step = lab[((y - 1) * w + x) * 3] - lab[((y + 1) * w + x) * 3];
      if (step <= best) continue;
      // The sky under the step runs down to scene (not to the picture's bottom), and not far.
      let end = y + 1;
      while (end + 1 < h && sky[(end + 1) * w + x]) end++;
      if (end + 1 >= h || end - y > MAX_ROWS) continue;
      let below = 0;
      for (let yy = y + 1; yy <= end; yy++) below += lab[(yy * w + x) * 3];
      below /= end - y;
      if (above - below < MIN_DARKER) continue;
      best = step;
      stepRow[x] = y;
      runEnd[x] = end;
    }
  }
  let walls: Uint8Array | null = null;
  let start = 0;
  for (let x = 1; x <= w; x++) {
    const joins = x < w && stepRow[x] >= 0 && stepRow[x - 1] >= 0 && Math.abs(stepRow[x] - stepRow[x - 1]) <= 1;
    if (joins) continue;
    if (stepRow[start] >= 0 && x - start >= MIN_RUN && isWallTop(sky, lab, w, stepRow, runEnd, start, x)) {
      walls ??= new Uint8Array(w * h);
      for (let c = start; c < x; c++)
        for (let y = stepRow[c] + 1; y <= runEnd[c]; y++) {
          sky[y * w + c] = 0;
          walls[y * w + c] = 1;
        }
    }
    start = x;
  }
  return walls && widen(walls, w, h);
}

/**
 * The walls WIDEN columns wider on each side, for the matte: their side columns mix with what stands
 * beside them and step less sharply, and the matte's colour test would take them as sky.
 */
function widen(walls: Uint8Array, w: number, h: number): Uint8Array {
  const out = walls.slice();
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!walls[y * w + x]) continue;
      for (let k = 1; k <= WIDEN; k++) {
        if (x - k >= 0) out[y * w + x - k] = 1;
        if (x + k < w) out[y * w + x + k] = 1;
      }
    }
  return out;
}

/**
 * Columns [x0, x1) step on one level row (each within ±1 of their median), the "sky" under the
 * step is even, and it does not go on sideways: beside the run, at the same rows, is scene on both
 * sides (a strip of sky under a cloud's edge goes on beside it, and so does a haze band).
 */
function isWallTop(sky: Uint8Array, lab: Float32Array, w: number, stepRow: Int32Array, runEnd: Int32Array, x0: number, x1: number): boolean {
  const rows = Array.from(stepRow.subarray(x0, x1)).sort((p, q) => p - q);
  const level = rows[rows.length >> 1];
  if (rows[0] < level - 1 || rows[rows.length - 1] > level + 1) return false;
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let x = x0; x < x1; x++)
    for (let y = stepRow[x] + 1; y <= runEnd[x]; y++) {
      const L = lab[(y * w + x) * 3];
      sum += L;
      sq += L * L;
      n++;
    }
  const mean = sum / n;
  // A wall in haze is even; sky seen between twigs is darkened by them here and there.
  if (Math.sqrt(Math.max(0, sq / n - mean * mean)) > MAX_SPREAD) return false;
  const bottom = Math.round(Array.from(runEnd.subarray(x0, x1)).reduce((s, v) => s + v, 0) / (x1 - x0));
  let beside = 0;
  let open = 0;
  for (const x of [x0 - 3, x0 - 2, x0 - 1, x1, x1 + 1, x1 + 2])
    for (let y = level + 1; y <= bottom; y++) {
      beside++;
      if (x >= 0 && x < w && sky[y * w + x]) open++;
    }
  return open <= beside * MAX_SKY_BESIDE;
}

/** The step darkens the sky by at least this much (Lab L) across it (row above to row below). */
const MIN_STEP = 3;
/** …and all the sky under it is darker than the ABOVE rows of sky over it by at least this much on average. */
const MIN_DARKER = 4;
const ABOVE = 4;
/** The sky under a wall's top reaches scene within this many rows (a wall's visible part above a roof). */
const MAX_ROWS = 16;
/** A wall's top is level across at least this many columns (working pixels). */
const MIN_RUN = 6;
const WIDEN = 2;
/** The wall under the step is even: the standard deviation of its Lab L is at most this. */
const MAX_SPREAD = 3;
/** Beside a wall, at most this share of the pixels at its rows is sky (a wall stands between buildings). */
const MAX_SKY_BESIDE = 0.25;
