import { describe, expect, it } from 'vitest';
import { EVAL_CLASSES, loadEvalSet } from '../../../../test/helpers/segmentation-eval.js';
import { newRgb, rgbFromBytes, type Rgb } from '../pixels/image.js';
import { spandrelPixels } from './curtain-wall.js';
import { regionStatistics } from './full-resolution.js';
import { windowPass } from './window-pass.js';

const W = 240;
const H = 200;
const TOP = 20; // sky above, the curtain wall below

function paint(img: Rgb, x0: number, y0: number, w: number, h: number, rgb: [number, number, number]): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) img.d.set(rgb, (y * img.w + x) * 3);
}

/**
 * A sunset elevation of a glass office block, as the evaluation set's scene-elevation-glass: dark
 * brown glazing with spandrel bands only a little lighter (about 3 units of Lab lightness, as
 * there), one every `storey` rows, dark mullions across both; the classifier called it all window.
 */
function curtainWall(storey: number, bands: number[]): { img: Rgb; labels: Uint8Array; spandrels: Uint8Array } {
  const img = newRgb(W, H);
  paint(img, 0, 0, W, H, [1, 0.68, 0.42]);
  paint(img, 40, TOP, 160, H - TOP, [0.333, 0.263, 0.216]);
  const spandrels = new Uint8Array(W * H);
  for (const y0 of bands) {
    paint(img, 40, y0, 160, 8, [0.361, 0.298, 0.247]);
    for (let y = y0; y < y0 + 8; y++) spandrels.fill(1, y * W + 40, y * W + 200);
  }
  for (let x0 = 60; x0 < 200; x0 += storey) {
    paint(img, x0, TOP, 2, H - TOP, [0.2, 0.16, 0.13]);
    for (let y = TOP; y < H; y++) spandrels.fill(0, y * W + x0, y * W + x0 + 2);
  }
  const labels = Uint8Array.from({ length: W * H }, (_, i) => (i % W >= 40 && i % W < 200 && i >= TOP * W ? 1 : 0));
  return { img, labels, spandrels };
}

describe('the spandrels of a curtain wall', () => {
  it('moves the lighter bands between the storeys of a window region into a new façade region', () => {
    const { img, labels, spandrels } = curtainWall(36, [50, 86, 122, 158]);
    const out = windowPass(img, labels, regionStatistics(img, labels, ['sky', 'window']), 8);
    const facade = out.regions.findIndex((r) => r.label === 'facade');
    expect(out.regions.map((r) => r.label)).toEqual(['sky', 'window', 'facade']);
    let wrong = 0;
    for (let i = 0; i < W * H; i++) if ((out.labels[i] === facade) !== (spandrels[i] === 1)) wrong++;
    expect(wrong).toBe(0);
  });

  it('leaves glazing alone that is lighter in one band only (a reflection, a single lintel)', () => {
    const { img, labels } = curtainWall(36, [50]);
    expect(spandrelPixels(img, labels, 1).indexOf(1)).toBe(-1);
  });

  it('leaves glazing alone whose lightness only drifts (a reflection fading down the glass), and thin bars across it', () => {
    const img = newRgb(W, H);
    paint(img, 0, 0, W, H, [0.78, 0.62, 0.45]);
    for (let y = TOP; y < H; y++) {
      const v = 0.45 - (0.25 * (y - TOP)) / (H - TOP);
      paint(img, 40, y, 160, 1, [v * 0.8, v * 0.9, v]);
    }
    for (const y of [60, 100, 140]) paint(img, 40, y, 160, 1, [0.6, 0.6, 0.6]);
    const labels = Uint8Array.from({ length: W * H }, (_, i) => (i % W >= 40 && i % W < 200 && i >= TOP * W ? 1 : 0));
    expect(spandrelPixels(img, labels, 1).indexOf(1)).toBe(-1);
  });

  it('finds the spandrels of the glass elevation render of the evaluation set when the classifier calls the whole curtain wall window', async () => {
    const img = (await loadEvalSet()).find((e) => e.name === 'scene-elevation-glass')!;
    const [SKY, FACADE, WINDOW, VEGETATION] = (['sky', 'facade', 'window', 'vegetation'] as const).map((c) => EVAL_CLASSES.indexOf(c));
    const { width: w, height: h, truth } = img;
    // The block's outline from the mask: every pixel of its bounding box that is neither sky nor tree is "window".
    let [x0, y0, x1, y1] = [w, h, -1, -1];
    truth.forEach((t, i) => {
      if (t !== FACADE && t !== WINDOW) return;
      [x0, y0, x1, y1] = [Math.min(x0, i % w), Math.min(y0, (i / w) | 0), Math.max(x1, i % w), Math.max(y1, (i / w) | 0)];
    });
    const labels = Uint8Array.from(truth, (t, i) => (i % w >= x0 && i % w <= x1 && i >= y0 * w && i <= y1 * w + w && t !== SKY && t !== VEGETATION ? 1 : 0));
    const rgb = rgbFromBytes(img.rgb, w, h);
    const out = windowPass(rgb, labels, regionStatistics(rgb, labels, ['sky', 'window']), 8);
    const iou = (cls: number, region: string) => {
      const r = out.regions.findIndex((q) => q.label === region);
      let inter = 0;
      let union = 0;
      truth.forEach((t, i) => {
        if (t === 255) return;
        const a = t === cls;
        const b = out.labels[i] === r;
        if (a && b) inter++;
        if (a || b) union++;
      });
      return inter / union;
    };
    // Before: façade 0 (there was no façade region), window 0.76 (the spandrels were in it).
    expect(iou(FACADE, 'facade')).toBeGreaterThan(0.85);
    expect(iou(WINDOW, 'window')).toBeGreaterThan(0.94);
  });
});
