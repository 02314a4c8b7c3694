import { ImageOff, ImagePlus } from 'lucide-react';
import { useAppSelector } from '../../../app/hooks';
import { IMAGE_NOT_IN_TWEAK_DETAIL, imageNotInTweakMessage } from '../hooks/useTweakSession';
import { isExpanded } from '../lib/geometry';
import { TOOL_INFO } from '../lib/tools';

/** The line at the foot of the canvas saying what the current tool does, or the empty state. */
export function CanvasHint({ hasImage, noImages, onUpload }: { hasImage: boolean; noImages: boolean; onUpload: () => void }) {
  const tool = useAppSelector((s) => s.tweak.currentTool);
  const generating = useAppSelector((s) => s.tweak.generating);
  const phase = useAppSelector((s) => s.tweak.pipeline.phase);
  const expanded = useAppSelector((s) => isExpanded(s.tweak.canvasBounds, s.tweak.originalImageBounds));
  const missing = useAppSelector((s) => s.tweak.missingImageId);

  if (!hasImage && missing !== null) {
    return (
      <div className="absolute inset-0 flex items-center justify-center">
        <div role="alert" className="flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-white/10 bg-stone-900/70 px-8 py-7 text-center backdrop-blur">
          <span className="flex size-11 items-center justify-center rounded-xl bg-amber-400/15 text-amber-200">
            <ImageOff className="size-5" aria-hidden />
          </span>
          <p className="text-sm font-semibold text-white">{imageNotInTweakMessage(missing)}</p>
          <p className="text-[13px] leading-5 text-white/60">{IMAGE_NOT_IN_TWEAK_DETAIL}</p>
        </div>
      </div>
    );
  }

  if (!hasImage) {
    return (
      <div className="absolute inset-0 flex items-center justify-center">
        <div className="flex max-w-sm flex-col items-center gap-3 rounded-2xl border border-white/10 bg-stone-900/70 px-8 py-7 text-center backdrop-blur">
          <span className="flex size-11 items-center justify-center rounded-xl bg-white/10 text-white/80">
            <ImagePlus className="size-5" aria-hidden />
          </span>
          <p className="text-sm font-semibold text-white">{noImages ? 'Upload an image to tweak' : 'Choose an image to tweak'}</p>
          <p className="text-[13px] leading-5 text-white/60">{noImages ? 'JPG, PNG or WEBP. Then mark what to change, or extend the frame.' : 'Pick a render or an input from the strip on the left.'}</p>
          {noImages ? (
            <button type="button" onClick={onUpload} className="mt-1 inline-flex h-9 items-center gap-2 rounded-lg bg-white px-4 text-[13px] font-semibold text-stone-900 hover:bg-stone-100">
              Upload image
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const text = generating
    ? phase === 'OUTPAINT_STARTED'
      ? 'Extending the image…'
      : phase === 'INPAINT_STARTING' || phase === 'INPAINT_STARTED'
        ? 'Painting the marked area into the extended image…'
        : 'Working on your tweak…'
    : tool === 'select' && expanded
      ? 'Press Generate to fill the hatched area. Drag the handles to change it, or Reset frame.'
      : TOOL_INFO.find((t) => t.tool === tool)?.hint;
  if (!text) return null;
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-4 z-10 flex justify-center" aria-live="polite">
      <span className="inline-flex h-8 items-center gap-2 rounded-full bg-stone-900/80 px-4 text-xs font-medium text-white/85 shadow-raised backdrop-blur" data-testid="canvas-hint">
        {generating ? <span className="size-3 animate-spin rounded-full border-2 border-white/25 border-t-white/80" aria-hidden /> : null}
        {text}
      </span>
    </div>
  );
}
