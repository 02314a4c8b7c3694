import { describe, expect, it, vi } from 'vitest';
import { readTweakParams } from './urlParams';

describe('the /edit query parameters', () => {
  it('reads a numeric imageId and the tweak settings', () => {
    const p = readTweakParams(new URLSearchParams('imageId=42&fromBatch=7&prompt=add%20a%20pergola&operationType=inpaint&maskKeyword=roof&negativePrompt=blurry&variations=2'));
    expect(p).toEqual({ imageId: 42, imageType: null, fromBatch: 7, prompt: 'add a pergola', operationType: 'inpaint', maskKeyword: 'roof', negativePrompt: 'blurry', variations: 2 });
  });

  it('ignores an imageId that is not a number, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readTweakParams(new URLSearchParams('imageId=abc')).imageId).toBeNull();
    expect(readTweakParams(new URLSearchParams('imageId=1.5')).imageId).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('reads imageType=input (Create → Tweak with an input image selected)', () => {
    expect(readTweakParams(new URLSearchParams('imageId=9&imageType=input'))).toMatchObject({ imageId: 9, imageType: 'input' });
    expect(readTweakParams(new URLSearchParams('imageId=9&imageType=photo')).imageType).toBeNull();
  });

  it('leaves out what is not given, and variations other than 1 or 2', () => {
    expect(readTweakParams(new URLSearchParams('variations=3'))).toEqual({ imageId: null, imageType: null, fromBatch: null, prompt: undefined, operationType: undefined, maskKeyword: undefined, negativePrompt: undefined, variations: undefined });
  });
});
