import { describe, expect, it } from 'vitest';
import {
  REFINE_DEFAULT_SETTINGS,
  refineGenerateRequestSchema,
  refineOutputSize,
  refineOutputTooLargeMessage,
  saveRefineSettingsRequestSchema,
} from './refine.js';

describe('refineOutputSize', () => {
  it('fits the source inside the resolution, keeping its aspect ratio, then applies the scale factor', () => {
    expect(refineOutputSize({ width: 1600, height: 1200 }, { width: 1969, height: 1969 }, 2)).toEqual({ width: 3938, height: 2954, pixels: 3938 * 2954 });
    expect(refineOutputSize({ width: 1024, height: 1024 }, { width: 1024, height: 1024 }, 4)).toMatchObject({ width: 4096, height: 4096 });
    expect(refineOutputSize({ width: 400, height: 800 }, { width: 1000, height: 1000 }, 1)).toMatchObject({ width: 500, height: 1000 });
  });

  it('allows the default resolution at 4× (62 MP) and refuses 70 MP naming resolution and scaleFactor', () => {
    const max = refineOutputSize({ width: 500, height: 500 }, REFINE_DEFAULT_SETTINGS.resolution, 4);
    expect(max).toMatchObject({ width: 7876, height: 7876 });
    expect(refineOutputTooLargeMessage(max)).toBeNull();
    const big = refineOutputSize({ width: 500, height: 500 }, { width: 2100, height: 2100 }, 4);
    expect(refineOutputTooLargeMessage(big)).toMatch(/resolution × scaleFactor would give 8400 × 8400 px \(70\.6 MP\).*64 megapixels/);
  });
});

describe('refine requests', () => {
  it('fills the spec defaults', () => {
    const parsed = refineGenerateRequestSchema.parse({ imageId: 7 });
    expect(parsed).toMatchObject({ ...REFINE_DEFAULT_SETTINGS, imageId: 7, imageType: 'uploaded', variations: 1 });
  });

  it('names the field that is out of range', () => {
    const issue = (body: object) => refineGenerateRequestSchema.safeParse({ imageId: 1, ...body }).error?.issues[0];
    expect(issue({ scaleFactor: 5 })?.message).toBe('scaleFactor must be between 1 and 4');
    expect(issue({ aiStrength: 0 })?.message).toBe('aiStrength must be between 1 and 50');
    expect(issue({ sharpness: 51 })?.message).toBe('sharpness must be between 1 and 50');
    expect(issue({ variations: 5 })?.message).toBe('variations must be between 1 and 4');
    expect(issue({ resolution: { width: 20, height: 1000 } })?.message).toBe('resolution.width must be between 64 and 16384');
    expect(issue({ matchColor: 'yes' })?.message).toBe('matchColor must be true or false');
    expect(issue({ imageType: 'mask' })?.message).toBe('imageType must be one of uploaded, generated');
  });

  it('reads "WxH" resolutions and keeps settings fields optional when saving', () => {
    expect(refineGenerateRequestSchema.parse({ imageId: 1, resolution: '2048x1536' }).resolution).toEqual({ width: 2048, height: 1536 });
    expect(saveRefineSettingsRequestSchema.parse({ imageId: 3, clarity: 30 })).toEqual({ imageId: 3, imageType: 'uploaded', clarity: 30 });
  });
});
