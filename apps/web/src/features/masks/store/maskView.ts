import { useSyncExternalStore } from 'react';

/**
 * What the canvas shows of the regions: whether the overlay is on (over input images it starts
 * on; over renders it starts off, so a finished render is seen as it is) and which region the
 * pointer is over (on the canvas or in a region list). Pointer-driven, so kept out of Redux:
 * components read it with useMaskView and re-render only when it changes.
 */
export type OverlayTarget = 'input' | 'render';

export interface MaskView {
  overlayOn: Record<OverlayTarget, boolean>;
  hoveredMaskId: number | null;
  /** "Show geometry": each façade/ground/roof region's plane grid over the overlay (issue 30). */
  geometryOn: boolean;
}

const initialView: MaskView = { overlayOn: { input: true, render: false }, hoveredMaskId: null, geometryOn: false };
let view: MaskView = initialView;
const subscribers = new Set<() => void>();

function set(next: MaskView): void {
  if (
    next.hoveredMaskId === view.hoveredMaskId &&
    next.overlayOn.input === view.overlayOn.input &&
    next.overlayOn.render === view.overlayOn.render &&
    next.geometryOn === view.geometryOn
  )
    return;
  view = next;
  for (const fn of [...subscribers]) fn();
}

export const setHoveredMask = (hoveredMaskId: number | null) => set({ ...view, hoveredMaskId });
export const setOverlayOn = (target: OverlayTarget, on: boolean) => set({ ...view, overlayOn: { ...view.overlayOn, [target]: on } });
export const setGeometryOn = (geometryOn: boolean) => set({ ...view, geometryOn });
export const getMaskView = () => view;
/** Back to the start (tests). */
export const resetMaskView = () => set(initialView);

function subscribe(fn: () => void): () => void {
  subscribers.add(fn);
  return () => {
    subscribers.delete(fn);
  };
}

export function useMaskView(): MaskView {
  return useSyncExternalStore(subscribe, getMaskView);
}
