import sharp from 'sharp';
import type { StoredPass } from './passes.service.js';

/**
 * The ControlNet images of a render from the view's passes (issue 31 part 4): the depth as an
 * 8-bit picture with near light and far (or no surface) black, as depth ControlNets are trained;
 * and the model's own edges — white where the surface normal turns by more than EDGE_DEGREES
 * between neighbouring pixels, or where a surface meets no surface — for the canny ControlNet in
 * place of the photo's edges (mullions and frames exactly where the model has them).
 */

export const EDGE_DEGREES = 20;
const EDGE_COS = Math.cos((EDGE_DEGREES * Math.PI) / 180);

/** A stored 16-bit pass PNG's values, `channels` a pixel. */
export async function read16(png: Buffer, channels: 1 | 3): Promise<Uint16Array> {
  const raw = await sharp(png).toColourspace(channels === 1 ? 'grey16' : 'rgb16').raw({ depth: 'ushort' }).toBuffer();
  return new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
}

/** White (255) where the normals turn sharply or a surface ends; 0 elsewhere. */
export function normalEdges(values: Uint16Array, width: number, height: number): Buffer {
  const n = width * height;
  const unit = new Float32Array(n * 3);
  const surface = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const x = (values[i * 3] / 65535) * 2 - 1;
    const y = (values[i * 3 + 1] / 65535) * 2 - 1;
    const z = (values[i * 3 + 2] / 65535) * 2 - 1;
    const len = Math.hypot(x, y, z);
    if (len < 0.5) continue;
    surface[i] = 1;
    unit[i * 3] = x / len;
    unit[i * 3 + 1] = y / len;
    unit[i * 3 + 2] = z / len;
  }
  const edges = Buffer.alloc(n);
  const differs = (a: number, b: number) =>
    surface[a] !== surface[b] || (surface[a] === 1 && unit[a * 3] * unit[b * 3] + unit[a * 3 + 1] * unit[b * 3 + 1] + unit[a * 3 + 2] * unit[b * 3 + 2] < EDGE_COS);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((x + 1 < width && differs(i, i + 1)) || (y + 1 < height && differs(i, i + width))) edges[i] = 255;
    }
  return edges;
}

export interface ControlImages {
  /** PNG, 8-bit grey, the pass's size: near light, far and no surface black. */
  depth?: Buffer;
  /** PNG, 8-bit grey, the pass's size: the model's edges white on black. */
  edges?: Buffer;
}

export async function controlImagesFromPasses(passes: StoredPass[]): Promise<ControlImages> {
  const out: ControlImages = {};
  for (const pass of passes) {
    const raw = { width: pass.width, height: pass.height, channels: 1 as const };
    if (pass.kind === 'depth') {
      const v = await read16(pass.png, 1);
      const grey = Buffer.alloc(v.length);
      for (let i = 0; i < v.length; i++) grey[i] = v[i] === 65535 ? 0 : 255 - (v[i] >> 8);
      out.depth = await sharp(grey, { raw }).png().toBuffer();
    } else {
      out.edges = await sharp(normalEdges(await read16(pass.png, 3), pass.width, pass.height), { raw }).png().toBuffer();
    }
  }
  return out;
}
