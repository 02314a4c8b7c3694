import { useCallback, useEffect, useRef } from 'react';

/**
 * A finished result is selected after a short delay (spec: TWEAK_LIMITS' auto-select delays).
 * `schedule` replaces any selection still waiting; `cancel` drops it, for when the user picks an
 * image themselves in the meantime — their choice must not be overridden a moment later.
 */
export function useAutoSelect<T>(select: (target: T) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const selectRef = useRef(select);
  useEffect(() => {
    selectRef.current = select;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const schedule = useCallback((target: T, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      selectRef.current(target);
    }, delayMs);
  }, []);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  return { schedule, cancel };
}
