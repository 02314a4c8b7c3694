import clsx from 'clsx';
import { ChevronsLeftRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Size } from '../../../lib/canvasView';
import { CanvasLoading, CanvasSurface, ZoomControls } from '../../../components/workspace/CanvasFrame';
import { usePanZoom } from '../../../components/workspace/usePanZoom';
import { isClick, splitAt } from '../canvasView';
import type { RefineViewMode } from '../store/refineSlice';

export interface CanvasLayer {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/**
 * The refine canvas (spec §2): the workspace's pan and zoom surface. It shows the refined result
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
  const [natural, setNatural] = useState<Size | null>(null);
  const [loaded, setLoaded] = useState<Record<string, boolean>>({});
  const [split, setSplit] = useState(0.5);
  const pressOnImage = useRef(false);
  const splitDrag = useRef<number | null>(null);

  // The box both layers are drawn in: the result's size when there is one, else the original's.
  const main = after ?? before;
  const size: Size | null = main?.width && main?.height ? { width: main.width, height: main.height } : natural;

  const [shownKey, setShownKey] = useState<string | null>(null);
  if (viewKey !== shownKey) {
    setShownKey(viewKey);
    setNatural(null);
    setSplit(0.5);
  }

  const pan = usePanZoom({ viewKey, size, insetLeft });
  const { view, viewport, transform, transition } = pan;

  const local = (clientX: number, clientY: number) => {
    const rect = pan.viewportRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0), y: clientY - (rect?.top ?? 0) };
  };
  const onImageAt = (p: { x: number; y: number }) =>
    !!size && p.x >= view.x && p.y >= view.y && p.x <= view.x + size.width * view.zoom && p.y <= view.y + size.height * view.zoom;

  const comparing = mode === 'compare' && !!after && !!before;
  const showBefore = !!before && (mode !== 'generated' || !after);
  const showAfter = !!after && mode !== 'original';
  const layerLoaded = (l: CanvasLayer | null) => !l || loaded[l.url];
  const ready = !!size && (showAfter ? layerLoaded(after) : true) && (showBefore ? layerLoaded(before) : true);

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
    <CanvasSurface
      surfaceRef={pan.viewportRef}
      testId="refine-canvas"
      grab={!!main}
      dragging={pan.dragging}
      onPointerDown={(e) => {
        if (main && pan.startPan(e)) pressOnImage.current = onImageAt(local(e.clientX, e.clientY));
      }}
      onPointerMove={(e) => {
        if (splitDrag.current === e.pointerId && size) {
          setSplit(splitAt(view, size.width, local(e.clientX, e.clientY).x));
          return;
        }
        pan.movePan(e);
      }}
      onPointerUp={(e) => {
        if (splitDrag.current === e.pointerId) {
          splitDrag.current = null;
          return;
        }
        const start = pan.endPan(e);
        if (start && pressOnImage.current && isClick(start, { x: e.clientX, y: e.clientY })) onImageClick();
      }}
      onPointerCancel={() => {
        splitDrag.current = null;
        pan.cancelPan();
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

      {main && !ready ? <CanvasLoading insetLeft={insetLeft} /> : null}

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
              pan.viewportRef.current?.setPointerCapture(e.pointerId);
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

      {main ? <ZoomControls zoom={view.zoom} insetLeft={insetLeft} onZoomBy={pan.zoomBy} onFit={pan.fit} /> : null}
    </CanvasSurface>
  );
}
