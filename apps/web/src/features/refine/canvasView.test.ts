import { describe, expect, it } from 'vitest';
import { isClick, splitAt } from './canvasView';

describe('refine canvas view', () => {
  it('maps a pointer to the comparison split and tells clicks from drags', () => {
    expect(splitAt({ zoom: 0.5, x: 100, y: 0 }, 1000, 350)).toBeCloseTo(0.5);
    expect(splitAt({ zoom: 0.5, x: 100, y: 0 }, 1000, 0)).toBe(0);
    expect(isClick({ x: 0, y: 0 }, { x: 2, y: 2 })).toBe(true);
    expect(isClick({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(false);
  });
});
