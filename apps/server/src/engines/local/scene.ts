import { hex, mix3, type Rgb3 } from './pixels/color.js';
import { fillEllipse, fillPolygon, fillRect } from './pixels/draw.js';
import { newRgb, resizeRgb, type Rgb } from './pixels/image.js';
import { fbm } from './pixels/noise.js';
import { hash2, mulberry32 } from './pixels/prng.js';

/**
 * A small procedural architectural scene (sky, ground, a building, trees), used as the
 * subject of catalog thumbnails: a weather, lighting, style or art option is shown applied
 * to it by the real render pipeline, and each building type draws its own silhouette.
 */
export interface BuildingShape {
  /** Width and height as fractions of the picture. */
  width: number;
  height: number;
  floors: number;
  roof: 'flat' | 'gable' | 'dome' | 'spire' | 'sawtooth' | 'vault' | 'bowl' | 'hip';
  windows: 'grid' | 'ribbon' | 'curtain' | 'arched' | 'few' | 'none';
  wall: string;
  roofColor?: string;
  /** Depth of the visible side face, as a fraction of the width. */
  side?: number;
  columns?: boolean;
  twin?: boolean;
}

export const BUILDING_SHAPES: Record<string, BuildingShape> = {
  default: { width: 0.6, height: 0.42, floors: 4, roof: 'flat', windows: 'grid', wall: '#e9e4da', side: 0.18 },
  house: { width: 0.46, height: 0.28, floors: 2, roof: 'gable', windows: 'few', wall: '#efe8dc', roofColor: '#6b4a3a', side: 0.22 },
  villa: { width: 0.66, height: 0.24, floors: 2, roof: 'flat', windows: 'ribbon', wall: '#f3f1ec', side: 0.14 },
  'apartment-building': { width: 0.5, height: 0.58, floors: 8, roof: 'flat', windows: 'grid', wall: '#d9cbb6', side: 0.2 },
  'office-tower': { width: 0.3, height: 0.8, floors: 20, roof: 'flat', windows: 'curtain', wall: '#7f95a8', side: 0.22 },
  museum: { width: 0.74, height: 0.3, floors: 2, roof: 'vault', windows: 'ribbon', wall: '#e6e1d6', side: 0.1 },
  school: { width: 0.72, height: 0.3, floors: 3, roof: 'flat', windows: 'ribbon', wall: '#c9856a', side: 0.12 },
  library: { width: 0.62, height: 0.36, floors: 3, roof: 'flat', windows: 'curtain', wall: '#b9a78c', side: 0.15, columns: true },
  hospital: { width: 0.7, height: 0.46, floors: 6, roof: 'flat', windows: 'grid', wall: '#f2f2ef', side: 0.12 },
  hotel: { width: 0.36, height: 0.7, floors: 14, roof: 'flat', windows: 'grid', wall: '#d8d2c6', side: 0.2 },
  pavilion: { width: 0.62, height: 0.2, floors: 1, roof: 'flat', windows: 'curtain', wall: '#dadad6', side: 0.08, columns: true },
  warehouse: { width: 0.74, height: 0.3, floors: 1, roof: 'sawtooth', windows: 'few', wall: '#8f99a3', side: 0.15 },
  church: { width: 0.4, height: 0.34, floors: 1, roof: 'spire', windows: 'arched', wall: '#cfc3ae', roofColor: '#5b5f66', side: 0.3 },
  stadium: { width: 0.84, height: 0.22, floors: 1, roof: 'bowl', windows: 'none', wall: '#dcdfe2', side: 0 },
  cabin: { width: 0.4, height: 0.26, floors: 1, roof: 'gable', windows: 'few', wall: '#8a5a3c', roofColor: '#3c3c3c', side: 0.3 },
  'mixed-use': { width: 0.58, height: 0.52, floors: 7, roof: 'flat', windows: 'grid', wall: '#c3a07e', side: 0.18, twin: true },
};

