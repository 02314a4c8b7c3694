import { useSyncExternalStore } from 'react';

/**
 * The region editor's state on the Create canvas: whether it is on, the tool, the brush size
 * (image pixels) and the selected regions (a second one, picked with Shift, for a merge).
 * Pointer-driven, so kept out of Redux like the mask view.
 */
export type RegionTool = 'select' | 'paint' | 'erase' | 'split';

export interface RegionEditorState {
  active: boolean;
  tool: RegionTool;
  brushSize: number;
  selectedIds: number[];
  busy: boolean;
}

export const BRUSH_MIN = 4;
export const BRUSH_MAX = 200;
const initial: RegionEditorState = { active: false, tool: 'select', brushSize: 32, selectedIds: [], busy: false };
let state = initial;
const subscribers = new Set<() => void>();

function set(patch: Partial<RegionEditorState>): void {
  state = { ...state, ...patch };
  for (const fn of [...subscribers]) fn();
}

export const setEditorActive = (active: boolean) => set({ active, tool: 'select', selectedIds: [] });
export const setTool = (tool: RegionTool) => set({ tool });
export const setBusy = (busy: boolean) => set({ busy });
export const setBrushSize = (size: number) => set({ brushSize: Math.max(BRUSH_MIN, Math.min(BRUSH_MAX, Math.round(size))) });
/** `[` and `]`: the brush a step smaller or larger. */
export const stepBrush = (dir: -1 | 1) => setBrushSize(state.brushSize * (dir > 0 ? 1.25 : 0.8));
/** A click selects one region; with Shift it adds (or removes) a second one. */
export function selectRegion(id: number | null, add: boolean): void {
  if (id === null) return set({ selectedIds: add ? state.selectedIds : [] });
  if (!add) return set({ selectedIds: [id] });
  set({ selectedIds: state.selectedIds.includes(id) ? state.selectedIds.filter((x) => x !== id) : [...state.selectedIds, id] });
}
export const setSelection = (selectedIds: number[]) => set({ selectedIds });
export const getRegionEditor = () => state;

function subscribe(fn: () => void): () => void {
  subscribers.add(fn);
  return () => {
    subscribers.delete(fn);
  };
}

export function useRegionEditor(): RegionEditorState {
  return useSyncExternalStore(subscribe, getRegionEditor);
}
