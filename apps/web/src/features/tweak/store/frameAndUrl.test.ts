import { describe, expect, it } from 'vitest';
import {
  baseImageChanged,
  canvasBoundsChanged,
  canvasBoundsReset,
  imageAdded,
  imageNotFound,
  initialTweakState,
  outpaintPromptChanged,
  promptChanged,
  tweakReducer,
} from './tweakSlice';

const base = { kind: 'input' as const, id: 3, url: 'blob:base', width: 640, height: 420 };

describe('the outpaint prompt and an image the URL cannot open', () => {
  it('keeps the outpaint prompt apart from the inpaint prompt, and empties it with each new frame or image', () => {
    let s = tweakReducer(initialTweakState, baseImageChanged({ base }));
    s = tweakReducer(s, promptChanged('a glass balustrade'));
    s = tweakReducer(s, canvasBoundsChanged({ ...s.originalImageBounds, width: s.originalImageBounds.width + 200 }));
    expect(s.outpaintPrompt).toBe('');
    s = tweakReducer(s, outpaintPromptChanged('more of the garden'));
    expect(s.prompt).toBe('a glass balustrade');
    s = tweakReducer(s, canvasBoundsReset());
    expect(s.outpaintPrompt).toBe('');
    s = tweakReducer(s, outpaintPromptChanged('more sky'));
    s = tweakReducer(s, baseImageChanged({ base: { ...base, id: 4 } }));
    expect(s.outpaintPrompt).toBe('');
  });

  it('shows no image at all for an image the URL names but the user cannot open, until one is chosen', () => {
    let s = tweakReducer(initialTweakState, baseImageChanged({ base }));
    s = tweakReducer(s, imageAdded({ id: 'p', src: 'blob:p', name: 'tree.png', x: 450, y: 300, width: 100, height: 200, rotation: 0 }));
    s = tweakReducer(s, imageNotFound(999));
    expect(s).toMatchObject({ selectedBase: null, originalBase: null, addedImages: [], missingImageId: 999 });
    s = tweakReducer(s, baseImageChanged({ base }));
    expect(s.missingImageId).toBeNull();
  });
});
