import type { Rgb } from './image.js';
import type { Rgb3 } from './color.js';

export type Pt = [number, number];
export type Paint = Rgb3 | ((x: number, y: number, out: Float32Array) => void);

const tmp = new Float32Array(5);

/**
 * Scanline fill of a polygon (even-odd) into an RGB image, with an optional opacity and a
 * horizontally anti-aliased edge. `paint` is a colour or a per-pixel shader.
 */
export function fillPolygon(img: Rgb, pts: Pt[], paint: Paint, opacity = 1): void {
  if (pts.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of pts) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const y0 = Math.max(0, Math.floor(minY));
  const y1 = Math.min(img.h - 1, Math.ceil(maxY));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const sy = y + 0.5;
    xs.length = 0;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i];
      const b = pts[(i + 1) % pts.length];
      if ((a[1] <= sy && b[1] > sy) || (b[1] <= sy && a[1] > sy)) {
        xs.push(a[0] + ((sy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
      }
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const xa = xs[k];
      const xb = xs[k + 1];
      const x0 = Math.max(0, Math.floor(xa));
      const x1 = Math.min(img.w - 1, Math.ceil(xb));
      for (let x = x0; x <= x1; x++) {
        // Horizontal coverage of the pixel [x, x+1] by [xa, xb].
        const cov = Math.max(0, Math.min(x + 1, xb) - Math.max(x, xa));
        if (cov <= 0) continue;
        putPixel(img, x, y, paint, cov * opacity);
      }
    }
  }
}

export function putPixel(img: Rgb, x: number, y: number, paint: Paint, alpha: number): void {
  const i = (y * img.w + x) * 3;
  let r: number;
  let g: number;
  let b: number;
  if (typeof paint === 'function') {
    paint(x, y, tmp);
    r = tmp[0];
    g = tmp[1];
    b = tmp[2];
  } else {
    r = paint[0];
    g = paint[1];
    b = paint[2];
  }
  const d = img.d;
  if (alpha >= 1) {
    d[i] = r;
    d[i + 1] = g;
    d[i + 2] = b;
  } else {
    d[i] += (r - d[i]) * alpha;
    d[i + 1] += (g - d[i + 1]) * alpha;
    d[i + 2] += (b - d[i + 2]) * alpha;
  }
}

export function fillRect(img: Rgb, x: number, y: number, w: number, h: number, paint: Paint, opacity = 1): void {
  fillPolygon(
    img,
    [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ],
    paint,
    opacity,
  );
}

export function fillEllipse(img: Rgb, cx: number, cy: number, rx: number, ry: number, paint: Paint, opacity = 1): void {
  const x0 = Math.max(0, Math.floor(cx - rx - 1));
  const x1 = Math.min(img.w - 1, Math.ceil(cx + rx + 1));
  const y0 = Math.max(0, Math.floor(cy - ry - 1));
  const y1 = Math.min(img.h - 1, Math.ceil(cy + ry + 1));
  const rr = Math.min(rx, ry);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - cx) / rx;
      const dy = (y + 0.5 - cy) / ry;
      const dist = (Math.sqrt(dx * dx + dy * dy) - 1) * rr;
      const cov = Math.max(0, Math.min(1, 0.5 - dist));
      if (cov > 0) putPixel(img, x, y, paint, cov * opacity);
    }
  }
}
