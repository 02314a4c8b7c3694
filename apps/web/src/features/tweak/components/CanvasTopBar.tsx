import { Cpu, Maximize, Minus, Plus, RotateCcw } from 'lucide-react';
import { Slider } from 'radix-ui';
import { TWEAK_LIMITS } from '@atelier/contract';
import { useGetEngineQuery } from '../../../app/api/generation';
import { Hint } from '../../../components/workspace/Hint';

const pill = 'pointer-events-auto inline-flex h-8 items-center rounded-lg border border-stone-200 bg-white text-stone-700 shadow-card';
const iconButton =
  'flex h-full w-8 items-center justify-center text-stone-600 transition-colors first:rounded-l-lg last:rounded-r-lg hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-40';

/**
 * The bar over the canvas: what is shown, the engine note, the brush size (brush tool), the frame
 * reset (after an edge drag) and the zoom (0.1–10, 1.2× per step, Fit).
 */
export function CanvasTopBar({
  caption,
  size,
  zoom,
  onZoom,
  onFit,
  showBrush,
  brushSize,
  onBrushSize,
  frameExpanded,
  onResetFrame,
  disabled,
}: {
  caption: string | null;
  size: string | null;
  zoom: number;
  onZoom: (zoom: number) => void;
  onFit: () => void;
  showBrush: boolean;
  brushSize: number;
  onBrushSize: (size: number) => void;
  frameExpanded: boolean;
  onResetFrame: () => void;
  disabled: boolean;
}) {
  const { data: engine } = useGetEngineQuery();
  return (
    <div className="pointer-events-none absolute top-3 right-3 left-[68px] z-10 flex items-start justify-between gap-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        {caption ? (
          <span className="pointer-events-auto inline-flex h-8 max-w-[24rem] items-center gap-2 truncate rounded-lg bg-stone-900/75 px-3 text-xs text-white/80 backdrop-blur" data-testid="tweak-caption">
            <span className="truncate font-medium text-white/95">{caption}</span>
            {size ? <span className="shrink-0 tabular-nums text-white/55">{size}</span> : null}
          </span>
        ) : null}
        {engine?.isPreview ? (
          <Hint
            roomy
            align="start"
            label={
              <>
                <span className="font-semibold text-white">CPU preview engine</span>
                <span className="block text-white/75">Inpaint is a content-aware fill from the rest of the image and outpaint continues the image's own texture; the prompt guides a GPU engine (ENGINE=comfyui or runpod).</span>
              </>
            }
          >
            <span tabIndex={0} className="pointer-events-auto inline-flex h-8 items-center gap-1.5 rounded-lg border border-amber-300/30 bg-amber-400/10 px-2.5 text-xs font-medium text-amber-200 backdrop-blur">
              <Cpu className="size-3.5" aria-hidden /> Preview engine
            </span>
          </Hint>
        ) : null}
      </div>

      <div className="flex shrink-0 items-center gap-2">
        {showBrush ? (
          <div className={`${pill} gap-3 px-3`} data-testid="brush-size">
            <span className="text-xs font-medium text-stone-500">Brush</span>
            <Slider.Root
              className="relative flex h-5 w-28 touch-none items-center select-none"
              min={TWEAK_LIMITS.brushSize.min}
              max={200}
              step={2}
              value={[brushSize]}
              onValueChange={([v]) => onBrushSize(v)}
              aria-label="Brush size"
            >
              <Slider.Track className="relative h-1 grow rounded-full bg-stone-200">
                <Slider.Range className="absolute h-full rounded-full bg-brand-500" />
              </Slider.Track>
              <Slider.Thumb className="block size-3.5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-400" />
            </Slider.Root>
            <span className="w-6 text-right text-xs font-semibold tabular-nums text-stone-700">{brushSize}</span>
          </div>
        ) : null}
        {frameExpanded ? (
          <Hint roomy label="Put the frame back on the image's edges">
            <button type="button" onClick={onResetFrame} disabled={disabled} className={`${pill} gap-1.5 px-2.5 text-xs font-medium hover:bg-stone-50 disabled:opacity-50`}>
              <RotateCcw className="size-3.5" aria-hidden /> Reset frame
            </button>
          </Hint>
        ) : null}
        <div className={pill} role="group" aria-label="Zoom">
          <Hint roomy label="Zoom out">
            <button type="button" aria-label="Zoom out" className={iconButton} disabled={zoom <= TWEAK_LIMITS.zoom.min} onClick={() => onZoom(zoom / TWEAK_LIMITS.zoomStep)}>
              <Minus className="size-4" />
            </button>
          </Hint>
          <span className="w-12 text-center text-xs font-semibold tabular-nums text-stone-700" aria-live="polite" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </span>
          <Hint roomy label="Zoom in">
            <button type="button" aria-label="Zoom in" className={iconButton} disabled={zoom >= TWEAK_LIMITS.zoom.max} onClick={() => onZoom(zoom * TWEAK_LIMITS.zoomStep)}>
              <Plus className="size-4" />
            </button>
          </Hint>
          <span className="h-5 w-px bg-stone-200" aria-hidden />
          <Hint roomy label="Fit to view">
            <button type="button" aria-label="Fit to view" className={iconButton} onClick={onFit}>
              <Maximize className="size-3.5" />
            </button>
          </Hint>
        </div>
      </div>
    </div>
  );
}
