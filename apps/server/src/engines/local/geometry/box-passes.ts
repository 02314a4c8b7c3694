/**
 * Exact synthetic passes of a box seen across its corner, standing on the ground, for the
 * tests of issue 31 parts 2 and 3: every pixel ray-cast (2 × 2 samples, averaged like a
 * renderer's pixel filter), so the faces, their normals, depths and vanishing points are known.
 * World: z up; the box spans x 0–8 m, y 0–6 m, z 0–5 m; the camera stands at eye height in front
 * of the corner (0, 0), pitched up a little. Test support.
 */
import { cross, dot, normalize, type Vec3 } from './linalg.js';
import type { VanishingPoint } from './plane.js';
import type { ViewPasses } from './view-passes.js';

export const BOX = { x: 8, y: 6, z: 5 };

export interface BoxView {
  passes: ViewPasses;
  /** 0: the box (both faces, as one ID colour would give), 1: the ground, −1: sky. */
  labels: Int32Array;
  /** The face each pixel centre sees: 0 the face along x (normal −y), 1 the face along y (normal −x), 2 the ground, −1 sky. */
  faces: Int32Array;
  focal: number;
  /** Camera-space directions of world x, y and up, and their vanishing points. */
  axes: { x: Vec3; y: Vec3; up: Vec3 };
  vps: { x: VanishingPoint; y: VanishingPoint; up: VanishingPoint };
  /** World point → image pixel (x, y). */
  project: (p: Vec3) => [number, number];
}

export function boxCornerView(w = 320, h = 240, fovDeg = 70, pitchDeg = 6): BoxView {
  const focal = w / 2 / Math.tan((fovDeg * Math.PI) / 360);
  const eye: Vec3 = [-5.5, -6.5, 1.6];
  const target: Vec3 = [0, 0, 1.6 + Math.tan((pitchDeg * Math.PI) / 180) * Math.hypot(5.5, 6.5)];
  const fwd = normalize([target[0] - eye[0], target[1] - eye[1], target[2] - eye[2]]);
  const right = normalize(cross(fwd, [0, 0, 1]));
  const upCam = cross(right, fwd);
  const toCam = (d: Vec3): Vec3 => [dot(d, right), -dot(d, upCam), dot(d, fwd)];
  const toWorld = (c: Vec3): Vec3 => [0, 1, 2].map((k) => right[k] * c[0] - upCam[k] * c[1] + fwd[k] * c[2]) as Vec3;
  const cx = w / 2;
  const cy = h / 2;

  /** The ray's hit: face, z depth and camera-space normal, or null (sky). */
  const cast = (px: number, py: number): { face: number; z: number; n: Vec3 } | null => {
    const dc: Vec3 = [(px - cx) / focal, (py - cy) / focal, 1];
    const d = toWorld(dc);
    // The box's two faces seen (y = 0 facing −y, x = 0 facing −x) and the ground.
    let best: { face: number; t: number; n: Vec3 } | null = null;
    const tY = -eye[1] / d[1];
    if (tY > 0) {
      const p = [eye[0] + d[0] * tY, 0, eye[2] + d[2] * tY];
      if (p[0] >= 0 && p[0] <= BOX.x && p[2] >= 0 && p[2] <= BOX.z) best = { face: 0, t: tY, n: [0, -1, 0] };
    }
    const tX = -eye[0] / d[0];
    if (tX > 0 && (!best || tX < best.t)) {
      const p = [0, eye[1] + d[1] * tX, eye[2] + d[2] * tX];
      if (p[1] >= 0 && p[1] <= BOX.y && p[2] >= 0 && p[2] <= BOX.z) best = { face: 1, t: tX, n: [-1, 0, 0] };
    }
    const tG = -eye[2] / d[2];
    if (!best && tG > 0 && tG < 400) best = { face: 2, t: tG, n: [0, 0, 1] };
    if (!best) return null;
    return { face: best.face, z: best.t, n: toCam(best.n) };
  };

  const n = w * h;
  const normal = new Float32Array(n * 3);
  const depth = new Float32Array(n).fill(NaN);
  const labels = new Int32Array(n).fill(-1);
  const faces = new Int32Array(n).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const centre = cast(x + 0.5, y + 0.5);
      faces[i] = centre ? centre.face : -1;
      labels[i] = centre ? (centre.face === 2 ? 1 : 0) : -1;
      const sum: Vec3 = [0, 0, 0];
      let zs = 0;
      let hits = 0;
      for (const [sx, sy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ]) {
        const hit = cast(x + sx, y + sy);
        if (!hit) continue;
        hits++;
        zs += hit.z;
        for (let k = 0; k < 3; k++) sum[k] += hit.n[k];
      }
      if (hits >= 2) {
        const u = normalize(sum);
        normal.set(u, i * 3);
        depth[i] = zs / hits;
      }
    }
  const vp = (d: Vec3): VanishingPoint => ({ x: focal * d[0] + cx * d[2], y: focal * d[1] + cy * d[2], w: d[2] });
  const axes = { x: toCam([1, 0, 0]), y: toCam([0, 1, 0]), up: toCam([0, 0, 1]) };
  const project = (p: Vec3): [number, number] => {
    const c = toCam([p[0] - eye[0], p[1] - eye[1], p[2] - eye[2]]);
    return [cx + (focal * c[0]) / c[2], cy + (focal * c[1]) / c[2]];
  };
  return { passes: { width: w, height: h, normal, depth, fovDeg: null }, labels, faces, focal, axes, vps: { x: vp(axes.x), y: vp(axes.y), up: vp(axes.up) }, project };
}