export function drawScene(W: number, H: number, shapeName = 'default', seed = 7): Rgb {
  const s = 2;
  const w = W * s;
  const h = H * s;
  const img = newRgb(w, h);
  const rng = mulberry32(seed);
  const shape = BUILDING_SHAPES[shapeName] ?? BUILDING_SHAPES.default;
  const groundY = h * 0.8;
  // Sky: a clear gradient (the renders replace it).
  const top = hex('#5f8fcf');
  const bottom = hex('#c4dcf0');
  for (let y = 0; y < groundY + 2; y++) {
    const c = mix3(top, bottom, Math.pow(y / groundY, 1.2));
    fillRect(img, 0, y, w, 1, c);
  }
  // Ground: paving in front, a strip of lawn behind.
  fillRect(img, 0, groundY, w, h - groundY, (x, y, out) => {
    const n = fbm(x * 0.02, y * 0.05, seed, 3) * 0.05;
    const joint = (Math.floor(x / (24 * s)) + Math.floor(y / (10 * s))) % 2 === 0 ? 1 : 0.96;
    out[0] = (0.58 + n) * joint;
    out[1] = (0.57 + n) * joint;
    out[2] = (0.55 + n) * joint;
  });
  fillRect(img, 0, groundY, w, h * 0.035, (x, y, out) => {
    const n = fbm(x * 0.05, y * 0.2, seed ^ 1, 3) * 0.08;
    out[0] = 0.33 + n;
    out[1] = 0.47 + n;
    out[2] = 0.24 + n;
  });
  const bw = shape.width * w;
  const bh = shape.height * h;
  const bx = (w - bw) / 2 - (shape.side ?? 0) * bw * 0.5;
  const by = groundY - bh;
  const wall = hex(shape.wall);
  const dark = (c: Rgb3, k: number) => c.map((v) => v * k) as Rgb3;
  const sideW = (shape.side ?? 0) * bw;
  const drawBlock = (x0: number, y0: number, bw0: number, bh0: number, floors: number) => {
    // Side face (in shade), receding up-right.
    if (sideW > 0) {
      const rise = sideW * 0.35;
      fillPolygon(img, [[x0 + bw0, y0], [x0 + bw0 + sideW, y0 - rise], [x0 + bw0 + sideW, y0 + bh0 - rise * 0.15], [x0 + bw0, y0 + bh0]], dark(wall, 0.72));
    }
    fillRect(img, x0, y0, bw0, bh0, (x, y, out) => {
      const n = fbm(x * 0.03, y * 0.03, seed ^ 2, 2) * 0.03;
      out[0] = wall[0] * (1 + n);
      out[1] = wall[1] * (1 + n);
      out[2] = wall[2] * (1 + n);
    });
    const glass = hex('#3b4f63');
    const glassHi = hex('#8fa9c0');
    const fh = bh0 / floors;
    const pane = (x: number, y: number, pw: number, ph: number) =>
      fillRect(img, x, y, pw, ph, (px, py, out) => {
        const t = (py - y) / ph;
        const refl = Math.max(0, 1 - t * 1.6) * 0.6;
        const c = mix3(glass, glassHi, refl);
        out[0] = c[0];
        out[1] = c[1];
        out[2] = c[2];
      });
    switch (shape.windows) {
      case 'curtain': {
        pane(x0 + bw0 * 0.03, y0 + fh * 0.1, bw0 * 0.94, bh0 - fh * 0.2);
        for (let f = 1; f < floors; f++) fillRect(img, x0 + bw0 * 0.03, y0 + f * fh - s, bw0 * 0.94, 2 * s, dark(wall, 0.85));
        const cols = Math.max(3, Math.round(bw0 / (22 * s)));
        for (let c = 1; c < cols; c++) fillRect(img, x0 + bw0 * 0.03 + (c * bw0 * 0.94) / cols - s * 0.5, y0 + fh * 0.1, s, bh0 - fh * 0.2, dark(wall, 0.8));
        break;
      }
      case 'ribbon':
        for (let f = 0; f < floors; f++) pane(x0 + bw0 * 0.06, y0 + f * fh + fh * 0.3, bw0 * 0.88, fh * 0.42);
        break;
      case 'arched':
      case 'few':
      case 'grid': {
        const cols = shape.windows === 'few' ? 2 : Math.max(3, Math.round(bw0 / (28 * s)));
        for (let f = 0; f < floors; f++)
          for (let c = 0; c < cols; c++) {
            const cw = bw0 / cols;
            const x = x0 + c * cw + cw * 0.28;
            const y = y0 + f * fh + fh * 0.22;
            const pw = cw * 0.44;
            const ph = fh * (shape.windows === 'arched' ? 0.6 : 0.5);
            pane(x, y, pw, ph);
            if (shape.windows === 'arched') fillEllipse(img, x + pw / 2, y, pw / 2, pw / 2, glass);
            fillRect(img, x - s, y + ph, pw + 2 * s, 2 * s, dark(wall, 0.8));
          }
        if (floors <= 3 && shape.windows !== 'arched') fillRect(img, x0 + bw0 * 0.45, y0 + bh0 - fh * 0.7, bw0 * 0.1, fh * 0.7, hex('#4a3b30'));
        break;
      }
    }
    if (shape.columns) {
      const n = 7;
      for (let c = 0; c <= n; c++) fillRect(img, x0 + (c * (bw0 - 6 * s)) / n, y0, 6 * s, bh0, dark(wall, 1.08));
    }
  };
  drawBlock(bx, by, bw, bh, shape.floors);
  if (shape.twin) drawBlock(bx + bw * 0.62, by + bh * 0.35, bw * 0.5, bh * 0.65, Math.max(2, Math.round(shape.floors * 0.6)));
  const roof = hex(shape.roofColor ?? '#55585c');
  const cx = bx + bw / 2;
  switch (shape.roof) {
    case 'gable':
      fillPolygon(img, [[bx - 6 * s, by], [cx, by - bh * 0.55], [bx + bw + 6 * s, by]], roof);
      if (sideW > 0) fillPolygon(img, [[cx, by - bh * 0.55], [cx + sideW, by - bh * 0.55 - sideW * 0.35], [bx + bw + sideW + 6 * s, by - sideW * 0.35], [bx + bw + 6 * s, by]], dark(roof, 0.8));
      break;
    case 'hip':
      fillPolygon(img, [[bx - 6 * s, by], [bx + bw * 0.25, by - bh * 0.3], [bx + bw * 0.75, by - bh * 0.3], [bx + bw + 6 * s, by]], roof);
      break;
    case 'spire':
      fillPolygon(img, [[bx - 4 * s, by], [cx, by - bh * 0.45], [bx + bw + 4 * s, by]], roof);
      fillRect(img, cx - bw * 0.09, by - bh * 0.9, bw * 0.18, bh * 0.55, mix3(wall, roof, 0.15));
      fillPolygon(img, [[cx - bw * 0.11, by - bh * 0.9], [cx, by - bh * 1.6], [cx + bw * 0.11, by - bh * 0.9]], roof);
      break;
    case 'dome':
      fillEllipse(img, cx, by, bw * 0.25, bh * 0.35, roof);
      break;
    case 'vault':
      for (let k = 0; k < 4; k++) fillEllipse(img, bx + bw * (0.125 + k * 0.25), by + 2 * s, bw * 0.125, bh * 0.25, dark(wall, 0.95 - k * 0.02));
      break;
    case 'sawtooth': {
      const teeth = 5;
      for (let k = 0; k < teeth; k++) {
        const x0 = bx + (k * bw) / teeth;
        fillPolygon(img, [[x0, by], [x0, by - bh * 0.3], [x0 + bw / teeth, by]], k % 2 ? roof : dark(roof, 0.9));
        fillRect(img, x0, by - bh * 0.3, 3 * s, bh * 0.3, hex('#9fb6c8'));
      }
      break;
    }
    case 'bowl': {
      fillPolygon(img, [[bx, by + bh], [bx + bw * 0.08, by], [bx + bw * 0.92, by], [bx + bw, by + bh]], wall);
      for (let k = 1; k < 6; k++) fillRect(img, bx + bw * 0.04, by + (k * bh) / 6, bw * 0.92, 2 * s, dark(wall, 0.75));
      fillPolygon(img, [[bx + bw * 0.06, by], [cx, by - bh * 0.3], [bx + bw * 0.94, by]], dark(wall, 0.9));
      break;
    }
    default:
      fillRect(img, bx - 2 * s, by - 4 * s, bw + 4 * s, 4 * s, dark(wall, 0.82));
  }
  // Trees either side.
  for (let k = 0; k < 3; k++) {
    const left = k % 2 === 0;
    const tx = left ? w * (0.06 + rng() * 0.08) : w * (0.86 + rng() * 0.08);
    const tr = h * (0.07 + rng() * 0.04);
    const ty = groundY - tr * 1.6;
    fillRect(img, tx - 2 * s, ty, 4 * s, groundY - ty, hex('#4b3a2c'));
    for (let b = 0; b < 6; b++) {
      const ox = (rng() - 0.5) * tr;
      const oy = (rng() - 0.5) * tr * 0.8;
      const g = 0.75 + hash2(k, b, seed) * 0.35;
      fillEllipse(img, tx + ox, ty + oy, tr * 0.6, tr * 0.55, [0.22 * g, 0.38 * g, 0.18 * g]);
    }
  }
  return resizeRgb(img, W, H);
}
