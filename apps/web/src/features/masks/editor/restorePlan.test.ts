import { describe, expect, it } from 'vitest';
import { planRestore, type KeptRegion } from './restorePlan';

const blob = (s: string) => new Blob([s], { type: 'image/png' });
const kept = (id: number, label: string, maskUrl: string): KeptRegion => ({ id, label, name: label, maskUrl, mask: blob(`${id}`) });

describe('planRestore (undo of a region edit)', () => {
  it('puts back the old mask of a painted region and of the region it took pixels from', () => {
    const before = [kept(1, 'Brick', '/f/1a'), kept(2, 'Sky', '/f/2a'), kept(3, 'Ground', '/f/3a')];
    const plan = planRestore(before, [
      { id: 1, label: 'Brick', maskUrl: '/f/1b' },
      { id: 2, label: 'Sky', maskUrl: '/f/2b' },
      { id: 3, label: 'Ground', maskUrl: '/f/3a' },
    ]);
    expect(plan.remove).toEqual([]);
    expect(plan.add).toEqual([]);
    expect(plan.put.map((p) => [p.id, p.mask === before[p.id - 1].mask, p.name])).toEqual([
      [1, true, undefined],
      [2, true, undefined],
    ]);
  });

  it('undoes a merge: the kept region shrinks back and the merged one is added again with its name', () => {
    const before = [kept(1, 'Glazing west', '/f/1a'), kept(2, 'Glazing east', '/f/2a')];
    const plan = planRestore(before, [{ id: 1, label: 'Glazing west', maskUrl: '/f/1b' }]);
    expect(plan.put.map((p) => p.id)).toEqual([1]);
    expect(plan.add).toEqual([{ mask: before[1].mask, name: 'Glazing east' }]);
  });

  it('undoes a split (the new part is deleted) and a rename (the old name comes back)', () => {
    const before = [kept(1, 'Brick', '/f/1a')];
    const plan = planRestore(before, [
      { id: 1, label: 'Red brick', maskUrl: '/f/1b' },
      { id: 9, label: 'Brick', maskUrl: '/f/9a' },
    ]);
    expect(plan.remove).toEqual([9]);
    expect(plan.put).toEqual([{ id: 1, mask: before[0].mask, name: 'Brick' }]);
  });
});
