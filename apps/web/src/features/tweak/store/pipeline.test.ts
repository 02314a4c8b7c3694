import { describe, expect, it } from 'vitest';
import { TWEAK_PHASE_LABELS } from '@atelier/contract';
import {
  addImageStarted,
  generatingEnded,
  generatingStarted,
  imageAdded,
  initialTweakState,
  inpaintStarted,
  operationAwaited,
  outpaintCompleted,
  outpaintStarted,
  pipelineCleared,
  placedImagesComposited,
  tweakReducer,
  type InpaintParams,
} from './tweakSlice';

const params: InpaintParams = {
  objects: { rectangleObjects: [{ id: 'r', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#f00', strokeWidth: 2 }], brushObjects: [], selectedRegions: [] },
  imageBounds: { x: 0, y: 75, width: 800, height: 450 },
  frame: { x: -200, y: 75, width: 1000, height: 450 },
  prompt: 'olive trees',
  negativePrompt: '',
  maskKeyword: '',
  variations: 1,
};

describe('the tweak pipeline', () => {
  it('goes OUTPAINT_STARTED → INPAINT_STARTING → INPAINT_STARTED, with the labels of the spec', () => {
    let s = tweakReducer(initialTweakState, generatingStarted(1000));
    s = tweakReducer(s, outpaintStarted({ batchId: 5, inpaintParams: params, size: { width: 1000, height: 450 } }));
    expect(s.pipeline).toMatchObject({ phase: 'OUTPAINT_STARTED', needsInpaint: true, batchId: 5, awaiting: 'outpaint' });
    expect(TWEAK_PHASE_LABELS[s.pipeline.phase!]).toBe('Phase 1: Outpaint...');
    s = tweakReducer(s, outpaintCompleted({ imageId: 41, url: '/files/41.jpg' }));
    expect(s.pipeline).toMatchObject({ phase: 'INPAINT_STARTING', outpaintResultImageId: 41, outpaintResultUrl: '/files/41.jpg' });
    expect(TWEAK_PHASE_LABELS[s.pipeline.phase!]).toBe('Starting Phase 2...');
    s = tweakReducer(s, inpaintStarted({ batchId: 6 }));
    expect(s.pipeline).toMatchObject({ phase: 'INPAINT_STARTED', batchId: 6, awaiting: 'inpaint', needsInpaint: false });
    expect(TWEAK_PHASE_LABELS[s.pipeline.phase!]).toBe('Phase 2: Inpaint...');
    s = tweakReducer(tweakReducer(s, pipelineCleared()), generatingEnded());
    expect(s.pipeline.phase).toBeNull();
    expect(s.generating).toBe(false);
  });

  it('an outpaint without drawn objects needs no inpaint; an inpaint of its own has no phase', () => {
    let s = tweakReducer(initialTweakState, outpaintStarted({ batchId: 7, inpaintParams: null, size: { width: 900, height: 450 } }));
    expect(s.pipeline.needsInpaint).toBe(false);
    s = tweakReducer(initialTweakState, inpaintStarted({ batchId: 8 }));
    expect(s.pipeline).toMatchObject({ phase: null, batchId: 8, awaiting: 'inpaint' });
    s = tweakReducer(initialTweakState, operationAwaited({ batchId: 9, operationType: 'outpaint' }));
    expect(s.pipeline.phase).toBe('OUTPAINT_STARTED');
  });

  it('placing pictures can be followed by an inpaint on their result', () => {
    let s = tweakReducer(initialTweakState, addImageStarted({ batchId: 3, inpaintParams: params, size: { width: 640, height: 420 } }));
    expect(s.pipeline).toMatchObject({ phase: null, awaiting: 'add_image', needsInpaint: true });
    s = tweakReducer(s, outpaintCompleted({ imageId: 12, url: '/files/12.jpg' }));
    expect(s.pipeline.phase).toBe('INPAINT_STARTING');
  });

  it('clears the placed pictures once their composite succeeds, so Generate cannot pay for them twice', () => {
    let s = tweakReducer(initialTweakState, imageAdded({ id: 'p', src: 'blob:p', name: 'planter.png', x: 400, y: 300, width: 200, height: 200, rotation: 0 }));
    s = tweakReducer(s, addImageStarted({ batchId: 9, inpaintParams: null, size: { width: 800, height: 450 } }));
    expect(s.addedImages).toHaveLength(1);
    s = tweakReducer(s, placedImagesComposited());
    expect(s.addedImages).toEqual([]);
    // Nothing placed: nothing changes (no empty undo step).
    expect(tweakReducer(s, placedImagesComposited()).history).toBe(s.history);
  });
});
