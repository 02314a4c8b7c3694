import { describe, expect, it } from 'vitest';
import {
  appendSpaced,
  clampZoom,
  dragEdge,
  drawingArea,
  fromFraction,
  isExpanded,
  isWithinDrawingArea,
  layoutImage,
  panForZoomAt,
  rectangleFromDrag,
  toFraction,
  viewTransform,
  wheelZoom,
} from './geometry';

const image = { x: 0, y: 75, width: 800, height: 450 };

describe('the image in the canvas', () => {
  it('is fitted and centred in the default 800 × 600 canvas', () => {
    expect(layoutImage(1600, 900)).toEqual(image);
    expect(layoutImage(600, 1200)).toEqual({ x: 250, y: 0, width: 300, height: 600 });
    expect(layoutImage(0, 0)).toEqual({ x: 0, y: 0, width: 800, height: 600 });
  });

  it('maps canvas points to fractions of the image and back', () => {
    expect(toFraction({ x: 200, y: 300 }, image)).toEqual({ x: 0.25, y: 0.5 });
    expect(fromFraction({ x: 0.25, y: 0.5 }, image)).toEqual({ x: 200, y: 300 });
  });
});

describe('the drawing area', () => {
  it('reaches 2% of the image outside its edges and no further', () => {
    expect(drawingArea(image)).toEqual({ x: -16, y: 66, width: 832, height: 468 });
    expect(isWithinDrawingArea({ x: -16, y: 300 }, image)).toBe(true);
    expect(isWithinDrawingArea({ x: -16.5, y: 300 }, image)).toBe(false);
    expect(isWithinDrawingArea({ x: 400, y: 534 }, image)).toBe(true);
    expect(isWithinDrawingArea({ x: 400, y: 535 }, image)).toBe(false);
  });
});

describe('rectangles', () => {
  it('are kept only when larger than 5 screen pixels both ways', () => {
    // At 2 screen pixels per canvas unit, 2.5 units is 5 px: not larger.
    expect(rectangleFromDrag({ x: 100, y: 100 }, { x: 102.5, y: 200 }, image, 2)).toBeNull();
    expect(rectangleFromDrag({ x: 100, y: 100 }, { x: 200, y: 102 }, image, 2)).toBeNull();
    expect(rectangleFromDrag({ x: 100, y: 100 }, { x: 103, y: 103 }, image, 2)).not.toBeNull();
  });

  it('are stored as fractions of the image, at least 0.01 of it each way, in any drag direction', () => {
    expect(rectangleFromDrag({ x: 600, y: 525 }, { x: 200, y: 75 }, image, 1)).toEqual({ x: 0.25, y: 0, width: 0.5, height: 1 });
    // 6 units at scale 1 is kept on screen, but is only 0.0075 of the image's width: raised to 0.01.
    const small = rectangleFromDrag({ x: 400, y: 300 }, { x: 406, y: 310 }, image, 1);
    expect(small?.width).toBe(0.01);
    expect(small?.height).toBeCloseTo(10 / 450);
  });

  it('are clipped to the drawing area', () => {
    const r = rectangleFromDrag({ x: -200, y: 0 }, { x: 100, y: 200 }, image, 1)!;
    expect(r.x).toBeCloseTo(-0.02);
    expect(r.y).toBeCloseTo(-0.02);
  });
});

describe('free-hand points', () => {
  it('are recorded only when far enough from the last one', () => {
    const pts: number[] = [];
    expect(appendSpaced(pts, { x: 0, y: 0 }, 3)).toBe(true);
    expect(appendSpaced(pts, { x: 2, y: 2 }, 3)).toBe(false);
    expect(appendSpaced(pts, { x: 3, y: 0 }, 3)).toBe(true);
    expect(pts).toEqual([0, 0, 3, 0]);
  });
});

describe('the frame', () => {
  it('grows when an edge is dragged outward and never shrinks inside the image', () => {
    const grown = dragEdge(image, image, 'left', -100);
    expect(grown).toEqual({ x: -100, y: 75, width: 900, height: 450 });
    expect(isExpanded(grown, image)).toBe(true);
    expect(dragEdge(grown, image, 'left', 300)).toEqual(image);
    expect(dragEdge(image, image, 'bottom', 40)).toEqual({ ...image, height: 490 });
    expect(dragEdge(image, image, 'top', 20)).toEqual(image);
    expect(isExpanded(image, image)).toBe(false);
  });

  it('grows at most three image sizes on a side', () => {
    expect(dragEdge(image, image, 'right', 99999).width).toBe(800 * 4);
  });
});

describe('zoom', () => {
  it('is clamped to 0.1–10', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(50)).toBe(10);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(wheelZoom(1, 10_000)).toBeCloseTo(Math.exp(-0.2));
    expect(wheelZoom(10, -100)).toBe(10);
  });

  it('keeps the point under the pointer still', () => {
    const viewport = { width: 1000, height: 700 };
    const from = { zoom: 1, pan: { x: 0, y: 0 } };
    const screen = { x: 700, y: 200 };
    const before = viewTransform(image, viewport, from.zoom, from.pan);
    const canvasPoint = { x: (screen.x - before.x) / before.scale, y: (screen.y - before.y) / before.scale };
    const pan = panForZoomAt(image, viewport, from, 2.5, screen);
    const after = viewTransform(image, viewport, 2.5, pan);
    expect(after.x + canvasPoint.x * after.scale).toBeCloseTo(screen.x);
    expect(after.y + canvasPoint.y * after.scale).toBeCloseTo(screen.y);
  });
});
