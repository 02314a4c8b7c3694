import clsx from 'clsx';
import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clampZoom, fitView, wheelZoom, zoomAt, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type Size, type View } from '../../../lib/canvasView';
import { Hint } from './Hint';

export interface CanvasImage {
  /** Changes when another image is shown (the view is fitted again). */
  key: string;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/**
 * The full-size pan and zoom canvas (spec §2, §9): drag to pan, wheel to zoom around the
 * pointer, buttons for 1.2× steps and fit (50 px padding). The area left of `insetLeft` is
 * covered by the inspector, so fitting centres the image in the rest; the view glides (300 ms)
 * when the inspector opens or closes.
 */
export function CreateCanvas({
  image,
  insetLeft,
  overlay,
  imageLayer,
  children,
  onImageSize,
}: {
  image: CanvasImage | null;
  insetLeft: number;
  overlay?: ReactNode;
  /** Drawn over the image in image space (it pans and zooms with it), e.g. the mask overlay. */
  imageLayer?: ReactNode;
  children?: ReactNode;
  /** The shown image's pixel size, once it has loaded. */
  onImageSize?: (size: Size) => void;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<Size | null>(null);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  const [animate, setAnimate] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; view: View } | null>(null);
  const [dragging, setDragging] = useState(false);

  const metaWidth = image?.width ?? 0;
  const metaHeight = image?.height ?? 0;
  const size: Size | null = useMemo(
    () => natural ?? (metaWidth && metaHeight ? { width: metaWidth, height: metaHeight } : null),
    [natural, metaWidth, metaHeight],
  );

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

  // A new image: forget the loaded state and the natural size.
  const [shownKey, setShownKey] = useState<string | null>(null);
  if ((image?.key ?? null) !== shownKey) {
    setShownKey(image?.key ?? null);
    setNatural(null);
    setLoaded(false);
  }

  const fit = useCallback(
    (glide: boolean) => {
      if (!size || viewport.width === 0) return;
      setAnimate(glide);
      setView(fitView(viewport, size, insetLeft));
    },
    [size, viewport, insetLeft],
  );

  // Fit when the image, its size or the viewport changes; the inspector opening or closing glides.
  const imageKey = image?.key ?? null;
  const width = size?.width ?? 0;
  const height = size?.height ?? 0;
  const lastInset = useRef(insetLeft);
  useEffect(() => {
    if (!imageKey || !width || !height || viewport.width === 0) return;
    const glide = lastInset.current !== insetLeft;
    lastInset.current = insetLeft;
    setAnimate(glide);
    setView(fitView(viewport, { width, height }, insetLeft));
  }, [imageKey, width, height, viewport, insetLeft]);

  // The wheel needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = el.getBoundingClientRect();
      const at = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setAnimate(false);
      setView((v) => zoomAt(v, wheelZoom(v.zoom, event.deltaY), at));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const zoomBy = (factor: number) => {
    setAnimate(true);
    const centre = { x: insetLeft + (viewport.width - insetLeft) / 2, y: viewport.height / 2 };
    setView((v) => zoomAt(v, clampZoom(v.zoom * factor), centre));
  };

  return (
    <div
      ref={viewportRef}
      data-testid="create-canvas"
      className={clsx(
        'absolute inset-0 overflow-hidden bg-[#1b1b1d] select-none',
        image ? (dragging ? 'cursor-grabbing' : 'cursor-grab') : '',
      )}
      style={{
        backgroundImage: 'radial-gradient(rgb(255 255 255 / 0.055) 1px, transparent 1px)',
        backgroundSize: '22px 22px',
      }}
      onPointerDown={(e) => {
        if (!image || e.button !== 0 || (e.target as HTMLElement).closest('[data-canvas-ui]')) return;
        drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, view };
        e.currentTarget.setPointerCapture(e.pointerId);
        setDragging(true);
        setAnimate(false);
      }}
      onPointerMove={(e) => {
        const d = drag.current;
        if (!d || d.pointerId !== e.pointerId) return;
        setView({ ...d.view, x: d.view.x + e.clientX - d.startX, y: d.view.y + e.clientY - d.startY });
      }}
      onPointerUp={(e) => {
        if (drag.current?.pointerId === e.pointerId) {
          drag.current = null;
          setDragging(false);
        }
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDragging(false);
      }}
      onDoubleClick={(e) => {
        if (!(e.target as HTMLElement).closest('[data-canvas-ui]')) fit(true);
      }}
    >
      {image ? (
        <img
          key={image.key}
          src={image.url}
          alt={image.alt}
          draggable={false}
          onLoad={(e) => {
            const img = e.currentTarget;
            if (img.naturalWidth && img.naturalHeight) {
              setNatural({ width: img.naturalWidth, height: img.naturalHeight });
              onImageSize?.({ width: img.naturalWidth, height: img.naturalHeight });
            }
            setLoaded(true);
          }}
          className={clsx(
            'absolute top-0 left-0 max-w-none origin-top-left shadow-[0_20px_60px_-20px_rgb(0_0_0/0.7)] transition-opacity duration-200',
            loaded && size ? 'opacity-100' : 'opacity-0',
          )}
          style={{
            width: size?.width,
            height: size?.height,
            transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`,
            transition: animate ? 'transform 300ms cubic-bezier(0.22, 1, 0.36, 1), opacity 200ms' : 'opacity 200ms',
          }}
        />
      ) : null}
      {image && imageLayer && size && loaded ? (
        <div
          className="absolute top-0 left-0 origin-top-left"
          style={{
            width: size.width,
            height: size.height,
            transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`,
            transition: animate ? 'transform 300ms cubic-bezier(0.22, 1, 0.36, 1)' : undefined,
          }}
        >
          {imageLayer}
        </div>
      ) : null}
      {image && !loaded ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" style={{ paddingLeft: insetLeft }}>
          <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-white/70" aria-label="Loading image" role="status" />
        </div>
      ) : null}

      {children}

      {image ? (
        <div
          data-canvas-ui
          className="absolute bottom-3 flex items-center gap-0.5 rounded-xl border border-white/10 bg-stone-900/80 p-1 text-white shadow-raised backdrop-blur transition-[left] duration-300"
          style={{ left: `calc(${insetLeft}px + (100% - ${insetLeft}px) / 2)`, transform: 'translateX(-50%)' }}
        >
          <Hint label="Zoom out" side="top">
            <button type="button" aria-label="Zoom out" disabled={view.zoom <= ZOOM_MIN} onClick={() => zoomBy(1 / ZOOM_STEP)} className={toolButton}>
              <Minus className="size-4" />
            </button>
          </Hint>
          <span aria-live="polite" aria-label="Zoom level" className="w-12 text-center text-xs font-medium tabular-nums text-white/85">
            {Math.round(view.zoom * 100)}%
          </span>
          <Hint label="Zoom in" side="top">
            <button type="button" aria-label="Zoom in" disabled={view.zoom >= ZOOM_MAX} onClick={() => zoomBy(ZOOM_STEP)} className={toolButton}>
              <Plus className="size-4" />
            </button>
          </Hint>
          <span className="mx-1 h-5 w-px bg-white/15" aria-hidden />
          <Hint label="Fit to screen (double-click)" side="top">
            <button type="button" aria-label="Fit to screen" onClick={() => fit(true)} className={toolButton}>
              <Maximize className="size-4" />
            </button>
          </Hint>
        </div>
      ) : null}

      {overlay}
    </div>
  );
}

const toolButton =
  'flex size-7 items-center justify-center rounded-lg text-white/80 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 disabled:opacity-35 disabled:hover:bg-transparent';
