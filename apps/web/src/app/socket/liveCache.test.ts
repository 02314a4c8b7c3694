import { describe, expect, it } from 'vitest';
import { flattenCreateImages, generationApi } from '../api/generation';
import { makeStore } from '../store';
import { initialAuthState } from '../../features/auth/store/authSlice';
import { createImage, page } from '../../features/create/testing';
import { json, mockFetchBy, signedInAuth } from '../../test/factories';
import { applyLiveMessage } from './liveCache';
import { getVariationProgress } from './liveListeners';

async function storeWithHistory(images = [createImage(1, { batchId: 1 })]) {
  const fetch = mockFetchBy((url) => (url.includes('/runpod/variations') ? json(page('variations', images)) : json({}, 404)));
  const store = makeStore({ auth: { ...initialAuthState, ...signedInAuth({ credits: 20 }) } });
  const sub = store.dispatch(generationApi.endpoints.getCreateImages.initiate());
  await sub;
  const history = () => flattenCreateImages(generationApi.endpoints.getCreateImages.select(undefined)(store.getState()).data);
  const apply = (message: Parameters<typeof applyLiveMessage>[0]) => applyLiveMessage(message, store.dispatch, store.getState);
  return { store, history, apply, fetch };
}

describe('live messages in the cache', () => {
  it('generation_started sets the credits and shows a slot per variation at once', async () => {
    const { store, history, apply } = await storeWithHistory();
    apply({ type: 'generation_started', batchId: 2, inputImageId: 5, totalVariations: 4, imageIds: [11, 12, 13, 14], remainingCredits: 16, moduleType: 'CREATE' });
    expect(store.getState().auth.credits).toBe(16);
    expect(history().map((i) => [i.id, i.status, i.variationNumber])).toEqual([
      [11, 'PROCESSING', 1],
      [12, 'PROCESSING', 2],
      [13, 'PROCESSING', 3],
      [14, 'PROCESSING', 4],
      [1, 'COMPLETED', 1],
    ]);
    // Again (the reply and the message both add them): no duplicates.
    apply({ type: 'generation_started', batchId: 2, inputImageId: 5, totalVariations: 4, imageIds: [11, 12, 13, 14], remainingCredits: 16 });
    expect(history()).toHaveLength(5);
  });

  it('variation progress stays out of Redux; completion fills the slot with the image', async () => {
    const { history, apply } = await storeWithHistory([createImage(11, { batchId: 2, status: 'PROCESSING', imageUrl: null, thumbnailUrl: null })]);
    apply({ type: 'variation_started', batchId: 2, imageId: 11, variationNumber: 1, status: 'PROCESSING', runpodStatus: 'IN_PROGRESS' });
    apply({ type: 'variation_progress', batchId: 2, imageId: 11, variationNumber: 1, percentage: 40, status: 'PROCESSING', runpodStatus: 'IN_PROGRESS' });
    expect(getVariationProgress(11)).toBe(40);
    expect(history()[0]).toMatchObject({ status: 'PROCESSING', runpodStatus: 'IN_PROGRESS' });

    apply({
      type: 'variation_completed',
      batchId: 2,
      imageId: 11,
      variationNumber: 1,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: '/api/files/gen/11.jpg?sig=y',
      thumbnailUrl: '/api/files/gen/11.thumb.webp?sig=y',
      inputImageId: 5,
      moduleType: 'CREATE',
      operationType: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(getVariationProgress(11)).toBeNull();
    expect(history()[0]).toMatchObject({ status: 'COMPLETED', imageUrl: '/api/files/gen/11.jpg?sig=y', thumbnailUrl: '/api/files/gen/11.thumb.webp?sig=y' });
    expect(Date.now() - Date.parse(history()[0].updatedAt)).toBeLessThan(5000);
  });

  it('variation_completed puts the preview’s notes into the image’s settings snapshot, keeping the rest', async () => {
    const { history, apply } = await storeWithHistory([createImage(11, { batchId: 2, status: 'PROCESSING', settingsSnapshot: { renderType: 'aerial', seed: 7 } })]);
    const previewNotes = ['Sky: replaced (blue sky → overcast, soft diffuse light, no direct sun)', 'Exposure +0.15 EV'];
    apply({
      type: 'variation_completed',
      batchId: 2,
      imageId: 11,
      variationNumber: 1,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: '/x.jpg',
      thumbnailUrl: null,
      inputImageId: 5,
      moduleType: 'CREATE',
      operationType: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      previewNotes,
    });
    expect(history()[0].settingsSnapshot).toEqual({ renderType: 'aerial', seed: 7, previewNotes });
  });

  it('variation_failed marks the image FAILED and gives the refunded balance', async () => {
    const { store, history, apply } = await storeWithHistory([createImage(11, { status: 'PROCESSING' })]);
    apply({ type: 'variation_failed', batchId: 1, imageId: 11, variationNumber: 1, status: 'FAILED', error: 'boom', refunded: 1, remainingCredits: 21 });
    expect(history()[0].status).toBe('FAILED');
    expect(store.getState().auth.credits).toBe(21);
  });

  it('refetches the list when a completed image is not in it yet', async () => {
    const { apply, fetch } = await storeWithHistory();
    const before = fetch.mock.calls.length;
    apply({
      type: 'variation_completed',
      batchId: 9,
      imageId: 99,
      variationNumber: 1,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: '/x.jpg',
      thumbnailUrl: null,
      inputImageId: 1,
      moduleType: 'CREATE',
      operationType: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch.mock.calls.length).toBeGreaterThan(before);
  });
});
