import { describe, expect, it } from 'vitest';
import { AUTO_SELECT_RECENCY_MS, autoSelectCandidate, historyItems, historySlots, isGenerating, variantSlotEnabled } from './historyOrder';
import { createImage } from './testing';

const ids = (list: { id: number }[]) => list.map((i) => i.id);

describe('historyItems', () => {
  it('shows only COMPLETED and PROCESSING images', () => {
    const items = historyItems([
      createImage(1),
      createImage(2, { status: 'FAILED' }),
      createImage(3, { status: 'PROCESSING', imageUrl: null }),
    ]);
    expect(ids(items)).toEqual([3, 1]);
  });

  it('puts processing first, then the newest batches, each batch in variation order', () => {
    const items = historyItems([
      createImage(10, { batchId: 1, variationNumber: 1, createdAt: '2026-03-01T09:00:00.000Z' }),
      createImage(11, { batchId: 1, variationNumber: 2, createdAt: '2026-03-01T09:00:00.000Z' }),
      createImage(21, { batchId: 2, variationNumber: 2, createdAt: '2026-03-02T09:00:00.000Z' }),
      createImage(20, { batchId: 2, variationNumber: 1, createdAt: '2026-03-02T09:00:00.000Z' }),
      createImage(31, { batchId: 3, variationNumber: 2, status: 'PROCESSING', createdAt: '2026-03-03T09:00:00.000Z' }),
      createImage(30, { batchId: 3, variationNumber: 1, status: 'COMPLETED', createdAt: '2026-03-03T09:00:00.000Z' }),
      createImage(32, { batchId: 3, variationNumber: 3, status: 'PROCESSING', createdAt: '2026-03-03T09:00:00.000Z' }),
    ]);
    expect(ids(items)).toEqual([31, 32, 30, 20, 21, 10, 11]);
  });

  it('does not change the list it is given', () => {
    const list = [createImage(1, { batchId: 1 }), createImage(2, { batchId: 2, createdAt: '2026-04-01T00:00:00.000Z' })];
    historyItems(list);
    expect(ids(list)).toEqual([1, 2]);
  });
});

describe('autoSelectCandidate', () => {
  const now = Date.parse('2026-03-01T10:01:00.000Z');
  const doneAt = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('picks the newest completed image under 60 s old', () => {
    const list = [createImage(1, { updatedAt: doneAt(5000) }), createImage(2, { updatedAt: doneAt(1000) }), createImage(3, { updatedAt: doneAt(AUTO_SELECT_RECENCY_MS + 1) })];
    expect(autoSelectCandidate(list, new Set(), now)?.id).toBe(2);
  });

  it('selects each image once', () => {
    const list = [createImage(1, { updatedAt: doneAt(5000) }), createImage(2, { updatedAt: doneAt(1000) })];
    expect(autoSelectCandidate(list, new Set([2]), now)?.id).toBe(1);
    expect(autoSelectCandidate(list, new Set([1, 2]), now)).toBeNull();
  });

  it('ignores images that are still rendering or older than a minute', () => {
    const list = [createImage(1, { status: 'PROCESSING', imageUrl: null, updatedAt: doneAt(100) }), createImage(2, { updatedAt: doneAt(61_000) })];
    expect(autoSelectCandidate(list, new Set(), now)).toBeNull();
  });
});

describe('isGenerating', () => {
  it('is true while any image renders', () => {
    expect(isGenerating([createImage(1), createImage(2, { status: 'PROCESSING' })])).toBe(true);
    expect(isGenerating([createImage(1), createImage(2, { status: 'FAILED' })])).toBe(false);
  });
});

describe('historySlots', () => {
  it('fills the newest batch up to four slots, the free ones right after its images', () => {
    const slots = historySlots(
      historyItems([
        createImage(10, { batchId: 1, variationNumber: 1, createdAt: '2026-03-01T09:00:00.000Z' }),
        createImage(20, { batchId: 2, variationNumber: 1, createdAt: '2026-03-02T09:00:00.000Z' }),
        createImage(21, { batchId: 2, variationNumber: 2, status: 'FAILED', createdAt: '2026-03-02T09:00:00.000Z' }),
      ]),
    );
    expect(slots.map((s) => (s.kind === 'image' ? s.image.id : `free:${s.batchId}:${s.first}`))).toEqual([20, 'free:2:true', 'free:2:false', 'free:2:false', 10]);
  });

  it('adds nothing to a full batch or an empty history', () => {
    const four = [1, 2, 3, 4].map((n) => createImage(n, { batchId: 5, variationNumber: n }));
    expect(historySlots(historyItems(four)).every((s) => s.kind === 'image')).toBe(true);
    expect(historySlots([])).toEqual([]);
  });

  it('offers no free slot while a new batch is only submitted (its placeholders have no batch id yet)', () => {
    const items = historyItems([createImage(10, { batchId: 1 }), createImage(-2, { batchId: -1, status: 'PROCESSING', runpodStatus: 'SUBMITTED', imageUrl: null })]);
    expect(historySlots(items).every((s) => s.kind === 'image')).toBe(true);
  });
});

describe('variantSlotEnabled (spec §2)', () => {
  it('is off for every slot while a variant generation runs', () => {
    expect(variantSlotEnabled({ first: true }, { variantRunning: true, othersProcessing: false })).toBe(false);
    expect(variantSlotEnabled({ first: false }, { variantRunning: true, othersProcessing: true })).toBe(false);
  });

  it('offers the first slot, and the later ones only while other images are processing', () => {
    expect(variantSlotEnabled({ first: true }, { variantRunning: false, othersProcessing: false })).toBe(true);
    expect(variantSlotEnabled({ first: false }, { variantRunning: false, othersProcessing: false })).toBe(false);
    expect(variantSlotEnabled({ first: false }, { variantRunning: false, othersProcessing: true })).toBe(true);
    expect(variantSlotEnabled({ first: true }, { variantRunning: false, othersProcessing: true })).toBe(true);
  });
});
