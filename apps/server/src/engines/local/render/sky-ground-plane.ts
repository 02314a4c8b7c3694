import { findHorizonLine } from './sky-horizon-line.js';

/**
 * A model's ground plane taken for sky: in a render or a model screenshot the ground is often a
 * flat pale plane that meets a pale horizon sky with a colour step too small for the flood fill to
 * stop at, so the sky runs down over the ground. Below its horizon the sky is ground:
 * - when the sky reaches the bottom edge (no photograph of this set has sky on its bottom row),
 *   its horizon is the row where it is lightest (a sky lightens toward the horizon, a ground plane
 *   darkens toward the viewer), and its part below that row that reaches the bottom edge is ground;
 * - when a lawn or paving in front stops it, its horizon is a straight line along which it steps
 *   darker (sky-horizon-line.ts), and its part below that line that darkens toward the viewer is ground.
 * In place, on the working resolution's 0/1 sky.
 */
export function dropGroundPlane(sky: Uint8Array, lab: Float32Array, w: number, h: number): void {
  let onBottom = false;
  for (let x = 0; x < w; x++) if (sky[(h - 1) * w + x]) onBottom = true;
  if (onBottom) {
    const horizon = lightestRow(sky, lab, w, h);
    if (horizon < 0 || horizon >= h - 1) return;
    const seeds: number[] = [];
    for (let x = 0; x < w; x++) if (sky[(h - 1) * w + x]) seeds.push((h - 1) * w + x);
    for (const i of below(sky, w, h, seeds, () => horizon)) sky[i] = 0;
    return;
  }
  const line = findHorizonLine(sky, lab, w, h);
  if (!line) return;
  const lineAt = (x: number) => line.slope * x + line.intercept;
  const part = below(sky, w, h, line.steps.map(([x, y]) => (y + 2) * w + x), lineAt);
  if (!darkensTowardViewer(part, lab, w, lineAt)) return;
  for (const i of part) sky[i] = 0;
}

/** The row where the sky is lightest on average, or -1 without sky. */
function lightestRow(sky: Uint8Array, lab: Float32Array, w: number, h: number): number {
  let horizon = -1;
  let lightest = -Infinity;
  for (let y = 0; y < h; y++) {
    let sum = 0;
    let n = 0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!sky[i]) continue;
      sum += lab[i * 3];
      n++;
    }
    if (n > 0 && sum / n > lightest) {
      lightest = sum / n;
      horizon = y;
    }
  }
  return horizon;
}

/** The sky pixels connected to the seeds through sky lying below the horizon (rows beyond horizonAt(x)). */
function below(sky: Uint8Array, w: number, h: number, seeds: number[], horizonAt: (x: number) => number): number[] {
  const seen = new Uint8Array(w * h);
  const stack = seeds.filter((i) => sky[i]);
  for (const i of stack) seen[i] = 1;
  const out: number[] = [];
  while (stack.length) {
    const i = stack.pop()!;
    out.push(i);
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j < 0 || seen[j] || !sky[j]) continue;
      const jx = j % w;
      if ((j - jx) / w <= horizonAt(jx)) continue;
      seen[j] = 1;
      stack.push(j);
    }
  }
  return out;
}

/**
 * A ground plane darkens toward the viewer: its deepest rows below the line (the lowest 30 % of its
 * depth) are darker than its rows next to the line. Sky seen below a cloud's straight edge does not.
 */
function darkensTowardViewer(part: number[], lab: Float32Array, w: number, lineAt: (x: number) => number): boolean {
  if (!part.length) return false;
  const depthOf = (i: number) => Math.floor(i / w) - lineAt(i % w);
  const depths = part.map(depthOf).sort((a, b) => a - b);
  const deepest = depths[Math.floor((depths.length - 1) * 0.9)];
  let near = 0;
  let nearN = 0;
  let far = 0;
  let farN = 0;
  for (const i of part) {
    const d = depthOf(i);
    if (d <= NEAR_LINE_ROWS) {
      near += lab[i * 3];
      nearN++;
    }
    if (d >= deepest * 0.7) {
      far += lab[i * 3];
      farN++;
    }
  }
  return nearN > 0 && farN > 0 && deepest > NEAR_LINE_ROWS && near / nearN - far / farN >= GROUND_DARKENING;
}

/** Rows below the horizon line that count as next to it. */
const NEAR_LINE_ROWS = 5;
/** A ground plane's far rows are at least this much darker (Lab L) than its rows at the horizon. */
const GROUND_DARKENING = 3;
