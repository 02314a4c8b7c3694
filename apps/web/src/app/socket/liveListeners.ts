import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveMessage } from '@atelier/contract';

/**
 * Feature reactions to live messages (auto-select, toasts) subscribe here. Cache updates do
 * not: they happen in one place, liveCache.ts, before the listeners run.
 */
type Listener = (message: LiveMessage) => void;
const listeners = new Set<Listener>();

export function onLiveMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyLiveListeners(message: LiveMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.error('A live message listener failed:', error);
    }
  }
}

/** Calls `handler` (latest render's) for every live message while the component is mounted. */
export function useLiveMessage(handler: Listener): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onLiveMessage((m) => ref.current(m)), []);
}

/*
 * Render progress per image (0–100). High-frequency, so kept out of Redux: components read it
 * with useVariationProgress, which re-renders only the tile whose number changed.
 */
const progress = new Map<number, number>();
const progressSubscribers = new Set<() => void>();

export function setVariationProgress(imageId: number, percent: number | null): void {
  if (percent === null) {
    if (!progress.delete(imageId)) return;
  } else {
    if (progress.get(imageId) === percent) return;
    progress.set(imageId, percent);
  }
  for (const fn of [...progressSubscribers]) fn();
}

function subscribeProgress(fn: () => void): () => void {
  progressSubscribers.add(fn);
  return () => {
    progressSubscribers.delete(fn);
  };
}

export function getVariationProgress(imageId: number): number | null {
  return progress.get(imageId) ?? null;
}

export function useVariationProgress(imageId: number): number | null {
  return useSyncExternalStore(subscribeProgress, () => getVariationProgress(imageId));
}
