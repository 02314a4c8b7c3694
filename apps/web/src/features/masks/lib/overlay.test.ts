import { describe, expect, it } from 'vitest';
import { buildLabelMap, hexToRgb, overlaySize, paintOverlay, regionAt } from './overlay';

/** An RGBA mask of w × h, white where `inside`. */
function rgba(w: number, h: number, inside: (x: number, y: number) => boolean): Uint8ClampedArray {
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = inside(x, y) ? 255 : 0;
      out.set([v, v, v, 255], (y * w + x) * 4);
    }
  return out;
}

describe('the mask overlay', () => {
  const w = 8;
  const h = 6;
  // Top half: region 0; bottom half: region 1; one pixel of region 1 also claimed by region 0.
  const map = buildLabelMap([rgba(w, h, (_x, y) => y < 3 || (y === 3 && _x === 0)), rgba(w, h, (_x, y) => y >= 3)], w, h);

  it('labels each pixel with its region, the first region winning an overlap', () => {
    expect(map.labels[0]).toBe(1);
    expect(map.labels[3 * w]).toBe(1);
    expect(map.labels[3 * w + 1]).toBe(2);
    expect(map.labels[(h - 1) * w + w - 1]).toBe(2);
  });

  it('finds the region under a point given as fractions of the image', () => {
    expect(regionAt(map, 0.5, 0.1)).toBe(0);
    expect(regionAt(map, 0.5, 0.9)).toBe(1);
    expect(regionAt(map, -0.1, 0.5)).toBe(-1);
    expect(regionAt(map, 0.5, 1)).toBe(-1);
  });

  it('fills regions in their colour, draws edges stronger, strengthens the highlighted one, and leaves hidden ones out', () => {
    const out = new Uint8ClampedArray(w * h * 4);
    const colors = [hexToRgb('#f97316'), hexToRgb('#3b82f6')];
    paintOverlay(map, out, { colors, visible: [true, true], highlight: -1 });
    const at = (x: number, y: number) => Array.from(out.slice((y * w + x) * 4, (y * w + x) * 4 + 4));
    expect(at(3, 1)).toEqual([249, 115, 22, Math.round(0.34 * 255)]); // inside region 0
    expect(at(3, 2)[3]).toBe(Math.round(0.85 * 255)); // its edge against region 1
    paintOverlay(map, out, { colors, visible: [true, true], highlight: 1 });
    expect(at(3, 5)[3]).toBe(Math.round(0.58 * 255)); // the highlighted region, inside
    expect(at(3, 1)[3]).toBe(Math.round(0.34 * 0.45 * 255)); // the others dimmed
    paintOverlay(map, out, { colors, visible: [false, true], highlight: -1 });
    expect(at(3, 1)[3]).toBe(0);
    expect(at(3, 5)[3]).toBeGreaterThan(0);
  });

  it('works at most 1024 px on the long side, in the image proportions', () => {
    expect(overlaySize(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(overlaySize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(hexToRgb('nonsense')).toEqual([255, 255, 255]);
  });
});
