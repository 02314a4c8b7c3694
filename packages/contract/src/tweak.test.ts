import { describe, expect, it } from 'vitest';
import { inpaintRequestSchema, outpaintRequestSchema, TWEAK_PHASE_LABELS, tweakFailureAlert } from './tweak.js';

const base = { baseImageUrl: '/api/files/u/1/generated/2/a/image.jpg?exp=1&sig=x', originalBaseImageId: 2, selectedBaseImageId: 2 };

describe('the tweak contract', () => {
  it('defaults to one variation and allows only 1 or 2', () => {
    const ok = outpaintRequestSchema.parse({ ...base, canvasBounds: { x: -10, y: 0, width: 810, height: 600 }, originalImageBounds: { x: 0, y: 0, width: 800, height: 600 } });
    expect(ok.variations).toBe(1);
    const bad = outpaintRequestSchema.safeParse({ ...base, variations: 3, canvasBounds: { x: 0, y: 0, width: 1, height: 1 }, originalImageBounds: { x: 0, y: 0, width: 1, height: 1 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('variations must be 1 or 2');
  });

  it('names the bounds field that is wrong', () => {
    const r = outpaintRequestSchema.safeParse({ ...base, canvasBounds: { x: 0, y: 0, width: -1, height: 600 }, originalImageBounds: { x: 0, y: 0, width: 800, height: 600 } });
    expect(r.error?.issues[0].message).toBe('canvasBounds.width must be greater than 0');
  });

  it('needs a non-blank prompt and a mask url to inpaint', () => {
    expect(inpaintRequestSchema.safeParse({ ...base, maskImageUrl: '/m.png', prompt: '  ' }).error?.issues[0].message).toBe('prompt is required');
    expect(inpaintRequestSchema.safeParse({ ...base, prompt: 'x' }).error?.issues[0].path).toEqual(['maskImageUrl']);
  });

  it("has the spec's button labels and failure alerts", () => {
    expect(TWEAK_PHASE_LABELS).toEqual({
      OUTPAINT_STARTED: 'Phase 1: Outpaint...',
      INPAINT_STARTING: 'Starting Phase 2...',
      INPAINT_STARTED: 'Phase 2: Inpaint...',
      IDLE: 'Generate',
    });
    expect(tweakFailureAlert('inpaint', 'No credits')).toBe('Failed to generate inpaint: No credits');
    expect(tweakFailureAlert('outpaint', 'Timed out')).toBe('Failed to generate outpaint: Timed out');
  });
});
