/**
 * A pale wall reached from the top edge is not sky: a white façade that rises out of the picture
 * (a slab seen from close by, a render or a massing model) seeds the flood fill along the top row
 * like the sky beside it, and a smooth white wall lets it run down the whole façade. The sky has
 * no windows: a part of the flood fill (pixels joined by its own colour steps) that encloses
 * several islands much darker than itself, together a real share of it, is a wall with windows,
 * and leaves the sky. Birds, a lamp's head or a cloud's dark underside are too few or too small;
 * a tree or a mast reaches the picture's edge through the scene and encloses nothing.
 */

import { cutWindowedWall, darkBlobs, windowGrid, WINDOW_DARKER } from './sky-window-grid.js';

/** Largest Lab step between neighbours of one part (the flood fill's own, squared). */
const STEP2 = 36;
/** An island counts as a window when it is at least this many working pixels (and WINDOW_DARKER darker than the part around it). */
const WINDOW_MIN = 4;
/** A part with at least this many windows covering this share of it is a wall; with fewer (a few large ones), when they cover the larger share. */
const WINDOWS_MIN = 3;
const WINDOW_SHARE = 0.03;
const FEW_WINDOWS_MIN = 2;
const FEW_WINDOW_SHARE = 0.06;

export function dropWindowedWalls(sky: Uint8Array, lab: Float32Array, w: number, h: number): void {
  const n = w * h;
  const part = new Int32Array(n).fill(-1);
  const members: number[][] = [];
  for (let s = 0; s < n; s++) {
    if (!sky[s] || part[s] >= 0) continue;
    const id = members.length;
    const list = [s];
    part[s] = id;
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      forNeighbours(i, w, h, (j) => {
        if (!sky[j] || part[j] >= 0 || step2(lab, i, j) > STEP2) return;
        part[j] = id;
        list.push(j);
      });
    }
    members.push(list);
  }
  for (let id = 0; id < members.length; id++) {
    const list = members[id];
    if (list.length < 50) continue;
    let meanL = 0;
    for (const i of list) meanL += lab[i * 3] / list.length;
    const { count, area } = darkIslands(part, id, lab, meanL - WINDOW_DARKER, w, h);
    // A wall joined to the sky in one part: only the wall around its window grid leaves the sky (the
    // rule below drops the whole part, the sky with it, or none of it when the windows are a tiny share).
    const grid = windowGrid(darkBlobs(list, lab, meanL - WINDOW_DARKER, 0, w, h));
    if (grid.windows.length && cutWindowedWall(sky, part, id, list, grid, lab, w, h)) continue;
    const wall = (count >= WINDOWS_MIN && area >= WINDOW_SHARE * list.length) || (count >= FEW_WINDOWS_MIN && area >= FEW_WINDOW_SHARE * list.length);
    if (wall) for (const i of list) sky[i] = 0;
  }
}

/** Islands of pixels outside part `id` that it encloses (touching no edge of the picture), at least WINDOW_MIN big, darker on average than `maxL`. */
function darkIslands(part: Int32Array, id: number, lab: Float32Array, maxL: number, w: number, h: number): { count: number; area: number } {
  const n = w * h;
  // Only the part's bounding box can hold its islands.
  let x0 = w;
  let x1 = -1;
  let y0 = h;
  let y1 = -1;
  for (let i = 0; i < n; i++) {
    if (part[i] !== id) continue;
    const x = i % w;
    const y = (i - x) / w;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const seen = new Uint8Array(n);
  let count = 0;
  let area = 0;
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const s = y * w + x;
      if (part[s] === id || seen[s]) continue;
      const list = [s];
      seen[s] = 1;
      let open = false;
      let sumL = 0;
      for (let k = 0; k < list.length; k++) {
        const i = list[k];
        const xi = i % w;
        const yi = (i - xi) / w;
        sumL += lab[i * 3];
        if (xi <= x0 || xi >= x1 || yi <= y0 || yi >= y1) open = true;
        forNeighbours(i, w, h, (j) => {
          if (part[j] === id || seen[j]) return;
          seen[j] = 1;
          list.push(j);
        });
      }
      if (open || list.length < WINDOW_MIN || sumL / list.length > maxL) continue;
      count++;
      area += list.length;
    }
  return { count, area };
}

function step2(lab: Float32Array, i: number, j: number): number {
  const dl = lab[i * 3] - lab[j * 3];
  const da = lab[i * 3 + 1] - lab[j * 3 + 1];
  const db = lab[i * 3 + 2] - lab[j * 3 + 2];
  return dl * dl + da * da + db * db;
}

function forNeighbours(i: number, w: number, h: number, f: (j: number) => void): void {
  const x = i % w;
  if (x > 0) f(i - 1);
  if (x < w - 1) f(i + 1);
  if (i >= w) f(i - w);
  if (i < w * (h - 1)) f(i + w);
}
