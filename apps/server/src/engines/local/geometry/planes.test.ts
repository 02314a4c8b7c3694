import { describe, expect, it } from 'vitest';
import { newPlane, newRgb, type Plane, type Rgb } from '../pixels/image.js';
import { applyH, invert3, mulVec, normalize, type Vec3 } from './linalg.js';
import { imageLineAngle, ray } from './camera-plane.js';
import { estimateGeometry, planesOf } from './planes.js';
import type { VanishingFrame } from './vanishing.js';

const W = 640;
const H = 480;
const F = 520;
const SQUARE = 0.5; // metres
const COLS = 12;
const ROWS = 8;

/** A camera pitched up 8° and turned 35° to a wall (u along it, v up): plane (u, v) → image. */
function wallToImage(): number[] {
  const pitch = (8 * Math.PI) / 180;
  const yaw = (35 * Math.PI) / 180;
  // Wall axes and origin in camera space before pitching (x right, y down, z forward).
  const A: Vec3 = [Math.cos(yaw), 0, Math.sin(yaw)];
  const B: Vec3 = [0, -1, 0];
  const O: Vec3 = [-2.6, 1.6, 7];
  const rx = (p: Vec3): Vec3 => [p[0], p[1] * Math.cos(pitch) + p[2] * Math.sin(pitch), -p[1] * Math.sin(pitch) + p[2] * Math.cos(pitch)];
  const [a, b, o] = [rx(A), rx(B), rx(O)];
  const K = [F, 0, W / 2, 0, F, H / 2, 0, 0, 1];
  const [ka, kb, ko] = [a, b, o].map((c) => mulVec(K, c));
  return [ka[0], kb[0], ko[0], ka[1], kb[1], ko[1], ka[2], kb[2], ko[2]];
}

function render(toImage: number[], cols = COLS, rows = ROWS): { rgb: Rgb; mask: Plane } {
  const inv = invert3(toImage)!;
  const rgb = newRgb(W, H);
  const mask = newPlane(W, H);
  const S = 4;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let acc = 0;
      let inside = 0;
      for (let j = 0; j < S; j++)
        for (let i = 0; i < S; i++) {
          const q = applyH(inv, x + (i + 0.5) / S, y + (j + 0.5) / S);
          if (!q || q[0] < 0 || q[1] < 0 || q[0] > cols * SQUARE || q[1] > rows * SQUARE) {
            acc += 0.55; // a flat background
            continue;
          }
          inside++;
          acc += (Math.floor(q[0] / SQUARE) + Math.floor(q[1] / SQUARE)) % 2 ? 0.85 : 0.2;
        }
      const v = acc / (S * S);
      rgb.d.fill(v, (y * W + x) * 3, (y * W + x) * 3 + 3);
      mask.d[y * W + x] = inside > (S * S) / 2 ? 1 : 0;
    }
  return { rgb, mask };
}

/** Each inner square of the board (plane → image by toImage) mapped back by toPlane: side lengths, corner cosines, axes. */
function squaresThrough(toImage: number[], toPlane: number[], cols: number, rows: number) {
  const sides: number[] = [];
  const cosines: number[] = [];
  const axes: Array<[number[], number[]]> = [];
  for (let r = 1; r < rows - 1; r++)
    for (let c = 1; c < cols - 1; c++) {
      const corner = (i: number, j: number) => {
        const im = applyH(toImage, (c + i) * SQUARE, (r + j) * SQUARE)!;
        return applyH(toPlane, im[0], im[1])!;
      };
      const p0 = corner(0, 0);
      const pu = corner(1, 0);
      const pv = corner(0, 1);
      const du = [pu[0] - p0[0], pu[1] - p0[1]];
      const dv = [pv[0] - p0[0], pv[1] - p0[1]];
      sides.push(Math.hypot(du[0], du[1]), Math.hypot(dv[0], dv[1]));
      cosines.push(Math.abs(du[0] * dv[0] + du[1] * dv[1]) / (Math.hypot(du[0], du[1]) * Math.hypot(dv[0], dv[1])));
      axes.push([du, dv]);
    }
  return { sides, cosines, axes };
}

