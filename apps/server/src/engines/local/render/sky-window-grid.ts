/**
 * A pale wall with windows that the sky's flood fill joins: windows stand in rows and columns,
 * alike in size and rectangular, dark blobs which birds, a lamp's head, twigs, leaves or a cloud's
 * dark patches are not (too few, unlike, ragged or not aligned). Two uses:
 * - a wall in one part with the sky (sky-facades.ts): its windows are too small a share of the
 *   part to drop it whole; around the grid the part is wall where its colour is nearer the wall's
 *   (the part between the windows) than the sky's (the part away from them), and only that leaves
 *   the sky;
 * - a pale pier between two columns of windows looks like a pocket of sky between a crown's twigs
 *   (sky-crown-pockets.ts): a pocket with a window grid beside it is wall.
 */

import { pixelBox } from '../pixels/image.js';

export interface Island {
  area: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A window fills at least this share of its bounding box (a rectangle, not a bird or a twig). */
const WINDOW_FILL = 0.5;
/** Windows of one grid are within this factor of the median window's area. */
const SIZE_SPREAD = 2.5;
/** A row or column neighbour is at most this many window sizes away. */
const MATE_REACH = 4;
/** A grid has at least this many windows, each with a neighbour in its row or its column, and one with both. */
const GRID_MIN = 6;
/** The wall reaches this many window spacings beyond a window (the middle of a pier, or the wall's margin beyond the outer ones). */
const WALL_REACH = 0.5;
/** The part holds sky beside the wall when at least this share of it lies beyond that reach. */
const SKY_MIN_SHARE = 0.05;
/** Zone kinds around a grid. */
const WALL = 1;
const WINDOW = 2;
/** Wall and sky are told apart by colour only when their mean colours differ by this much (Lab). */
const MIN_CONTRAST = 6;

/** A window is at least this many working pixels, and this much darker (Lab L) than the wall around it. */
const WINDOW_MIN = 4;
export const WINDOW_DARKER = 25;
/** Of the wall between a grid's windows, at least this share is in the part for the part to hold the wall. */
const CORE_IN_PART = 0.35;

/**
 * Dark blobs (Lab L below `maxL`, 4-connected) in the bounding box of `region` grown by `margin`,
 * the box's border excluded (a blob running off the box is a shadow or a roof, not a window).
 */
export function darkBlobs(region: readonly number[], lab: Float32Array, maxL: number, margin: number, w: number, h: number): Island[] {
  let { x0, x1, y0, y1 } = pixelBox(region, w);
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  x1 = Math.min(w - 1, x1 + margin);
  y1 = Math.min(h - 1, y1 + margin);
  const seen = new Uint8Array(w * h);
  const out: Island[] = [];
  const stack: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const s = y * w + x;
      if (seen[s] || lab[s * 3] >= maxL) continue;
      seen[s] = 1;
      stack.push(s);
      const b: Island = { area: 0, x0: x, x1: x, y0: y, y1: y };
      let open = false;
      while (stack.length) {
        const i = stack.pop()!;
        const xi = i % w;
        const yi = (i - xi) / w;
        b.area++;
        b.x0 = Math.min(b.x0, xi);
        b.x1 = Math.max(b.x1, xi);
        b.y0 = Math.min(b.y0, yi);
        b.y1 = Math.max(b.y1, yi);
        if (xi === x0 || xi === x1 || yi === y0 || yi === y1) open = true;
        for (const j of [xi > x0 ? i - 1 : -1, xi < x1 ? i + 1 : -1, yi > y0 ? i - w : -1, yi < y1 ? i + w : -1]) {
          if (j < 0 || seen[j] || lab[j * 3] >= maxL) continue;
          seen[j] = 1;
          stack.push(j);
        }
      }
      if (!open && b.area >= WINDOW_MIN) out.push(b);
    }
  return out;
}

const cx = (b: Island) => (b.x0 + b.x1) / 2;
const cy = (b: Island) => (b.y0 + b.y1) / 2;
const bw = (b: Island) => b.x1 - b.x0 + 1;
const bh = (b: Island) => b.y1 - b.y0 + 1;

export interface WindowGrid {
  windows: Island[];
  /** Median distance (working pixels) between the centres of neighbours in a row, and in a column. */
  sx: number;
  sy: number;
}

