import type { Bounds } from './geometry';
import type { AddedImage } from './objects';

/**
 * A placed picture (Add image) keeps its proportions: it is fitted into the spec's 200 × 200 box,
 * can be moved, scaled and turned on the canvas, and is sent to the server as the picture itself
 * with its box (position and size in the base image's pixels) and its rotation; the server fits,
 * feathers and turns it the same way.
 */

/** The picture's size inside a box, its proportions kept, centred in the box. */
export function fitInBox(naturalWidth: number, naturalHeight: number, box: Bounds): Bounds {
  const k = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const width = naturalWidth * k;
  const height = naturalHeight * k;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
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

/** The picture's pixels as a PNG (drawn from its object URL: the page may not fetch blob: URLs). */
async function pictureBlob(src: string): Promise<Blob> {
  const el = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = el.naturalWidth;
  canvas.height = el.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the placed image');
  ctx.drawImage(el, 0, 0);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The placed image could not be encoded'))), 'image/png'));
}

/** What POST /tweak/add-image needs for a placed picture: its bytes, its box in base image pixels and its rotation. */
export async function placementOf(
  item: AddedImage,
  image: Bounds,
  pixelWidth: number,
  pixelHeight: number,
): Promise<{ blob: Blob; position: { x: number; y: number }; size: { width: number; height: number }; rotation: number }> {
  const blob = await pictureBlob(item.src);
  const px = toImagePixels(item, image, pixelWidth, pixelHeight);
  return {
    blob,
    position: { x: Math.round(px.x), y: Math.round(px.y) },
    size: { width: Math.max(1, Math.round(px.width)), height: Math.max(1, Math.round(px.height)) },
    rotation: Math.round(item.rotation * 10) / 10,
  };
}
