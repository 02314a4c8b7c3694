/** What makes a blob of candidate pixels window-like. */
export interface BlobShape {
  /** A blob's share of the image: at least / at most. */
  minShare: number;
  maxShare: number;
  /** A blob's pixels over its bounding box's area: at least. */
  fill: number;
  /** A blob's outline pixels that are wall (`enclosing`): at least this share (the image's edge is not). */
  enclosed: number;
  /** Longer over shorter side of a blob's bounding box: at most. */
  elongation: number;
}

/** A connected blob: its component index, pixel count and bounding box [x0, y0, x1, y1] (inclusive). */
export interface Blob {
  id: number;
  area: number;
  box: [number, number, number, number];
}

/** 4-connected components of the set pixels of `mask`: component index per pixel (-1 outside) and their count. */
export function components(mask: Uint8Array, w: number, h: number): { comp: Int32Array; count: number } {
  const comp = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  let count = 0;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || comp[s] >= 0) continue;
    comp[s] = count;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const i = stack[--top];
      const x = i % w;
      // Left, right, up, down (plain code: this loop is hot at full resolution).
      if (x > 0 && mask[i - 1] && comp[i - 1] < 0) {
        comp[i - 1] = count;
        stack[top++] = i - 1;
      }
      if (x < w - 1 && mask[i + 1] && comp[i + 1] < 0) {
        comp[i + 1] = count;
        stack[top++] = i + 1;
      }
      if (i >= w && mask[i - w] && comp[i - w] < 0) {
        comp[i - w] = count;
        stack[top++] = i - w;
      }
      if (i < w * (h - 1) && mask[i + w] && comp[i + w] < 0) {
        comp[i + w] = count;
        stack[top++] = i + w;
      }
    }
    count++;
  }
  return { comp, count };
}

/**
 * 4-connected components of the set pixels of `mask`, grown from a seed: a pixel joins when its
 * colour (`lab`: L, a, b per pixel) is within `step` (Lab distance) of the mean of the pixels
 * joined so far, so a dark glass pane and a brown door side by side are two parts, as is a shop
 * window under a fascia of another colour, while a render's noise within one surface is not an edge.
 */
export function colourComponents(mask: Uint8Array, lab: Float32Array, w: number, h: number, step: number): { comp: Int32Array; count: number } {
  const comp = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  const step2 = step * step;
  let count = 0;
  for (let s = 0; s < mask.length; s++) {
    if (!mask[s] || comp[s] >= 0) continue;
    comp[s] = count;
    let top = 0;
    stack[top++] = s;
    const sum = [lab[s * 3], lab[s * 3 + 1], lab[s * 3 + 2]];
    let size = 1;
    while (top > 0) {
      const i = stack[--top];
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < w * (h - 1) ? i + w : -1]) {
        if (j < 0 || !mask[j] || comp[j] >= 0) continue;
        const d2 = (lab[j * 3] - sum[0] / size) ** 2 + (lab[j * 3 + 1] - sum[1] / size) ** 2 + (lab[j * 3 + 2] - sum[2] / size) ** 2;
        if (d2 >= step2) continue;
        comp[j] = count;
        stack[top++] = j;
        for (let q = 0; q < 3; q++) sum[q] += lab[j * 3 + q];
        size++;
      }
    }
    count++;
  }
  return { comp, count };
}

/**
 * The connected blobs of `candidate` pixels that look like windows: not too small
 * or large, filling most of their bounding box, not long and thin (a course, a shadow line), and
 * bounded mostly by `enclosing` pixels (1) (wall around a pane, not the image's edge).
 */
export function rectangularBlobs(
  candidate: Uint8Array,
  w: number,
  h: number,
  enclosing: Uint8Array,
  shape: BlobShape,
  parts: { comp: Int32Array; count: number } = components(candidate, w, h),
): { comp: Int32Array; blobs: Blob[] } {
  const n = w * h;
  const { comp, count: K } = parts;
  const area = new Float64Array(K);
  const box = Array.from({ length: K }, () => [w, h, -1, -1]);
  const rim = new Float64Array(K);
  const rimWall = new Float64Array(K);
  for (let y = 0, i = 0; y < h; y++)
    for (let x = 0; x < w; x++, i++) {
      const k = comp[i];
      if (k < 0) continue;
      area[k]++;
      const b = box[k];
      if (x < b[0]) b[0] = x;
      if (y < b[1]) b[1] = y;
      if (x > b[2]) b[2] = x;
      if (y > b[3]) b[3] = y;
      // The outline: neighbours outside the blob, the image's edge counting as not wall.
      if (x === 0) rim[k]++;
      else if (comp[i - 1] !== k) {
        rim[k]++;
        if (enclosing[i - 1]) rimWall[k]++;
      }
      if (x === w - 1) rim[k]++;
      else if (comp[i + 1] !== k) {
        rim[k]++;
        if (enclosing[i + 1]) rimWall[k]++;
      }
      if (y === 0) rim[k]++;
      else if (comp[i - w] !== k) {
        rim[k]++;
        if (enclosing[i - w]) rimWall[k]++;
      }
      if (y === h - 1) rim[k]++;
      else if (comp[i + w] !== k) {
        rim[k]++;
        if (enclosing[i + w]) rimWall[k]++;
      }
    }
  const accept = new Uint8Array(K);
  for (let k = 0; k < K; k++) {
    const [x0, y0, x1, y1] = box[k];
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    accept[k] = Number(
      area[k] >= shape.minShare * n &&
        area[k] <= shape.maxShare * n &&
        area[k] >= shape.fill * bw * bh &&
        Math.max(bw, bh) <= shape.elongation * Math.min(bw, bh) &&
        rimWall[k] >= shape.enclosed * rim[k],
    );
  }
  const blobs: Blob[] = [];
  for (let k = 0; k < K; k++) if (accept[k]) blobs.push({ id: k, area: area[k], box: box[k] as Blob['box'] });
  return { comp, blobs };
}

/** Paints the pixels of `blobs` (components of `comp`) as 1. */
export function blobMask(comp: Int32Array, blobs: Blob[]): Uint8Array {
  let count = 0;
  for (const b of blobs) count = Math.max(count, b.id + 1);
  const keep = new Uint8Array(count);
  for (const b of blobs) keep[b.id] = 1;
  const out = new Uint8Array(comp.length);
  for (let i = 0; i < comp.length; i++) if (comp[i] >= 0 && comp[i] < count && keep[comp[i]]) out[i] = 1;
  return out;
}
