import clsx from 'clsx';
import { ChevronsLeftRight, Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { clampZoom, fitView, wheelZoom, zoomAt, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Size, type View } from '../../../lib/canvasView';
import { isClick, splitAt } from '../canvasView';
import type { RefineViewMode } from '../store/refineSlice';
import { Hint } from './Hint';

export interface CanvasLayer {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/**
 * The refine canvas (spec §2): a dark, full-size pan and zoom surface (drag to pan, wheel to
 * zoom around the pointer, 0.1–10, buttons for 1.2× steps and fit). It shows the refined result
 * (view mode generated), the original, or both with a before/after slider; the original is
 * drawn at the result's size so the two line up. A click on the image (a press that does not
 * move) calls `onImageClick` (the prompt modal).
 */
export function RefineCanvas({
  viewKey,
  before,
  after,
  mode,
  insetLeft,
  onImageClick,
  children,
}: {
  /** Changes when another image or result is shown (the view is fitted again). */
  viewKey: string | null;
  before: CanvasLayer | null;
  after: CanvasLayer | null;
  mode: RefineViewMode;
  insetLeft: number;
  onImageClick: () => void;
  children?: ReactNode;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [animate, setAnimate] = useState(false);
  const [loaded, setLoaded] = useState<Record<string, boolean>>({});
  const [split, setSplit] = useState(0.5);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; view: View; onImage: boolean } | null>(null);
  const splitDrag = useRef<number | null>(null);
  const [dragging, setDragging] = useState(false);

  // The box both layers are drawn in: the result's size when there is one, else the original's.
  const main = after ?? before;
  const size: Size | null = main?.width && main?.height ? { width: main.width, height: main.height } : natural;

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

  const [shownKey, setShownKey] = useState<string | null>(null);
  if (viewKey !== shownKey) {
    setShownKey(viewKey);
    setNatural(null);
    setSplit(0.5);
  }

  const width = size?.width ?? 0;
  const height = size?.height ?? 0;
  const lastInset = useRef(insetLeft);
  useEffect(() => {
    if (!viewKey || !width || !height || viewport.width === 0) return;
    const glide = lastInset.current !== insetLeft;
    lastInset.current = insetLeft;
    setAnimate(glide);
    setView(fitView(viewport, { width, height }, insetLeft));
  }, [viewKey, width, height, viewport, insetLeft]);

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

  const fit = useCallback(() => {
    if (!width || !height || viewport.width === 0) return;
    setAnimate(true);
    setView(fitView(viewport, { width, height }, insetLeft));
  }, [width, height, viewport, insetLeft]);

  const zoomBy = (factor: number) => {
    setAnimate(true);
    const centre = { x: insetLeft + (viewport.width - insetLeft) / 2, y: viewport.height / 2 };
    setView((v) => zoomAt(v, clampZoom(v.zoom * factor), centre));
  };

  const local = (clientX: number, clientY: number) => {
    const rect = viewportRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) };
  };
  const onImageAt = (p: { x: number; y: number }) =>
    !!size && p.x >= view.x && p.y >= view.y && p.x <= view.x + size.width * view.zoom && p.y <= view.y + size.height * view.zoom;

  const comparing = mode === 'compare' && !!after && !!before;
  const showBefore = !!before && (mode !== 'generated' || !after);
  const showAfter = !!after && mode !== 'original';
  const layerLoaded = (l: CanvasLayer | null) => !l || loaded[l.url];
  const ready = !!size && (showAfter ? layerLoaded(after) : true) && (showBefore ? layerLoaded(before) : true);
  const transform = `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`;
  const transition = animate ? 'transform 300ms cubic-bezier(0.22, 1, 0.36, 1)' : undefined;

  const markLoaded = (layer: CanvasLayer) => (e: React.SyntheticEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    if (layer === main && img.naturalWidth && img.naturalHeight && !(main.width && main.height)) setNatural({ width: img.naturalWidth, height: img.naturalHeight });
    setLoaded((m) => (m[layer.url] ? m : { ...m, [layer.url]: true }));
  };

  const handleX = size ? view.x + split * size.width * view.zoom : 0;
  const onHandleKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 0.1 : 0.02;
    if (e.key === 'ArrowLeft') setSplit((s) => Math.max(0, s - step));
    else if (e.key === 'ArrowRight') setSplit((s) => Math.min(1, s + step));
    else if (e.key === 'Home') setSplit(0);
    else if (e.key === 'End') setSplit(1);
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={viewportRef}
      data-testid="refine-canvas"
      className={clsx('absolute inset-0 overflow-hidden bg-[#1b1b1d] select-none', main ? (dragging ? 'cursor-grabbing' : 'cursor-grab') : '')}
      style={{ backgroundImage: 'radial-gradient(rgb(255 255 255 / 0.055) 1px, transparent 1px)', backgroundSize: '22px 22px' }}
      onPointerDown={(e) => {
        if (!main || e.button !== 0 || (e.target as HTMLElement).closest('[data-canvas-ui]')) return;
        const p = local(e.clientX, e.clientY);
        drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, view, onImage: onImageAt(p) };
        e.currentTarget.setPointerCapture(e.pointerId);
        setDragging(true);
        setAnimate(false);
      }}
      onPointerMove={(e) => {
        if (splitDrag.current === e.pointerId && size) {
          setSplit(splitAt(view, size.width, local(e.clientX, e.clientY).x));
          return;
        }
        const d = drag.current;
        if (!d || d.pointerId !== e.pointerId) return;
        setView({ ...d.view, x: d.view.x + e.clientX - d.startX, y: d.view.y + e.clientY - d.startY });
      }}
      onPointerUp={(e) => {
        if (splitDrag.current === e.pointerId) {
          splitDrag.current = null;
          return;
        }
        const d = drag.current;
        if (d?.pointerId !== e.pointerId) return;
        drag.current = null;
        setDragging(false);
        if (d.onImage && isClick({ x: d.startX, y: d.startY }, { x: e.clientX, y: e.clientY })) onImageClick();
      }}
      onPointerCancel={() => {
        drag.current = null;
        splitDrag.current = null;
        setDragging(false);
      }}
    >
      {main && size ? (
        <div
          data-testid="refine-canvas-image"
          className={clsx('absolute top-0 left-0 origin-top-left shadow-[0_20px_60px_-20px_rgb(0_0_0/0.7)] transition-opacity duration-200', ready ? 'opacity-100' : 'opacity-0')}
          style={{ width: size.width, height: size.height, transform, transition }}
        >
          {before ? (
            <img
              key={`b-${before.url}`}
              src={before.url}
              alt={before.alt}
              draggable={false}
              onLoad={markLoaded(before)}
              className={clsx('absolute inset-0 size-full max-w-none', !showBefore && 'invisible')}
            />
          ) : null}
          {after ? (
            <img
              key={`a-${after.url}`}
              src={after.url}
              alt={after.alt}
              draggable={false}
              onLoad={markLoaded(after)}
              className={clsx('absolute inset-0 size-full max-w-none', !showAfter && 'invisible')}
              style={comparing ? { clipPath: `inset(0 0 0 ${split * 100}%)` } : undefined}
            />
          ) : null}
        </div>
      ) : null}

      {main && !ready ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" style={{ paddingLeft: insetLeft }}>
          <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-white/70" aria-label="Loading image" role="status" />
        </div>
      ) : null}

      {comparing && size && ready ? (
        <>
          <div
            data-canvas-ui
            role="slider"
            tabIndex={0}
            aria-label="Before and after"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(split * 100)}
            aria-valuetext={`${Math.round(split * 100)}% original`}
            onKeyDown={onHandleKey}
            onPointerDown={(e) => {
              e.stopPropagation();
              splitDrag.current = e.pointerId;
              viewportRef.current?.setPointerCapture(e.pointerId);
            }}
            className="group absolute z-[1] flex w-8 -translate-x-1/2 cursor-ew-resize justify-center focus-visible:outline-none"
            style={{ left: handleX, top: Math.max(0, view.y), height: Math.min(viewport.height, size.height * view.zoom + Math.min(0, view.y)) }}
          >
            <span className="h-full w-0.5 bg-white/90 shadow-[0_0_0_1px_rgb(0_0_0/0.25)]" aria-hidden />
            <span className="absolute top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white text-stone-800 shadow-raised ring-1 ring-black/10 transition-transform group-hover:scale-105 group-focus-visible:ring-4 group-focus-visible:ring-brand-300">
              <ChevronsLeftRight className="size-4.5" aria-hidden />
            </span>
          </div>
          <span
            className="pointer-events-none absolute rounded-md bg-black/60 px-2 py-1 text-[11px] font-semibold tracking-wide text-white uppercase backdrop-blur"
            style={{ left: Math.max(insetLeft + 8, view.x + 10), top: Math.max(8, view.y + 10) }}
          >
            Before
          </span>
          <span
            className="pointer-events-none absolute rounded-md bg-black/60 px-2 py-1 text-[11px] font-semibold tracking-wide text-white uppercase backdrop-blur"
            style={{ right: Math.max(8, viewport.width - (view.x + size.width * view.zoom) + 10), top: Math.max(8, view.y + 10) }}
          >
            After
          </span>
        </>
      ) : null}

      {children}

      {main ? (
        <div
          data-canvas-ui
          className="absolute bottom-4 flex items-center gap-0.5 rounded-xl border border-white/10 bg-stone-900/80 p-1 text-white shadow-raised backdrop-blur transition-[left] duration-300"
          style={{ left: `calc(${insetLeft}px + (100% - ${insetLeft}px) / 2)`, transform: 'translateX(-50%)' }}
        >
          <Hint label="Zoom out" side="top">
            <button type="button" aria-label="Zoom out" disabled={view.zoom <= ZOOM_MIN} onClick={() => zoomBy(1 / ZOOM_STEP)} className={toolButton}>
              <Minus className="size-4" />
            </button>
          </Hint>
          <span aria-live="polite" aria-label="Zoom level" className="w-14 text-center text-xs font-medium tabular-nums text-white/85">
            {Math.round(view.zoom * 100)}%
          </span>
          <Hint label="Zoom in" side="top">
            <button type="button" aria-label="Zoom in" disabled={view.zoom >= ZOOM_MAX} onClick={() => zoomBy(ZOOM_STEP)} className={toolButton}>
              <Plus className="size-4" />
            </button>
          </Hint>
          <span className="mx-1 h-5 w-px bg-white/15" aria-hidden />
          <Hint label="Fit to screen" side="top">
            <button type="button" aria-label="Fit to screen" onClick={fit} className={toolButton}>
              <Maximize className="size-4" />
            </button>
          </Hint>
        </div>
      ) : null}
    </div>
  );
}

const toolButton =
  'flex size-8 items-center justify-center rounded-lg text-white/80 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 disabled:opacity-35 disabled:hover:bg-transparent';
