import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the prompt modal opens 100 ms after the canvas click that asks for it. */
const CANVAS_MODAL_DELAY_MS = 100;

/**
 * A modal's open state with `openSoon`, which opens it after the spec's 100 ms modal delay (the
 * pointer-up that asked for it ends before the dialog takes the focus). Closing or unmounting
 * before then cancels it.
 */
export function useDelayedModal() {
  const [open, setOpenNow] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);
  const openSoon = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      setOpenNow(true);
    }, CANVAS_MODAL_DELAY_MS);
  }, []);
  const setOpen = useCallback((next: boolean) => {
    cancel();
    setOpenNow(next);
  }, []);
  return { open, setOpen, openSoon };
}
