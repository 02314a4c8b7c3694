import { describe, expect, it } from 'vitest';
import { maskShapes, paintMask, type MaskShape } from './mask';

const image = { x: 100, y: 0, width: 600, height: 600 };
const objects = {
  rectangleObjects: [{ id: 'r', x: 0.25, y: 0.5, width: 0.5, height: 0.25, color: '#f00', strokeWidth: 2 }],
  brushObjects: [{ id: 'b', path: [0, 0, 1, 1], bounds: { x: 0, y: 0, width: 1, height: 1 }, color: '#f00', strokeWidth: 60 }],
  selectedRegions: [{ id: 'g', path: [], imagePath: [0, 0, 0.5, 0, 0.5, 0.5], bounds: { x: 0, y: 0, width: 0.5, height: 0.5 } }],
};

describe('the inpaint mask', () => {
  it('places the objects in the pixels of the image they were drawn on', () => {
    const shapes = maskShapes(objects, image, { frame: image, width: 1200, height: 1200 });
    expect(shapes[0]).toEqual({ kind: 'rect', x: 300, y: 600, width: 600, height: 300 });
    // 60 canvas units across a 600-unit image drawn at 1200 px: 120 px.
    expect(shapes[1]).toEqual({ kind: 'stroke', points: [0, 0, 1200, 1200], width: 120 });
    expect(shapes[2]).toEqual({ kind: 'polygon', points: [0, 0, 600, 0, 600, 600] });
  });

  it('after an outpaint, places them where the image lies inside the larger result', () => {
    // The frame added 200 units on the left; the result is 1600 × 1200 px for 800 × 600 units.
    const frame = { x: -100, y: 0, width: 800, height: 600 };
    const [r] = maskShapes(objects, image, { frame, width: 1600, height: 1200 }) as Array<Extract<MaskShape, { kind: 'rect' }>>;
    expect(r).toEqual({ kind: 'rect', x: 700, y: 600, width: 600, height: 300 });
  });

  it('paints white shapes on a black ground', () => {
    const calls: string[] = [];
    const ctx = {
      fillStyle: '',
      strokeStyle: '',
      lineWidth: 0,
      lineCap: 'butt',
      lineJoin: 'miter',
      fillRect: (...a: number[]) => calls.push(`fillRect ${ctx.fillStyle} ${a.join(',')}`),
      beginPath: () => calls.push('begin'),
      moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
      closePath: () => calls.push('close'),
      fill: () => calls.push(`fill ${ctx.fillStyle}`),
      stroke: () => calls.push(`stroke ${ctx.strokeStyle} ${ctx.lineWidth}`),
      arc: () => calls.push('arc'),
    };
    paintMask(ctx as unknown as CanvasRenderingContext2D, maskShapes(objects, image, { frame: image, width: 600, height: 600 }), 600, 600);
    expect(calls[0]).toBe('fillRect #000000 0,0,600,600');
    expect(calls).toContain('fillRect #ffffff 150,300,300,150');
    expect(calls).toContain('stroke #ffffff 60');
    expect(calls).toContain('fill #ffffff');
  });
});
