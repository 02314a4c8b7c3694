import { describe, expect, it } from 'vitest';
import { regionParams } from './resolve.js';

describe('regionParams', () => {
  it("puts a wall material on a region named roof on the roof's plane, and leaves façades and floors alone", () => {
    const mask = Buffer.alloc(0);
    const materialId = 'walls-brick-red-running-bond';
    expect(regionParams({ mask, materialId, label: 'roof' })).toMatchObject({ surface: 'wall', roof: true });
    expect(regionParams({ mask, materialId, label: 'facade' }).roof).toBeUndefined();
    expect(regionParams({ mask, materialId }).roof).toBeUndefined();
    expect(regionParams({ mask, materialId: 'floors-stone-slate-tiles', label: 'roof' })).toMatchObject({ surface: 'floor' });
    expect(regionParams({ mask, materialId: 'floors-stone-slate-tiles', label: 'roof' }).roof).toBeUndefined();
  });
});
