// Factories and measures for the refine tests (and the bench): input images with structure,
// stored result pixels, colour means and a high-frequency measure.
import sharp from 'sharp';
import type { App } from '../../types.js';
import { makeFacade } from '../../engines/local/test-fixtures.js';
import { createInputImageFromBytes } from '../images/index.js';

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** An input image of the user's (REFINE_MODULE): a façade with windows, brick courses and a sky. */
export async function createRefineInput(app: App, userId: number, width = 320, height = 240): Promise<number> {
  const facade = await makeFacade(width, height);
  const row = await createInputImageFromBytes(app.ctx, { userId, bytes: facade.png, fileName: 'facade.png', uploadSource: 'REFINE_MODULE' });
  return row.id;
}

export async function rawPixels(bytes: Buffer, resizeTo?: { width: number; height: number }): Promise<RawImage> {
  let p = sharp(bytes).removeAlpha();
  if (resizeTo) p = p.resize(resizeTo.width, resizeTo.height, { fit: 'fill', kernel: 'lanczos3' });
  const { data, info } = await p.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The bytes behind a signed file URL of the app (/api/files/…). */
export async function fetchFile(app: App, url: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
  return res.rawPayload;
}

export function meanRgb(img: RawImage): [number, number, number] {
  const sum = [0, 0, 0];
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) sum[k] += img.data[i * 3 + k];
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** Mean absolute 4-neighbour Laplacian of the luminance: grows with fine detail and edge contrast. */
export function laplacianEnergy(img: RawImage): number {
  const { data, width: w, height: h } = img;
  const L = (x: number, y: number) => {
    const i = (y * w + x) * 3;
    return 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
  };
  let sum = 0;
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) sum += Math.abs(4 * L(x, y) - L(x - 1, y) - L(x + 1, y) - L(x, y - 1) - L(x, y + 1));
  return sum / ((w - 2) * (h - 2));
}

export function meanAbsDiff(a: RawImage, b: RawImage): number {
  let s = 0;
  for (let i = 0; i < a.data.length; i++) s += Math.abs(a.data[i] - b.data[i]);
  return s / a.data.length;
}
