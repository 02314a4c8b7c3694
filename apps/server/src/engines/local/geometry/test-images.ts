/**
 * Synthetic test images of the geometry code: polygons drawn with exact area coverage
 * (supersampled 8×8), so their edges are known lines to a fraction of a pixel.
 */
import { newPlane, type Plane } from '../pixels/image.js';
import { applyH, invert3, mulVec, type Vec3 } from './linalg.js';

export type Poly = Array<[number, number]>;

function inside(poly: Poly, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/** A plane of `bg` with each polygon filled with its value (later ones on top), anti-aliased. */
export function drawPolygons(w: number, h: number, bg: number, polys: Array<{ poly: Poly; value: number }>): Plane {
  const out = newPlane(w, h, bg);
  const S = 8;
  for (const { poly, value } of polys) {
    const xs = poly.map((p) => p[0]);
    const ys = poly.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        let c = 0;
        for (let j = 0; j < S; j++) for (let i = 0; i < S; i++) if (inside(poly, x + (i + 0.5) / S, y + (j + 0.5) / S)) c++;
        if (c) out.d[y * w + x] = out.d[y * w + x] * (1 - c / (S * S)) + (value * c) / (S * S);
      }
  }
  return out;
}

/** A wall face for `renderFaces`: plane (u, v) metres → image (row-major 3×3), its extent and its paint. */
export interface FaceSpec {
  toImage: number[];
  size: [number, number];
  paint: (u: number, v: number) => number;
}

/**
 * Grey images of faces seen in perspective (supersampled 4×4) over a flat background, with each
 * face's pixels (more than half covered). Faces must not overlap in the image.
 */
export function renderFaces(w: number, h: number, bg: number, faces: FaceSpec[]): { lum: Plane; masks: Plane[] } {
  const lum = newPlane(w, h, bg);
  const masks = faces.map(() => newPlane(w, h));
  const inv = faces.map((f) => invert3(f.toImage)!);
  const S = 4;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let acc = 0;
      const hits = faces.map(() => 0);
      for (let j = 0; j < S; j++)
        for (let i = 0; i < S; i++) {
          const px = x + (i + 0.5) / S;
          const py = y + (j + 0.5) / S;
          let v = bg;
          faces.forEach((f, k) => {
            const m = inv[k];
            if (m[6] * px + m[7] * py + m[8] <= 0) return;
            const q = applyH(m, px, py);
            if (!q || q[0] < 0 || q[1] < 0 || q[0] > f.size[0] || q[1] > f.size[1]) return;
            hits[k]++;
            v = f.paint(q[0], q[1]);
          });
          acc += v;
        }
      lum.d[y * w + x] = acc / (S * S);
      hits.forEach((n, k) => (masks[k].d[y * w + x] = n > (S * S) / 2 ? 1 : 0));
    }
  return { lum, masks };
}

/** Brick courses (light mortar, staggered joints) at plane point (u, v) metres. */
export function brickPaint(course = 0.3, length = 0.6, joint = 0.04): (u: number, v: number) => number {
  return (u, v) => {
    const row = Math.floor(v / course);
    const along = u + (row % 2 ? length / 2 : 0);
    const inJoint = v - row * course < joint || along - Math.floor(along / length) * length < joint;
    return inJoint ? 0.85 : 0.4 + 0.06 * (((row * 7 + Math.floor(along / length) * 13) % 5) / 4);
  };
}

const CORNER_K = [520, 0, 320, 0, 520, 240, 0, 0, 1];

/**
 * A corner of a brick building seen by a 640×480 camera (focal 520 px) pitched up 6°: the corner
 * 9 m ahead, turned `turn`° round; two faces (left, right), each 7 m long and 6 m tall from the
 * ground 1.6 m below the eye.
 */
export function cornerBox(turn: number): FaceSpec[] {
  const pitch = (6 * Math.PI) / 180;
  const yaw = (turn * Math.PI) / 180;
  const rx = (p: Vec3): Vec3 => [p[0], p[1] * Math.cos(pitch) + p[2] * Math.sin(pitch), -p[1] * Math.sin(pitch) + p[2] * Math.cos(pitch)];
  const corner: Vec3 = [0.4, 1.6, 9];
  const right: Vec3 = [Math.cos(yaw), 0, Math.sin(yaw)];
  const left: Vec3 = [-Math.sin(yaw), 0, Math.cos(yaw)];
  const up: Vec3 = [0, -1, 0];
  const paint = brickPaint();
  return [left, right].map((a) => {
    const [ka, kb, ko] = [a, up, corner].map((c) => mulVec(CORNER_K, rx(c)));
    return { toImage: [ka[0], kb[0], ko[0], ka[1], kb[1], ko[1], ka[2], kb[2], ko[2]], size: [7, 6] as [number, number], paint };
  });
}
