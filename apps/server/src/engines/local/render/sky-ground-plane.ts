/**
 * A model's ground plane taken for sky: in a render or a model screenshot the ground is often a
 * flat pale plane that meets a pale horizon sky with a colour step too small for the flood fill to
 * stop at, so the sky runs down over the whole ground to the bottom edge. No photograph of this set
 * has sky on its bottom row; so when the sky reaches it, the sky's part below its horizon (the row
 * where the sky is lightest: a sky lightens toward the horizon, a ground plane darkens toward the
 * viewer) that reaches the bottom edge is ground. In place, on the working resolution's 0/1 sky.
 */
export function dropGroundPlane(sky: Uint8Array, lab: Float32Array, w: number, h: number): void {
  let onBottom = false;
  for (let x = 0; x < w; x++) if (sky[(h - 1) * w + x]) onBottom = true;
  if (!onBottom) return;
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
  if (horizon < 0 || horizon >= h - 1) return;
  // The sky below the horizon that reaches the bottom edge through sky below the horizon.
  const stack: number[] = [];
  for (let x = 0; x < w; x++) {
    const i = (h - 1) * w + x;
    if (sky[i]) {
      sky[i] = 0;
      stack.push(i);
    }
  }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > horizon + 1 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j < 0 || !sky[j]) continue;
      sky[j] = 0;
      stack.push(j);
    }
  }
}
