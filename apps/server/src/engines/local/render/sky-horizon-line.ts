/**
 * A render's horizon line inside the sky: where a model's pale ground plane meets a pale sky, the
 * flood fill runs over the horizon, but the colour still steps there. Per column, the strongest
 * darkening step inside the sky with ground plane (sky) below it; the straight line through most
 * of those steps is the horizon when it is drawn by enough columns and most of them agree (a
 * photograph's cloud edges and haze bands step in scattered rows).
 */
export interface HorizonLine {
  /** Row = slope * x + intercept, at the working resolution. */
  slope: number;
  intercept: number;
  /** The columns whose step lies on the line, with the row of the step. */
  steps: Array<[number, number]>;
}

/** A step darkens the sky by at least this much (Lab L) over two rows. */
const MIN_STEP = 2.5;
/** …with at least this many rows of sky under it (a ground plane, not the sky's own edge). */
const MIN_GROUND_ROWS = 8;
/** A render's horizon is level or nearly so (rows per column). */
const MAX_SLOPE = 0.1;
const SLOPE_STEP = 0.005;
/** A step within this many rows of the line lies on it. */
const ON_LINE = 1.5;
/** The line is drawn by at least this share of the picture's columns… */
const MIN_COLUMNS = 0.1;
/** …and by at least this share of the columns that step at all. */
const MIN_AGREEMENT = 0.6;

export function findHorizonLine(sky: Uint8Array, lab: Float32Array, w: number, h: number): HorizonLine | null {
  const steps: Array<[number, number]> = [];
  for (let x = 0; x < w; x++) {
    let best = -1;
    let bestStep = MIN_STEP;
    // The sky rows below each row, counted upward.
    let run = 0;
    const runBelow = new Int32Array(h);
    for (let y = h - 1; y >= 0; y--) {
      run = sky[y * w + x] ? run + 1 : 0;
      runBelow[y] = run;
    }
    for (let y = 2; y + 2 < h; y++) {
      if (!sky[(y - 2) * w + x] || !sky[(y - 1) * w + x] || runBelow[y] < MIN_GROUND_ROWS + 3) continue;
      const step = Math.max(lab[((y - 1) * w + x) * 3], lab[(y * w + x) * 3]) - lab[((y + 2) * w + x) * 3];
      if (step > bestStep) {
        bestStep = step;
        best = y;
      }
    }
    if (best >= 0) steps.push([x, best]);
  }
  if (steps.length < w * MIN_COLUMNS) return null;
  let line: HorizonLine | null = null;
  for (let slope = -MAX_SLOPE; slope <= MAX_SLOPE + 1e-9; slope += SLOPE_STEP)
    for (const [px, py] of steps) {
      const intercept = py - slope * px;
      const on = steps.filter(([x, y]) => Math.abs(y - (slope * x + intercept)) <= ON_LINE);
      if (!line || on.length > line.steps.length) line = { slope, intercept, steps: on };
    }
  if (!line || line.steps.length < w * MIN_COLUMNS || line.steps.length < steps.length * MIN_AGREEMENT) return null;
  return line;
}
