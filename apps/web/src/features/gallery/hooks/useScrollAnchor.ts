import { useLayoutEffect, useRef, type RefObject } from 'react';
import { anchorAt, restoreAnchor, type Timeline } from '../lib/timeline';

/** Below this the user is at the top: new images push in from above instead of being held back. */
const AT_TOP = 8;

/**
 * Keeps the day the user is looking at in place when the timeline changes under it: new images
 * arriving on a newer day, a deleted image, a new column count. The anchor is the day at the
 * top of the viewport and how far into it the user has scrolled.
 */
export function useScrollAnchor(scrollRef: RefObject<HTMLElement | null>, timeline: Timeline): void {
  const previous = useRef<Timeline | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = previous.current;
    previous.current = timeline;
    if (!el || !before || before === timeline || el.scrollTop <= AT_TOP) return;
    const anchor = anchorAt(before, el.scrollTop);
    if (!anchor) return;
    const top = restoreAnchor(timeline, anchor);
    if (top !== null && Math.abs(top - el.scrollTop) >= 1) el.scrollTop = top;
  }, [scrollRef, timeline]);
}
