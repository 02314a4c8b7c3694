import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { notifyLiveListeners } from '../../../app/socket/liveListeners';
import { makeStore } from '../../../app/store';
import { workReducers } from '../../../app/workSlices';
import { initialAuthState } from '../../auth/store/authSlice';
import { IDLE_PIPELINE, initialTweakState, type TweakState } from '../store/tweakSlice';
import { useTweakPipeline } from './useTweakPipeline';

const rect = { id: 'r', x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#f00', strokeWidth: 2 };

/** The canvas while phase 1 (the outpaint of batch 7) runs, an inpaint of the drawn rectangle to follow. */
function outpaintRunning(): TweakState {
  return {
    ...initialTweakState,
    rectangleObjects: [rect],
    prompt: 'olive trees',
    selectedBase: { kind: 'input', id: 5, url: '/api/files/in/5.jpg', width: 800, height: 450 },
    selectedBaseImageId: 5,
    originalBase: { kind: 'input', id: 5 },
    generating: true,
    generatingSince: 1,
    pipeline: {
      ...IDLE_PIPELINE,
      phase: 'OUTPAINT_STARTED',
      needsInpaint: true,
      batchId: 7,
      awaiting: 'outpaint',
      inpaintParams: {
        objects: { rectangleObjects: [rect], brushObjects: [], selectedRegions: [] },
        imageBounds: { x: 0, y: 75, width: 800, height: 450 },
        frame: { x: -200, y: 75, width: 1000, height: 450 },
        prompt: 'olive trees',
        negativePrompt: '',
        maskKeyword: '',
        variations: 1,
      },
      outpaintResultSize: { width: 1000, height: 450 },
    },
  };
}

describe('useTweakPipeline', () => {
  it('when the outpaint completes, phase 2 selects its result silently: only the base image id changes', () => {
    const store = makeStore({ auth: { ...initialAuthState, credits: 10 }, tweak: outpaintRunning() }, workReducers);
    const onResultReady = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <RouterProvider router={createMemoryRouter([{ path: '/edit', element: children }], { initialEntries: ['/edit'] })} />
      </Provider>
    );
    const { unmount } = renderHook(() => useTweakPipeline({ onResultReady }), { wrapper });
    const before = store.getState().tweak;

    act(() =>
      notifyLiveListeners({
        type: 'variation_completed',
        batchId: 7,
        imageId: 41,
        variationNumber: 1,
        status: 'COMPLETED',
        runpodStatus: 'COMPLETED',
        url: '/api/files/gen/41.jpg',
        thumbnailUrl: null,
        inputImageId: 5,
        moduleType: 'TWEAK',
        operationType: 'outpaint',
        baseImageId: 5,
        createdAt: '2026-03-01T10:00:00.000Z',
      }),
    );

    const after = store.getState().tweak;
    expect(after.selectedBaseImageId).toBe(41);
    expect(after.pipeline.phase).toBe('INPAINT_STARTING');
    // Nothing else of the canvas changed: the same image shown, the drawn rectangle, the history.
    expect(after.selectedBase).toEqual(before.selectedBase);
    expect(after.rectangleObjects).toEqual([rect]);
    expect(after.history).toBe(before.history);
    expect(onResultReady).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }), 200);
    unmount();
  });
});
