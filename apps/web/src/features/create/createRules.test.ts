import { describe, expect, it } from 'vitest';
import { promptModalDelay } from './hooks/useCreateSelection';
import { hasCreditsFor } from './hooks/useCreateAction';

describe('create rules', () => {
  it('opens the prompt modal after 1 s, or 2 s when the source is webhook or revit', () => {
    expect(promptModalDelay(null)).toBe(1000);
    expect(promptModalDelay('webhook')).toBe(2000);
    expect(promptModalDelay('revit')).toBe(2000);
    for (const source of ['sketchup', 'rhino', 'archicad', 'blender']) expect(promptModalDelay(source)).toBe(2000);
    expect(promptModalDelay('newsletter')).toBe(1000);
  });

  it('needs at least one credit per variation', () => {
    expect(hasCreditsFor(4, 4)).toBe(true);
    expect(hasCreditsFor(2, 4)).toBe(false);
    expect(hasCreditsFor(0, 1)).toBe(false);
  });
});
