import type { Bounds } from './geometry';
import type { AddedImage } from './objects';

/**
 * Placed pictures (Add image): each is shown "cover"-cropped in its box, and sent to the server as
 * one PNG that covers all of them (transparent elsewhere), positioned in the base image's pixels.
 */

/** The part of a picture (natural pixels) that fills a box of the given size without distortion. */
export function coverCrop(naturalWidth: number, naturalHeight: number, boxWidth: number, boxHeight: number) {
  const k = Math.max(boxWidth / naturalWidth, boxHeight / naturalHeight);
  const width = boxWidth / k;
  const height = boxHeight / k;
  return { x: (naturalWidth - width) / 2, y: (naturalHeight - height) / 2, width, height };
}

/** The box around all placed pictures, in canvas units. */
export function unionBox(images: Pick<AddedImage, 'x' | 'y' | 'width' | 'height'>[]): Bounds | null {
  if (images.length === 0) return null;
  const x0 = Math.min(...images.map((i) => i.x));
  const y0 = Math.min(...images.map((i) => i.y));
  const x1 = Math.max(...images.map((i) => i.x + i.width));
  const y1 = Math.max(...images.map((i) => i.y + i.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Canvas units → the base image's pixels (the image lies at `image` and is `pixelWidth` wide). */
export function toImagePixels(box: Bounds, image: Bounds, pixelWidth: number, pixelHeight: number): Bounds {
  const sx = pixelWidth / image.width;
  const sy = pixelHeight / image.height;
  return { x: (box.x - image.x) * sx, y: (box.y - image.y) * sy, width: box.width * sx, height: box.height * sy };
}

export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new window.Image();
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be loaded'));
    img.src = url;
  });
}

/** One PNG of all placed pictures at the base image's resolution, with its position and size there. */
export async function composeOverlay(
  images: AddedImage[],
  image: Bounds,
  pixelWidth: number,
  pixelHeight: number,
): Promise<{ blob: Blob; position: { x: number; y: number }; size: { width: number; height: number } } | null> {
  const box = unionBox(images);
  if (!box) return null;
  const px = toImagePixels(box, image, pixelWidth, pixelHeight);
  const width = Math.max(1, Math.round(px.width));
  const height = Math.max(1, Math.round(px.height));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the placed images');
  const k = width / box.width;
  for (const item of images) {
    const el = await loadImage(item.src);
    const crop = coverCrop(el.naturalWidth, el.naturalHeight, item.width, item.height);
    ctx.drawImage(el, crop.x, crop.y, crop.width, crop.height, (item.x - box.x) * k, (item.y - box.y) * k, item.width * k, item.height * k);
  }
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The placed images could not be encoded'))), 'image/png'));
  return { blob, position: { x: Math.round(px.x), y: Math.round(px.y) }, size: { width, height } };
}
