import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TWEAK_LIMITS } from '@atelier/contract';
import { EMPTY_OBJECTS, type CanvasObjects } from '../lib/objects';
import { canRedo, canUndo, currentObjects, pushHistory, redoHistory, startHistory, undoHistory, type TweakHistory } from './history';
import {
  baseImageChanged,
  brushStrokeAdded,
  generationSelected,
  imageAdded,
  initialTweakState,
  objectRemoved,
  rectangleAdded,
  redo,
  regionAdded,
  tweakReducer,
  undo,
  type TweakState,
} from './tweakSlice';

const rect = (id: string) => ({ id, x: 0.1, y: 0.1, width: 0.2, height: 0.2, color: '#f00', strokeWidth: 2 });
const stroke = (id: string) => ({ id, path: [0.1, 0.1, 0.2, 0.2], bounds: { x: 0.1, y: 0.1, width: 0.1, height: 0.1 }, color: '#f00', strokeWidth: 60 });
const region = (id: string) => ({ id, path: [0, 0, 10, 0, 10, 10], imagePath: [0, 0, 0.1, 0, 0.1, 0.1], bounds: { x: 0, y: 0, width: 0.1, height: 0.1 } });
const picture = (id: string) => ({ id, src: 'blob:x', name: 'p.png', x: 400, y: 300, width: 200, height: 200, rotation: 0 });

/** One user step on the canvas, as fast-check generates them. */
type Step = { kind: 'add'; what: 'rectangle' | 'brush' | 'region' | 'image' } | { kind: 'remove' } | { kind: 'undo' } | { kind: 'redo' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), what: fc.constantFrom('rectangle' as const, 'brush' as const, 'region' as const, 'image' as const) }),
  fc.constant({ kind: 'remove' as const }),
  fc.constant({ kind: 'undo' as const }),
  fc.constant({ kind: 'redo' as const }),
);

let n = 0;
function apply(state: TweakState, step: Step): TweakState {
  n += 1;
  const id = `o${n}`;
  switch (step.kind) {
    case 'add':
      if (step.what === 'rectangle') return tweakReducer(state, rectangleAdded(rect(id)));
      if (step.what === 'brush') return tweakReducer(state, brushStrokeAdded(stroke(id)));
      if (step.what === 'region') return tweakReducer(state, regionAdded(region(id)));
      return tweakReducer(state, imageAdded(picture(id)));
    case 'remove': {
      const r = state.rectangleObjects[0];
      return r ? tweakReducer(state, objectRemoved({ kind: 'rectangle', id: r.id })) : state;
    }
    case 'undo':
      return tweakReducer(state, undo());
    case 'redo':
      return tweakReducer(state, redo());
  }
}

const objectsOf = (s: TweakState): CanvasObjects => ({
  selectedRegions: s.selectedRegions,
  rectangleObjects: s.rectangleObjects,
  brushObjects: s.brushObjects,
  addedImages: s.addedImages,
});

describe('the undo history', () => {
  it('never holds more than 50 entries, whatever the sequence of steps', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 180 }), (steps) => {
        let s = initialTweakState;
        for (const step of steps) {
          s = apply(s, step);
          expect(s.history.entries.length).toBeLessThanOrEqual(TWEAK_LIMITS.historyMax);
          expect(s.history.index).toBeGreaterThanOrEqual(0);
          expect(s.history.index).toBeLessThan(s.history.entries.length);
          // What the canvas shows is always the current entry.
          expect(objectsOf(s)).toEqual(currentObjects(s.history));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('undo after redo restores the same state, and redo after undo too', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 80 }), (steps) => {
        let s = initialTweakState;
        for (const step of steps) s = apply(s, step);
        if (canRedo(s.history)) {
          const back = tweakReducer(tweakReducer(s, redo()), undo());
          expect(objectsOf(back)).toEqual(objectsOf(s));
          expect(back.history.index).toBe(s.history.index);
        }
        if (canUndo(s.history)) {
          const again = tweakReducer(tweakReducer(s, undo()), redo());
          expect(objectsOf(again)).toEqual(objectsOf(s));
          expect(again.history.index).toBe(s.history.index);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a new action after undo drops the redo tail', () => {
    let s = tweakReducer(initialTweakState, rectangleAdded(rect('a')));
    s = tweakReducer(s, rectangleAdded(rect('b')));
    s = tweakReducer(s, undo());
    expect(canRedo(s.history)).toBe(true);
    s = tweakReducer(s, brushStrokeAdded(stroke('c')));
    expect(canRedo(s.history)).toBe(false);
    expect(s.rectangleObjects.map((r) => r.id)).toEqual(['a']);
    expect(s.brushObjects.map((b) => b.id)).toEqual(['c']);
    expect(tweakReducer(s, redo())).toBe(s);
  });

  it('keeps the newest 50 entries when more are recorded', () => {
    let h: TweakHistory = startHistory();
    for (let i = 0; i < 120; i++) h = pushHistory(h, { ...EMPTY_OBJECTS, rectangleObjects: [rect(`r${i}`)] });
    expect(h.entries).toHaveLength(50);
    expect(currentObjects(h).rectangleObjects[0].id).toBe('r119');
    let steps = 0;
    for (let u = undoHistory(h); u; u = undoHistory(u)) {
      h = u;
      steps++;
    }
    expect(steps).toBe(49);
    expect(currentObjects(h).rectangleObjects[0].id).toBe('r70');
    expect(redoHistory(h)).not.toBeNull();
  });
});

describe('selections and the history', () => {
  const base = (id: number, width = 1600, height = 1200) => ({ kind: 'generated' as const, id, url: `/img/${id}`, width, height });

  it('changing the base image clears objects, operations and history', () => {
    let s = tweakReducer(initialTweakState, baseImageChanged({ base: base(1) }));
    s = tweakReducer(s, rectangleAdded(rect('a')));
    s = tweakReducer(s, imageAdded(picture('p')));
    s = { ...s, operations: [{ id: 9, type: 'inpaint', data: { batchId: 9, imageIds: [1], baseImageId: 1 }, status: 'completed' }] };
    s = tweakReducer(s, baseImageChanged({ base: base(2, 800, 800) }));
    expect(objectsOf(s)).toEqual(EMPTY_OBJECTS);
    expect(s.operations).toEqual([]);
    expect(s.history.entries).toHaveLength(1);
    expect(s.originalBase).toEqual({ kind: 'generated', id: 2 });
    expect(s.originalImageBounds).toEqual({ x: 100, y: 0, width: 600, height: 600 });
    expect(s.canvasBounds).toEqual(s.originalImageBounds);
  });

  it('selecting a completed generation clears regions, rectangles and brushes only (undoably)', () => {
    let s = tweakReducer(initialTweakState, baseImageChanged({ base: base(1) }));
    s = tweakReducer(s, rectangleAdded(rect('a')));
    s = tweakReducer(s, brushStrokeAdded(stroke('b')));
    s = tweakReducer(s, regionAdded(region('c')));
    s = tweakReducer(s, imageAdded(picture('p')));
    s = tweakReducer(s, generationSelected({ base: base(7) }));
    expect(s.rectangleObjects).toEqual([]);
    expect(s.brushObjects).toEqual([]);
    expect(s.selectedRegions).toEqual([]);
    expect(s.addedImages.map((i) => i.id)).toEqual(['p']);
    expect(s.selectedBaseImageId).toBe(7);
    expect(s.originalBase).toEqual({ kind: 'generated', id: 1 });
    s = tweakReducer(s, undo());
    expect(s.rectangleObjects.map((r) => r.id)).toEqual(['a']);
  });
});
