import { describe, expect, it } from 'vitest';
import type { GeneratedImage } from '@atelier/contract';
import { tweakPlaceholder } from '../../../app/api/tweak';
import { groupResults } from './results';

const image = (id: number, batchId: number, variationNumber: number, createdAt: string, operationType = 'inpaint'): GeneratedImage => ({
  ...tweakPlaceholder({ imageId: id, batchId, variationNumber, operationType, baseImageId: 1, createdAt }),
  status: 'COMPLETED',
});

describe('the tweak results strip', () => {
  it('shows each batch with two slots, newest batch first, variations in order', () => {
    const batches = groupResults([
      image(5, 20, 2, '2025-03-02T10:00:00Z'),
      image(4, 20, 1, '2025-03-02T10:00:00Z'),
      image(3, 10, 1, '2025-03-01T10:00:00Z', 'outpaint'),
    ]);
    expect(batches.map((b) => b.batchId)).toEqual([20, 10]);
    expect(batches[0].slots.map((s) => s?.id)).toEqual([4, 5]);
    expect(batches[1].slots.map((s) => s?.id ?? null)).toEqual([3, null]);
    expect(batches[1].operationType).toBe('outpaint');
  });

  it('marks a batch with a variation still running', () => {
    const running = { ...image(7, 30, 1, '2025-03-03T10:00:00Z'), status: 'PROCESSING' as const };
    expect(groupResults([running])[0].processing).toBe(true);
  });

  it('lists no failed variation: a failed one leaves its slot empty, an all-failed batch is not shown', () => {
    const failed = (img: GeneratedImage) => ({ ...img, status: 'FAILED' as const });
    const batches = groupResults([
      failed(image(9, 40, 2, '2025-03-04T10:00:00Z')),
      image(8, 40, 1, '2025-03-04T10:00:00Z'),
      failed(image(7, 30, 1, '2025-03-03T10:00:00Z')),
      failed(image(6, 30, 2, '2025-03-03T10:00:00Z')),
    ]);
    expect(batches.map((b) => b.batchId)).toEqual([40]);
    expect(batches[0].slots.map((s) => s?.id ?? null)).toEqual([8, null]);
  });
});
