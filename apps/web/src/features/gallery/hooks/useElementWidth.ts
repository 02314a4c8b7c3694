import { useLayoutEffect, useState, type RefObject } from 'react';

/** The element's content width, followed with a ResizeObserver (a fallback width before the first measure). */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 1100): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth;
      if (w > 0) setWidth((prev) => (Math.abs(prev - w) < 1 ? prev : w));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