describe('estimatePlanes', () => {
  it('rectifies a checkerboard wall seen in perspective: its squares come out equal squares (5 %) at the real scale', () => {
    const toImage = wallToImage();
    const { rgb, mask } = render(toImage);
    const heightCm = ROWS * SQUARE * 100;
    const g = estimateGeometry(rgb, [{ mask, kind: 'wall' }], { realHeightCm: heightCm });
    const plane = g.planes[0]!;
    expect(plane.source).toBe('lines');
    expect(g.frame.focalFrom).toBe('vanishing-points');
    const { sides, cosines, axes } = squaresThrough(toImage, plane.toPlane, COLS, ROWS);
    for (const [du, dv] of axes) {
      // u runs along the courses (right), v upward.
      expect(du[0]).toBeGreaterThan(0);
      expect(dv[1]).toBeGreaterThan(0);
    }
    const mean = sides.reduce((s, v) => s + v, 0) / sides.length;
    for (const s of sides) expect(Math.abs(s / mean - 1)).toBeLessThan(0.05);
    for (const c of cosines) expect(c).toBeLessThan(0.05);
    // The scale: the wall's height is the given real height, so a square is SQUARE metres (within 10 %: the 2–98 % extent).
    expect(mean).toBeGreaterThan(SQUARE * 0.9);
    expect(mean).toBeLessThan(SQUARE * 1.1);
    // The plane's u vanishing point is the true one of the wall's horizontal edges.
    const trueU = mulVec(toImage, [1, 0, 0]);
    const estU = plane.vanishing[0];
    const ang = Math.acos(Math.abs(normalize([(trueU[0] - 320 * trueU[2]) / F, (trueU[1] - 240 * trueU[2]) / F, trueU[2]]).reduce((s, v, k) => s + v * normalize([(estU.x - 320 * estU.w) / F, (estU.y - 240 * estU.w) / F, estU.w])[k], 0)));
    expect((ang * 180) / Math.PI).toBeLessThan(1);
  });

  it('rectifies a checkerboard floor seen from eye height (no vertical lines: the horizon of its two families gives the plane) to equal squares at the real scale', () => {
    // Camera 1.6 m above the floor, pitched down 20°, the board turned 30°: plane (u, v) → image.
    const pitch = (-20 * Math.PI) / 180;
    const yaw = (30 * Math.PI) / 180;
    const A: Vec3 = [Math.cos(yaw), 0, Math.sin(yaw)];
    const B: Vec3 = [-Math.sin(yaw), 0, Math.cos(yaw)];
    const O: Vec3 = [-2.5, 1.6, 2.2];
    const rx = (p: Vec3): Vec3 => [p[0], p[1] * Math.cos(pitch) + p[2] * Math.sin(pitch), -p[1] * Math.sin(pitch) + p[2] * Math.cos(pitch)];
    const K = [F, 0, W / 2, 0, F, H / 2, 0, 0, 1];
    const [ka, kb, ko] = [A, B, O].map((c) => mulVec(K, rx(c)));
    const toImage = [ka[0], kb[0], ko[0], ka[1], kb[1], ko[1], ka[2], kb[2], ko[2]];
    const cols = 10;
    const rows = 12;
    const { rgb, mask } = render(toImage, cols, rows);
    const g = estimateGeometry(rgb, [{ mask, kind: 'floor' }], { cameraHeightM: 1.6 });
    const plane = g.planes[0]!;
    expect(plane.source).toBe('lines');
    expect(g.frame.vertical.implied).toBe(true);
    const { sides, cosines } = squaresThrough(toImage, plane.toPlane, cols, rows);
    const mean = sides.reduce((s, v) => s + v, 0) / sides.length;
    for (const s of sides) expect(Math.abs(s / mean - 1)).toBeLessThan(0.05);
    for (const c of cosines) expect(c).toBeLessThan(0.05);
    expect(mean).toBeGreaterThan(SQUARE * 0.9);
    expect(mean).toBeLessThan(SQUARE * 1.1);
  });

  it('gives a region without lines a fronto-parallel fallback, and an empty region null', () => {
    const rgb = newRgb(200, 150);
    rgb.d.fill(0.5);
    const mask = newPlane(200, 150);
    for (let y = 30; y < 130; y++) for (let x = 40; x < 160; x++) mask.d[y * 200 + x] = 1;
    const [p, none] = estimateGeometry(rgb, [{ mask, kind: 'wall' }, { mask: newPlane(200, 150), kind: 'floor' }], { realHeightCm: 1000 }).planes;
    expect(none).toBeNull();
    expect(p!.source).toBe('fallback');
    expect(p!.confidence).toBeLessThan(0.2);
    // 100 px tall region = 10 m: the bottom-left corner is (0, 0), the top-right (12, 10).
    expect(applyH(p!.toPlane, 40, 130)).toEqual([0, 0]);
    const tr = applyH(p!.toPlane, 160, 30)!;
    expect(tr[0]).toBeCloseTo(12, 6);
    expect(tr[1]).toBeCloseTo(10, 6);
  });
});

describe('planesOf: courses never run along the verticals', () => {
  // A frame as the Charminar's once was: the vertical point above a 768×1024 picture and a
  // "horizontal" family straight below it (window jambs, a few degrees off the verticals), its
  // lines all inside a façade region. A plane on it would render the courses as a steep lattice.
  const w = 768;
  const h = 1024;
  const focal = 1530;
  const k = { cx: w / 2, cy: h / 2, focal };
  const dirOf = (x: number, y: number): Vec3 => normalize([(x - k.cx) / focal, (y - k.cy) / focal, 1]);
  const seg = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2, width: 1, score: 5 });
  const jambs = Array.from({ length: 12 }, (_, i) => seg(300 + i * 30, 450, 300 + i * 30 - 1.5, 520));
  const uprights = Array.from({ length: 12 }, (_, i) => seg(290 + i * 30, 600, 290 + i * 30 + 1, 680));
  const family = (x: number, y: number, members: number[], support: number) => ({ point: { x, y, w: 1 }, dir: dirOf(x, y), members, support, implied: false });
  const frame: VanishingFrame = {
    width: w,
    height: h,
    cx: k.cx,
    cy: k.cy,
    focal,
    focalFrom: 'vanishing-points',
    vertical: family(342, -1249, uprights.map((_, i) => 12 + i), 960),
    horizontal: [family(249, 1845, jambs.map((_, i) => i), 840), family(22515, 1002, [], 0)],
    manhattan: true,
  };
  const mask = newPlane(w, h);
  for (let y = 400; y < 750; y++) for (let x = 250; x < 680; x++) mask.d[y * w + x] = 1;

  it('takes no plane whose courses would cross the verticals at a few degrees', () => {
    const [plane] = planesOf(frame, [...jambs, ...uprights], [{ mask, kind: 'wall' }]);
    expect(plane).not.toBeNull();
    const p = ray(k, 465, 575);
    const vp = plane!.vanishing[0];
    const courses: Vec3 = Math.abs(vp.w) < 1e-9 ? normalize([vp.x, vp.y, 0]) : dirOf(vp.x / vp.w, vp.y / vp.w);
    expect(imageLineAngle(k, p, courses, frame.vertical.dir)).toBeGreaterThan(25);
  });
});
