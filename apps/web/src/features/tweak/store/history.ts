import { TWEAK_LIMITS } from '@atelier/contract';
import { EMPTY_OBJECTS, type CanvasObjects } from '../lib/objects';

/**
 * The tweak canvas's undo history (spec §4): each add or remove of a region, rectangle, brush
 * stroke or placed image records the objects as they are after it. `entries[index]` is what the
 * canvas shows; undo and redo move the index. At most 50 entries are kept (the oldest go first),
 * and a new action after an undo drops the redo tail.
 */
export interface TweakHistory {
  entries: CanvasObjects[];
  index: number;
}

export function startHistory(objects: CanvasObjects = EMPTY_OBJECTS): TweakHistory {
  return { entries: [objects], index: 0 };
}

export function pushHistory(history: TweakHistory, objects: CanvasObjects, max: number = TWEAK_LIMITS.historyMax): TweakHistory {
  const kept = history.entries.slice(0, history.index + 1);
  kept.push(objects);
  const entries = kept.length > max ? kept.slice(kept.length - max) : kept;
  return { entries, index: entries.length - 1 };
}

export const canUndo = (history: TweakHistory) => history.index > 0;
export const canRedo = (history: TweakHistory) => history.index < history.entries.length - 1;

/** One step back, or null when there is nothing to undo. */
export function undoHistory(history: TweakHistory): TweakHistory | null {
  return canUndo(history) ? { entries: history.entries, index: history.index - 1 } : null;
}

/** One step forward, or null when there is nothing to redo. */
export function redoHistory(history: TweakHistory): TweakHistory | null {
  return canRedo(history) ? { entries: history.entries, index: history.index + 1 } : null;
}

export function currentObjects(history: TweakHistory): CanvasObjects {
  return history.entries[history.index] ?? EMPTY_OBJECTS;
}
