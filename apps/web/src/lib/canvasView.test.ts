import { describe, expect, it } from 'vitest';
import { clampZoom, fitView, wheelZoom, zoomAt, ZOOM_STEP } from './canvasView';

describe('canvas zoom', () => {
  it('stays between 0.1 and 10', () => {
    expect(clampZoom(0.01)).toBe(0.1);
    expect(clampZoom(42)).toBe(10);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('changes by 0.002 per wheel unit, the delta capped at 100', () => {
    expect(wheelZoom(1, 50)).toBeCloseTo(0.9);
    expect(wheelZoom(1, -50)).toBeCloseTo(1.1);
    expect(wheelZoom(1, 1000)).toBeCloseTo(0.8);
    expect(wheelZoom(1, -1000)).toBeCloseTo(1.2);
    expect(wheelZoom(10, -100)).toBe(10);
  });

  it('zooms around a point, which stays over the same image point', () => {
    const view = { zoom: 1, x: 100, y: 50 };
    const next = zoomAt(view, ZOOM_STEP, { x: 300, y: 250 });
    expect(next.zoom).toBeCloseTo(1.2);
    // Image point under (300, 250) before: (200, 200); after: same.
    expect((300 - next.x) / next.zoom).toBeCloseTo(200);
    expect((250 - next.y) / next.zoom).toBeCloseTo(200);
  });
});

describe('fitView', () => {
  it('fits the image with 50 px around it, centred right of the inspector', () => {
    const view = fitView({ width: 1322, height: 700 }, { width: 2000, height: 1000 }, 322);
    // Free area 1000 × 700 → (1000 − 100) / 2000 = 0.45 (width-bound).
    expect(view.zoom).toBeCloseTo(0.45);
    expect(view.x).toBeCloseTo(322 + (1000 - 900) / 2);
    expect(view.y).toBeCloseTo((700 - 450) / 2);
  });

  it('does not blow small images up past 100 %', () => {
    expect(fitView({ width: 1200, height: 800 }, { width: 300, height: 200 }).zoom).toBe(1);
  });
});

// From the refine canvas's tests, which ran the same pan and zoom.
describe('canvas view as the refine canvas uses it', () => {
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
});
