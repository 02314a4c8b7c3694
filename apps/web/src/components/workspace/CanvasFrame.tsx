import clsx from 'clsx';
import { AlertTriangle, Cpu, Download, Images, Maximize, Minus, PanelLeftOpen, Plus, Upload } from 'lucide-react';
import type { EngineInfo } from '@atelier/contract';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { useGetEngineQuery } from '../../app/api/generation';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../../lib/canvasView';
import { Hint } from './Hint';
import type { InspectorToggle } from './InspectorPanel';

/**
 * The pan and zoom canvas of the workspace: a dark, dotted surface (its pointer handlers come
 * from usePanZoom and the screen), the zoom controls at the bottom and a top bar for the engine
 * badge, the caption and the image actions (gallery, download). Everything marked
 * `data-canvas-ui` is a control, not a place to start panning.
 */
export function CanvasSurface({
  surfaceRef,
  testId,
  grab,
  dragging,
  children,
  ...handlers
}: {
  surfaceRef: Ref<HTMLDivElement>;
  testId: string;
  /** Something is shown, so the surface can be dragged. */
  grab: boolean;
  dragging: boolean;
  children: ReactNode;
} & Pick<HTMLAttributes<HTMLDivElement>, 'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel' | 'onDoubleClick'>) {
  return (
    <div
      ref={surfaceRef}
      data-testid={testId}
      className={clsx('absolute inset-0 overflow-hidden bg-[#1b1b1d] select-none', grab ? (dragging ? 'cursor-grabbing' : 'cursor-grab') : '')}
      style={{ backgroundImage: 'radial-gradient(rgb(255 255 255 / 0.055) 1px, transparent 1px)', backgroundSize: '22px 22px' }}
      {...handlers}
    >
      {children}
    </div>
  );
}

/** The spinner over the canvas while the shown image loads. */
export function CanvasLoading({ insetLeft }: { insetLeft: number }) {
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center" style={{ paddingLeft: insetLeft }}>
      <span className="size-8 animate-spin rounded-full border-2 border-white/20 border-t-white/70" aria-label="Loading image" role="status" />
    </div>
  );
}

/** Zoom out, the zoom level, zoom in and fit, centred under the part of the canvas left uncovered. */
export function ZoomControls({
  zoom,
  insetLeft,
  onZoomBy,
  onFit,
  fitHint = 'Fit to screen',
}: {
  zoom: number;
  insetLeft: number;
  onZoomBy: (factor: number) => void;
  onFit: () => void;
  fitHint?: string;
}) {
  return (
    <div
      data-canvas-ui
      className="absolute bottom-3 flex items-center gap-0.5 rounded-xl border border-white/10 bg-stone-900/80 p-1 text-white shadow-raised backdrop-blur transition-[left] duration-300"
      style={{ left: `calc(${insetLeft}px + (100% - ${insetLeft}px) / 2)`, transform: 'translateX(-50%)' }}
    >
      <Hint label="Zoom out" side="top">
        <button type="button" aria-label="Zoom out" disabled={zoom <= ZOOM_MIN} onClick={() => onZoomBy(1 / ZOOM_STEP)} className={zoomButton}>
          <Minus className="size-4" />
        </button>
      </Hint>
      <span aria-live="polite" aria-label="Zoom level" className="w-12 text-center text-xs font-medium tabular-nums text-white/85">
        {Math.round(zoom * 100)}%
      </span>
      <Hint label="Zoom in" side="top">
        <button type="button" aria-label="Zoom in" disabled={zoom >= ZOOM_MAX} onClick={() => onZoomBy(ZOOM_STEP)} className={zoomButton}>
          <Plus className="size-4" />
        </button>
      </Hint>
      <span className="mx-1 h-5 w-px bg-white/15" aria-hidden />
      <Hint label={fitHint} side="top">
        <button type="button" aria-label="Fit to screen" onClick={onFit} className={zoomButton}>
          <Maximize className="size-4" />
        </button>
      </Hint>
    </div>
  );
}

const zoomButton =
  'flex size-7 items-center justify-center rounded-lg text-white/80 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 disabled:opacity-35 disabled:hover:bg-transparent';

/**
 * The bar over the top of the canvas, right of the inspector: the inspector's open button when it
 * is closed, the engine badge, then `left` (caption, status); `right` holds the image actions.
 */
