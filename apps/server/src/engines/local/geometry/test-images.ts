/**
 * Synthetic test images of the geometry code: polygons drawn with exact area coverage
 * (supersampled 8×8), so their edges are known lines to a fraction of a pixel.
 */
import { newPlane, type Plane } from '../pixels/image.js';

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