/** The islands that stand in a grid of windows (none when fewer than GRID_MIN do, or none has neighbours both ways), with its spacing. */
export function windowGrid(islands: readonly Island[]): WindowGrid {
  const rect = islands.filter((b) => b.area >= WINDOW_FILL * bw(b) * bh(b));
  const areas = rect.map((b) => b.area).sort((p, q) => p - q);
  const median = areas[Math.floor(areas.length / 2)] ?? 0;
  const alike = rect.filter((b) => b.area <= median * SIZE_SPREAD && b.area >= median / SIZE_SPREAD);
  const windows: Island[] = [];
  const dxs: number[] = [];
  const dys: number[] = [];
  let crossed = false;
  for (const b of alike) {
    let dx = Infinity;
    let dy = Infinity;
    for (const o of alike) {
      if (o === b) continue;
      const ex = Math.abs(cx(o) - cx(b));
      const ey = Math.abs(cy(o) - cy(b));
      const sw = Math.max(bw(o), bw(b));
      const sh = Math.max(bh(o), bh(b));
      if (ey <= sh / 2 && ex <= MATE_REACH * sw) dx = Math.min(dx, ex);
      if (ex <= sw / 2 && ey <= MATE_REACH * sh) dy = Math.min(dy, ey);
    }
    if (dx === Infinity && dy === Infinity) continue;
    if (dx < Infinity && dy < Infinity) crossed = true;
    windows.push(b);
    if (dx < Infinity) dxs.push(dx);
    if (dy < Infinity) dys.push(dy);
  }
  if (windows.length < GRID_MIN || !crossed) return { windows: [], sx: 0, sy: 0 };
  const mid = (v: number[]) => v.sort((p, q) => p - q)[Math.floor(v.length / 2)];
  return { windows, sx: mid(dxs), sy: mid(dys) };
}

/**
 * Takes the wall around a window grid out of part `id` of the sky, in place: the part's pixels
 * within half the grid's spacing of a window (up to the middle of the piers between windows, and
 * as far beyond the outer ones) whose colour is nearer the wall's there than the sky's farther
 * away. False (nothing changed) when the wall between the windows is not in the part, the part
 * has no sky away from them, or the two colours are alike.
 */
export function cutWindowedWall(sky: Uint8Array, part: Int32Array, id: number, list: readonly number[], grid: WindowGrid, lab: Float32Array, w: number, h: number): boolean {
  const zone = new Uint8Array(w * h);
  const rx = Math.ceil(grid.sx * WALL_REACH);
  const ry = Math.ceil(grid.sy * WALL_REACH);
  for (const b of grid.windows)
    for (let y = Math.max(0, b.y0 - ry); y <= Math.min(h - 1, b.y1 + ry); y++)
      for (let x = Math.max(0, b.x0 - rx); x <= Math.min(w - 1, b.x1 + rx); x++) zone[y * w + x] = WALL;
  for (const b of grid.windows) for (let y = b.y0; y <= b.y1; y++) for (let x = b.x0; x <= b.x1; x++) zone[y * w + x] = WINDOW;
  let between = 0;
  let inPart = 0;
  for (let i = 0; i < zone.length; i++) {
    if (zone[i] !== WALL) continue;
    between++;
    if (part[i] === id) inPart++;
  }
  if (inPart < CORE_IN_PART * between) return false;
  const wall = [0, 0, 0, 0];
  const far = [0, 0, 0, 0];
  for (const i of list) {
    const acc = zone[i] === WALL ? wall : zone[i] === 0 ? far : null;
    if (!acc) continue;
    for (let c = 0; c < 3; c++) acc[c] += lab[i * 3 + c];
    acc[3]++;
  }
  if (far[3] < SKY_MIN_SHARE * list.length) return false;
  for (let c = 0; c < 3; c++) {
    wall[c] /= wall[3];
    far[c] /= far[3];
  }
  const dist2 = (i: number, m: number[]) => (lab[i * 3] - m[0]) ** 2 + (lab[i * 3 + 1] - m[1]) ** 2 + (lab[i * 3 + 2] - m[2]) ** 2;
  if ((wall[0] - far[0]) ** 2 + (wall[1] - far[1]) ** 2 + (wall[2] - far[2]) ** 2 < MIN_CONTRAST ** 2) return false;
  for (const i of list) if (zone[i] && dist2(i, wall) < dist2(i, far)) sky[i] = 0;
  return true;
}