export function CanvasTopBar({
  inspector,
  engineHint,
  left,
  right,
}: {
  inspector: InspectorToggle;
  /** What the engine badge says of the engine in use. */
  engineHint: ReactNode;
  left: ReactNode;
  right?: ReactNode;
}) {
  return (
    <div className="pointer-events-none absolute top-3 right-3 flex items-start justify-between gap-3 transition-[left] duration-300" style={{ left: inspector.insetLeft + 12 }}>
      <div className="pointer-events-auto flex min-w-0 flex-wrap items-center gap-2">
        {!inspector.open ? (
          <button type="button" data-canvas-ui onClick={inspector.show} className={pillButton}>
            <PanelLeftOpen className="size-4" aria-hidden /> Edit Inspector
          </button>
        ) : null}
        <EngineBadge hint={engineHint} />
        {left}
      </div>
      {right ? (
        <div data-canvas-ui className="pointer-events-auto flex shrink-0 items-center gap-1.5">
          {right}
        </div>
      ) : null}
    </div>
  );
}

const pillButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-white/10 bg-stone-900/80 px-2.5 text-xs font-medium text-white/90 backdrop-blur hover:bg-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60';

/** Opens the gallery, and downloads what is shown as a branded JPG. */
export function ImageActions({ onGallery, downloadHint, downloading, onDownload }: { onGallery: () => void; downloadHint: string; downloading: boolean; onDownload: () => void }) {
  return (
    <>
      <Hint label="Open the gallery">
        <button type="button" aria-label="Gallery" onClick={onGallery} className={darkButton}>
          <Images className="size-4" />
        </button>
      </Hint>
      <Hint label={downloadHint}>
        <button type="button" aria-label="Download" aria-busy={downloading || undefined} disabled={downloading} onClick={onDownload} className={darkButton}>
          {downloading ? <span className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden /> : <Download className="size-4" />}
        </button>
      </Hint>
    </>
  );
}

const darkButton =
  'flex size-9 items-center justify-center rounded-lg border border-white/10 bg-stone-900/80 text-white/85 backdrop-blur transition-colors hover:bg-stone-800 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60 disabled:opacity-50';

/**
 * Honesty: with the CPU engine the results are image processing, not a model. The badge says so
 * (what the screen's processing is, in `hint`) and how to connect a GPU engine.
 */
function EngineBadge({ hint }: { hint: ReactNode }) {
  const { data } = useGetEngineQuery();
  if (data && !data.isPreview && data.status === 'degraded') return <MissingModelsBadge info={data} />;
  if (!data?.isPreview) return null;
  return (
    <Hint label={hint} align="start" roomy>
      <button
        type="button"
        data-canvas-ui
        className="inline-flex h-7 items-center gap-1.5 rounded-full border border-amber-300/30 bg-amber-400/10 px-2.5 text-xs font-medium text-amber-200 backdrop-blur transition-colors hover:bg-amber-400/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300/60"
      >
        <Cpu className="size-3.5" aria-hidden /> Preview engine (CPU)
      </button>
    </Hint>
  );
}

/**
 * A GPU engine whose server lacks a model or node (the server's preflight): "GPU engine: missing
 * RealESRGAN_x4plus.pth". The operations that need it are refused before any charge.
 */
function MissingModelsBadge({ info }: { info: EngineInfo }) {
  const names = info.missing.map((m) => m.name).join(', ');
  const detail = (
    <>
      <p className="font-semibold text-white">The GPU server lacks what some work needs</p>
      <ul className="mt-1 list-disc pl-4">
        {info.missing.map((m) => (
          <li key={`${m.kind}:${m.name}`}>
            {m.kind === 'model' ? `${m.name} (models/${m.folder ?? ''}/)` : `the node ${m.name}`}: {m.operations.join(', ')} refused, nothing is charged
          </li>
        ))}
      </ul>
      <p className="mt-2">
        An administrator can check it with <code className="rounded bg-white/10 px-1 text-white">npm run admin -- engine-check</code>.
      </p>
    </>
  );
  return (
    <Hint label={detail} align="start" roomy>
      <button
        type="button"
        data-canvas-ui
        className="inline-flex h-7 items-center gap-1.5 rounded-full border border-red-300/40 bg-red-500/15 px-2.5 text-xs font-medium text-red-100 backdrop-blur transition-colors hover:bg-red-500/25 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-300/60"
      >
        <AlertTriangle className="size-3.5" aria-hidden />
        GPU engine: missing {names}
      </button>
    </Hint>
  );
}

/** The frame shown while files are dragged over a canvas that already shows an image. */
export function DropOverlay({ insetLeft }: { insetLeft: number }) {
  return (
    <div className="pointer-events-none absolute inset-3 flex items-center justify-center rounded-2xl border-2 border-dashed border-brand-400 bg-brand-500/10" style={{ left: insetLeft + 12 }}>
      <span className="inline-flex items-center gap-2 rounded-xl bg-stone-900/85 px-4 py-2.5 text-sm font-medium text-white">
        <Upload className="size-4" aria-hidden /> Drop to upload
      </span>
    </div>
  );
}
