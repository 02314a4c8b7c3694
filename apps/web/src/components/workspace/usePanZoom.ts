import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { clampZoom, fitView, wheelZoom, zoomAt, type Size, type View } from '../../lib/canvasView';

/**
 * The pan and zoom of a workspace canvas (spec §2, §9): the viewport's size, the view (zoom and
 * offset), a fit that centres `size` right of `insetLeft` (gliding 300 ms when the inspector
 * opens or closes), wheel zoom around the pointer, 1.2× steps around the centre and drag to pan.
 * The view is fitted again whenever `viewKey` or the size changes.
 */
export function usePanZoom({ viewKey, size, insetLeft }: { viewKey: string | null; size: Size | null; insetLeft: number }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [animate, setAnimate] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; view: View } | null>(null);
  const [dragging, setDragging] = useState(false);

  // Measure the viewport.
  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const width = size?.width ?? 0;
  const height = size?.height ?? 0;

  const fit = useCallback(() => {
    if (!width || !height || viewport.width === 0) return;
    setAnimate(true);
    setView(fitView(viewport, { width, height }, insetLeft));
  }, [width, height, viewport, insetLeft]);

  // Fit when the image, its size or the viewport changes; the inspector opening or closing glides.
  const lastInset = useRef(insetLeft);
  useEffect(() => {
    if (!viewKey || !width || !height || viewport.width === 0) return;
    const glide = lastInset.current !== insetLeft;
    lastInset.current = insetLeft;
    setAnimate(glide);
    setView(fitView(viewport, { width, height }, insetLeft));
  }, [viewKey, width, height, viewport, insetLeft]);

  // The wheel needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      setAnimate(false);
      setView((v) => zoomAt(v, wheelZoom(v.zoom, event.deltaY), { x: event.clientX - rect.left, y: event.clientY - rect.top }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const zoomBy = (factor: number) => {
    setAnimate(true);
    const centre = { x: insetLeft + (viewport.width - insetLeft) / 2, y: viewport.height / 2 };
    setView((v) => zoomAt(v, clampZoom(v.zoom * factor), centre));
  };

  /** Starts a pan (left button, not on the canvas's own controls); false when it did not. */
  const startPan = (e: PointerEvent<HTMLDivElement>): boolean => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('[data-canvas-ui]')) return false;
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, view };
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging(true);
    setAnimate(false);
    return true;
  };
  const movePan = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    setView({ ...d.view, x: d.view.x + e.clientX - d.startX, y: d.view.y + e.clientY - d.startY });
  };
  /** Ends the pan; answers where it started, or null when this pointer was not panning. */
  const endPan = (e: PointerEvent<HTMLDivElement>): { x: number; y: number } | null => {
    const d = drag.current;
    if (d?.pointerId !== e.pointerId) return null;
    drag.current = null;
    setDragging(false);
    return { x: d.startX, y: d.startY };
  };
  const cancelPan = () => {
    drag.current = null;
    setDragging(false);
  };

  const transform = `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`;
  const transition = animate ? 'transform 300ms cubic-bezier(0.22, 1, 0.36, 1)' : undefined;

  return { viewportRef, viewport, view, animate, dragging, transform, transition, fit, zoomBy, startPan, movePan, endPan, cancelPan };
}
