import { fractionsToPoints, frameToPixels, type Bounds } from './geometry';
import type { CanvasObjects } from './objects';

/**
 * The inpaint mask (spec §3, §5): white where the image changes, black elsewhere, at the
 * resolution of the image it is for. Drawn objects are fractions of the image laid out at
 * `image` (canvas units); the target image covers `frame` (the image itself for an inpaint, the
 * expanded canvas for the inpaint that follows an outpaint) at `width` × `height` pixels.
 */

export type MaskShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'stroke'; points: number[]; width: number }
  | { kind: 'polygon'; points: number[] };

export interface MaskTarget {
  frame: Bounds;
  width: number;
  height: number;
}

/** The objects as shapes in the target's pixels (placed pictures are not part of the mask). */
export function maskShapes(objects: Pick<CanvasObjects, 'rectangleObjects' | 'brushObjects' | 'selectedRegions'>, image: Bounds, target: MaskTarget): MaskShape[] {
  const px = (x: number, y: number) => frameToPixels({ x, y }, target.frame, target.width, target.height);
  const toPixels = (canvasPoints: number[]) => {
    const out: number[] = [];
    for (let i = 0; i + 1 < canvasPoints.length; i += 2) {
      const p = px(canvasPoints[i], canvasPoints[i + 1]);
      out.push(p.x, p.y);
    }
    return out;
  };
  const unitsToPx = target.width / target.frame.width;
  const shapes: MaskShape[] = [];
  for (const r of objects.rectangleObjects) {
    const [x0, y0, x1, y1] = toPixels(fractionsToPoints([r.x, r.y, r.x + r.width, r.y + r.height], image));
    shapes.push({ kind: 'rect', x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  for (const b of objects.brushObjects) {
    shapes.push({ kind: 'stroke', points: toPixels(fractionsToPoints(b.path, image)), width: Math.max(1, b.strokeWidth * unitsToPx) });
  }
  for (const g of objects.selectedRegions) {
    shapes.push({ kind: 'polygon', points: toPixels(fractionsToPoints(g.imagePath, image)) });
  }
  return shapes;
}

type MaskContext = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'strokeStyle' | 'lineWidth' | 'lineCap' | 'lineJoin' | 'fillRect' | 'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'fill' | 'stroke' | 'arc'
>;

/** Paints the shapes white on black. */
export function paintMask(ctx: MaskContext, shapes: MaskShape[], width: number, height: number): void {
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#ffffff';
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of shapes) {
    if (s.kind === 'rect') {
      ctx.fillRect(s.x, s.y, s.width, s.height);
    } else if (s.kind === 'polygon') {
      if (s.points.length < 6) continue;
      ctx.beginPath();
      ctx.moveTo(s.points[0], s.points[1]);
      for (let i = 2; i + 1 < s.points.length; i += 2) ctx.lineTo(s.points[i], s.points[i + 1]);
      ctx.closePath();
      ctx.fill();
    } else {
      if (s.points.length < 2) continue;
      ctx.lineWidth = s.width;
      if (s.points.length === 2) {
        ctx.beginPath();
        ctx.arc(s.points[0], s.points[1], s.width / 2, 0, Math.PI * 2);
        ctx.fill();
        continue;
      }
      ctx.beginPath();
      ctx.moveTo(s.points[0], s.points[1]);
      for (let i = 2; i + 1 < s.points.length; i += 2) ctx.lineTo(s.points[i], s.points[i + 1]);
      ctx.stroke();
    }
  }
}

/** The mask as a PNG file (mask.png), drawn in a canvas of the target's size. */
export async function renderMaskPng(objects: Pick<CanvasObjects, 'rectangleObjects' | 'brushObjects' | 'selectedRegions'>, image: Bounds, target: MaskTarget): Promise<Blob> {
  const width = Math.max(1, Math.round(target.width));
  const height = Math.max(1, Math.round(target.height));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the mask');
  paintMask(ctx, maskShapes(objects, image, { ...target, width, height }), width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The mask could not be encoded'))), 'image/png'));
}
