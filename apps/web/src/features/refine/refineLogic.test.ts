import { describe, expect, it } from 'vitest';
import type { RefineOperation } from '@atelier/contract';
import { clampSide, describeResult, hasCreditsFor, isProcessing, outputSummary, presetOf, shownResult, stripOperations } from './refineLogic';

const op = (id: number, status: RefineOperation['status'], over: Partial<RefineOperation> = {}): RefineOperation => ({
  id,
  status,
  runpodStatus: status,
  resultImageUrl: status === 'COMPLETED' ? `/api/files/${id}.jpg` : null,
  processedImageUrl: null,
  thumbnailUrl: null,
  batchId: 1,
  variationNumber: 1,
  operationType: 'upscale',
  width: 2048,
  height: 1366,
  settings: { resolution: { width: 1024, height: 1024 }, scaleFactor: 2, aiStrength: 12, resemblance: 12, clarity: 12, sharpness: 12, matchColor: true },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('refine rules', () => {
  it('says the output size relative to the chosen image: the scale multiplies the 1969 px box, not the image', () => {
    const settings = { resolution: { width: 1969, height: 1969 }, scaleFactor: 2 };
    expect(outputSummary({ width: 640, height: 480 }, settings, 'render')?.label).toBe('3,938 × 2,954 px, 6.2× this render');
    expect(outputSummary({ width: 1000, height: 500 }, { resolution: { width: 1000, height: 1000 }, scaleFactor: 3 })?.label).toBe('3,000 × 1,500 px, 3× this image');
    expect(outputSummary({ width: 4000, height: 3000 }, { resolution: { width: 1024, height: 1024 }, scaleFactor: 1 }, 'render')?.label).toBe('1,024 × 768 px, 0.3× this render');
  });

  it('summarises the output the server will make, and refuses above 64 MP', () => {
    const s = outputSummary({ width: 960, height: 640 }, { resolution: { width: 1969, height: 1969 }, scaleFactor: 1 });
    expect(s).toMatchObject({ width: 1969, height: 1313, label: '1,969 × 1,313 px, 2.1× this image', megapixels: '2.6 MP', tooLarge: null });
    const big = outputSummary({ width: 800, height: 800 }, { resolution: { width: 2100, height: 2100 }, scaleFactor: 4 });
    expect(big?.tooLarge).toMatch(/70\.6 MP.*64 megapixels/);
    expect(outputSummary(null, { resolution: { width: 1969, height: 1969 }, scaleFactor: 1 })).toBeNull();
  });

  it('needs one credit per variation', () => {
    expect(hasCreditsFor(2, 2)).toBe(true);
    expect(hasCreditsFor(2, 4)).toBe(false);
  });

  it('knows the presets and clamps typed sides to 64–16384', () => {
    expect(presetOf({ width: 1969, height: 1969 })).toBe(1969);
    expect(presetOf({ width: 2000, height: 1500 })).toBeNull();
    expect(clampSide(10)).toBe(64);
    expect(clampSide(99999)).toBe(16384);
    expect(clampSide(2048.4)).toBe(2048);
  });

  it('shows the chosen result, else the newest completed one; knows when results are still running', () => {
    const ops = [op(3, 'PROCESSING'), op(2, 'COMPLETED'), op(1, 'COMPLETED'), op(0, 'FAILED')];
    expect(shownResult(ops, null)?.id).toBe(2);
    expect(shownResult(ops, 1)?.id).toBe(1);
    expect(shownResult(ops, 0)?.id).toBe(2);
    expect(isProcessing(ops)).toBe(true);
    expect(isProcessing(ops.slice(1))).toBe(false);
    expect(describeResult(ops[1])).toBe('2× · 2,048 × 1,366');
  });

  it('lists finished and running results in the strip, never a failed one', () => {
    const ops = [op(4, 'FAILED'), op(3, 'PROCESSING'), op(2, 'COMPLETED'), op(1, 'FAILED')];
    expect(stripOperations(ops).map((o) => o.id)).toEqual([3, 2]);
  });
});
