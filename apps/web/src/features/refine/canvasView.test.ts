import { describe, expect, it } from 'vitest';
import { clampZoom, fitView, isClick, splitAt, wheelZoom, zoomAt } from './canvasView';

describe('refine canvas view', () => {
  it('clamps zoom to 0.1–10 and zooms by at most 20 % per wheel notch', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(50)).toBe(10);
    expect(wheelZoom(1, 500)).toBeCloseTo(0.8);
    expect(wheelZoom(1, -100)).toBeCloseTo(1.2);
    expect(wheelZoom(9.9, -100)).toBe(10);
  });

  it('keeps the point under the pointer when zooming', () => {
    const v = zoomAt({ zoom: 1, x: 100, y: 50 }, 2, { x: 300, y: 250 });
    // The image point under (300, 250) was (200, 200); it stays there.
    expect((300 - v.x) / v.zoom).toBeCloseTo(200);
    expect((250 - v.y) / v.zoom).toBeCloseTo(200);
  });

  it('fits right of the inspector with 50 px padding, never above 100 %', () => {
    const v = fitView({ width: 1400, height: 800 }, { width: 4000, height: 2000 }, 322);
    expect(v.zoom).toBeCloseTo((1078 - 100) / 4000);
    expect(v.x).toBeCloseTo(322 + (1078 - 4000 * v.zoom) / 2);
    expect(fitView({ width: 1400, height: 800 }, { width: 200, height: 100 }).zoom).toBe(1);
  });

  it('maps a pointer to the comparison split and tells clicks from drags', () => {
    expect(splitAt({ zoom: 0.5, x: 100, y: 0 }, 1000, 350)).toBeCloseTo(0.5);
    expect(splitAt({ zoom: 0.5, x: 100, y: 0 }, 1000, 0)).toBe(0);
    expect(isClick({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(true);
    expect(isClick({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(false);
  });
});
