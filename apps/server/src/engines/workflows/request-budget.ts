import sharp from 'sharp';
import type { InputImage } from './builders.js';
import { EngineRejectedError } from './errors.js';

/**
 * RunPod's /run takes at most 10 MB, and worker-comfyui's images travel in it as base64 (4/3 of
 * their bytes). Every request's images are encoded to fit together: masks as 1-bit PNGs (a few
 * kB), photos as they are when everything fits, else as JPEG quality 92, downscaled only when
 * even that is too large. The workflow and the envelope keep RESERVED_BYTES.
 */
export const RUNPOD_REQUEST_MAX_BYTES = 10 * 1024 * 1024;
const RESERVED_BYTES = 256 * 1024;
const base64Size = (n: number) => Math.ceil(n / 3) * 4;

/** A mask as a 1-bit PNG (white >= 128), at `size` when given. */
export async function oneBitMask(mask: Buffer, size?: { width: number; height: number }): Promise<Buffer> {
  const img = size ? sharp(mask).resize(size.width, size.height, { fit: 'fill' }) : sharp(mask);
  return img.greyscale().threshold(128).png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer();
}

export interface FittedRequest {
  photos: InputImage[];
  masks: Buffer[];
  /** The base64 bytes of the images, as sent. */
  bytes: number;
}

export async function fitToBudget(photos: InputImage[], masks: Buffer[], budget = RUNPOD_REQUEST_MAX_BYTES): Promise<FittedRequest> {
  const room = budget - RESERVED_BYTES;
  const small = await Promise.all(masks.map((m) => oneBitMask(m)));
  const maskBytes = small.reduce((n, m) => n + base64Size(m.length), 0);
  const total = (list: InputImage[]) => maskBytes + list.reduce((n, p) => n + base64Size(p.data.length), 0);
  if (total(photos) <= room) return { photos, masks: small, bytes: total(photos) };
  if (maskBytes >= room) throw new EngineRejectedError("The masks of this request do not fit RunPod's 10 MB request limit");

  let scale = 1;
  for (let attempt = 0; attempt < 6; attempt++) {
    const encoded = await Promise.all(photos.map((p) => asJpeg(p, scale)));
    const size = total(encoded);
    if (size <= room) {
      // Masks go with the first photo (the image they mask): same size as it is sent.
      const fitted = scale < 1 ? await Promise.all(masks.map((m) => oneBitMask(m, encoded[0]))) : small;
      return { photos: encoded, masks: fitted, bytes: total(encoded) - maskBytes + fitted.reduce((n, m) => n + base64Size(m.length), 0) };
    }
    // JPEG size grows about with the pixel count: shrink the sides by the square root, with a margin.
    scale *= Math.sqrt((room - maskBytes) / (size - maskBytes)) * 0.95;
  }
  throw new EngineRejectedError("The images of this request do not fit RunPod's 10 MB request limit");
}

async function asJpeg(p: InputImage, scale: number): Promise<InputImage> {
  const width = Math.max(8, Math.floor(p.width * scale));
  const height = Math.max(8, Math.floor(p.height * scale));
  const { data, info } = await sharp(p.data).rotate().resize(width, height, { fit: 'fill' }).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, ext: 'jpg' };
}
