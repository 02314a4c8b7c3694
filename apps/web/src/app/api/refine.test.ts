import { describe, expect, it } from 'vitest';
import type { RefineOperation, RefineOperationsResponse } from '@atelier/contract';
import { makeStore } from '../store';
import { applyLiveMessage } from '../socket/liveCache';
import { refineApi } from './refine';

const ref = { imageId: 4, imageType: 'uploaded' as const };

const processing = (id: number): RefineOperation => ({
  id,
  status: 'PROCESSING',
  runpodStatus: 'SUBMITTED',
  resultImageUrl: null,
  processedImageUrl: null,
  thumbnailUrl: null,
  batchId: 9,
  variationNumber: id - 10,
  operationType: 'upscale',
  width: null,
  height: null,
  settings: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

async function storeWith(operations: RefineOperation[]) {
  const store = makeStore();
  const data: RefineOperationsResponse = { imageId: 4, imageType: 'uploaded', source: null, operations };
  await store.dispatch(refineApi.util.upsertQueryData('getRefineOperations', ref, data));
  const ops = () => refineApi.endpoints.getRefineOperations.select(ref)(store.getState()).data?.operations ?? [];
  const apply = (m: Parameters<typeof applyLiveMessage>[0]) => applyLiveMessage(m, store.dispatch as (a: unknown) => unknown, store.getState);
  return { store, ops, apply };
}

describe('live messages and the cached refine results', () => {
  it('completes and fails results in place', async () => {
    const { ops, apply } = await storeWith([processing(12), processing(11)]);
    apply({ type: 'variation_started', batchId: 9, imageId: 11, variationNumber: 1, status: 'PROCESSING', runpodStatus: 'IN_PROGRESS' });
    expect(ops().find((o) => o.id === 11)?.runpodStatus).toBe('IN_PROGRESS');
    apply({
      type: 'variation_completed',
      batchId: 9,
      imageId: 11,
      variationNumber: 1,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: '/api/files/u/1/generated/11/x/image.jpg',
      thumbnailUrl: '/api/files/u/1/generated/11/x/thumb.webp',
      inputImageId: 4,
      moduleType: 'REFINE',
      operationType: 'upscale',
      baseImageId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(ops().find((o) => o.id === 11)).toMatchObject({ status: 'COMPLETED', resultImageUrl: '/api/files/u/1/generated/11/x/image.jpg', thumbnailUrl: '/api/files/u/1/generated/11/x/thumb.webp' });
    apply({ type: 'variation_failed', batchId: 9, imageId: 12, variationNumber: 2, status: 'FAILED', error: 'Generation failed', refunded: 1, remainingCredits: 30 });
    expect(ops().find((o) => o.id === 12)?.status).toBe('FAILED');
  });

  it('leaves the refine results alone for Create messages', async () => {
    const { ops, apply } = await storeWith([processing(12)]);
    apply({
      type: 'variation_completed',
      batchId: 3,
      imageId: 12,
      variationNumber: 1,
      status: 'COMPLETED',
      runpodStatus: 'COMPLETED',
      url: '/x.jpg',
      thumbnailUrl: null,
      inputImageId: 4,
      moduleType: 'CREATE',
      operationType: null,
      baseImageId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(ops()[0].status).toBe('PROCESSING');
  });
});
