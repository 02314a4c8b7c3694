import sharp from 'sharp';
import { mulberry32 } from './pixels/prng.js';

/**
 * Synthetic test images, built pixel by pixel and encoded by sharp: a façade with a sky
 * gradient, a brick-coloured wall with windows and a grey ground, plus its ground truth.
 */
export interface Facade {
  png: Buffer;
  raw: Uint8Array;
  width: number;
  height: number;
  /** Ground-truth masks (1 = in region). */
  sky: Uint8Array;
  wall: Uint8Array;
  windows: Uint8Array;
  ground: Uint8Array;
}

export async function makeFacade(width = 480, height = 360, seed = 7): Promise<Facade> {
  const r = mulberry32(seed);
  const raw = new Uint8Array(width * height * 3);
  const sky = new Uint8Array(width * height);
  const wall = new Uint8Array(width * height);
  const windows = new Uint8Array(width * height);
  const ground = new Uint8Array(width * height);
  const bx0 = Math.round(width * 0.12);
  const bx1 = Math.round(width * 0.88);
  const by0 = Math.round(height * 0.22);
  const gy = Math.round(height * 0.8);
  const cols = 5;
  const rows = 3;
  const isWindow = (x: number, y: number) => {
    if (x < bx0 || x >= bx1 || y < by0 || y >= gy) return false;
    const cw = (bx1 - bx0) / cols;
    const ch = (gy - by0) / rows;
    const lx = (x - bx0) % cw;
    const ly = (y - by0) % ch;
    return lx > cw * 0.25 && lx < cw * 0.75 && ly > ch * 0.2 && ly < ch * 0.7;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const n = (r() - 0.5) * 10;
      let c: [number, number, number];
      if (y >= gy) {
        ground[i] = 1;
        c = [120 + n, 120 + n, 118 + n];
      } else if (x >= bx0 && x < bx1 && y >= by0) {
        if (isWindow(x, y)) {
          windows[i] = 1;
          const t = (y % 40) / 40;
          c = [70 + t * 30 + n, 90 + t * 30 + n, 110 + t * 25 + n];
        } else {
          wall[i] = 1;
          // Brick colour with faint mortar courses.
          const mortar = y % 8 === 0 ? 25 : 0;
          c = [160 + mortar + n * 1.5, 80 + mortar + n, 55 + mortar + n];
        }
      } else {
        sky[i] = 1;
        const t = y / gy;
        c = [110 + t * 90 + n * 0.3, 160 + t * 60 + n * 0.3, 225 + t * 20 + n * 0.3];
      }
      raw[i * 3] = Math.max(0, Math.min(255, Math.round(c[0])));
      raw[i * 3 + 1] = Math.max(0, Math.min(255, Math.round(c[1])));
      raw[i * 3 + 2] = Math.max(0, Math.min(255, Math.round(c[2])));
    }
  }
  const png = await sharp(Buffer.from(raw), { raw: { width, height, channels: 3 } }).png().toBuffer();
  return { png, raw, width, height, sky, wall, windows, ground };
}

/** Intersection over union of a 0/255 (or 0/1) mask against a 0/1 truth. */
export function iou(mask: Uint8Array, truth: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < truth.length; i++) {
    const a = mask[i] >= 128 || mask[i] === 1;
    const b = truth[i] === 1;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return union === 0 ? 0 : inter / union;
}
