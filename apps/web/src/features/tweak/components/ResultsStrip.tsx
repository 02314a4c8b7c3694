import clsx from 'clsx';
import { CircleAlert, Layers2 } from 'lucide-react';
import type { GeneratedImage } from '@atelier/contract';
import { useVariationProgress } from '../../../app/socket/liveListeners';
import { operationLabel, type ResultBatch } from '../lib/results';

const TILE = 64;

/**
 * The bottom strip of tweak results (spec §2): the session's batches, newest first, each with two
 * slots. A running variation shows its progress; a click on a finished one puts it on the canvas;
 * the batch label opens the batch in the side panel.
 */
export function ResultsStrip({
  batches,
  selectedImageId,
  selectedBatchId,
  onSelectImage,
  onSelectBatch,
  loading,
  error,
}: {
  batches: ResultBatch[];
  selectedImageId: number | null;
  selectedBatchId: number | null;
  onSelectImage: (image: GeneratedImage) => void;
  onSelectBatch: (batchId: number) => void;
  loading: boolean;
  error: string | null;
}) {
  const count = batches.reduce((n, b) => n + b.slots.filter(Boolean).length, 0);
  const running = batches.filter((b) => b.processing).length;
  return (
    <section aria-label="Tweak results" className="flex h-[104px] shrink-0 border-t border-stone-200 bg-white">
      <div className="flex w-[132px] shrink-0 flex-col justify-center gap-1 border-r border-stone-100 px-4">
        <span className="flex items-center gap-1.5 text-[13px] font-semibold text-stone-900">
          <Layers2 className="size-4 text-stone-400" aria-hidden /> Results
        </span>
        <span className="text-xs text-stone-500" aria-live="polite">
          {running > 0 ? `${running} running` : `${count} image${count === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="min-w-0 flex-1 overflow-x-auto overflow-y-hidden [scrollbar-width:thin]">
        {batches.length === 0 ? (
          <div className="flex h-full items-center px-5 text-sm text-stone-500">
            {loading ? 'Loading results…' : error ? <span className="text-red-600">{error}</span> : 'Results of this image appear here. Mark an area and press Generate, or drag an edge outward.'}
          </div>
        ) : (
          <ul role="list" className="flex h-full items-center gap-3 px-3" data-testid="tweak-results">
            {batches.map((b) => (
              <li key={b.batchId} className={clsx('flex h-[84px] shrink-0 flex-col gap-1 rounded-xl border px-2 pt-1 pb-2 transition-colors', selectedBatchId === b.batchId ? 'border-brand-300 bg-brand-50/60' : 'border-stone-200 bg-stone-50/60')} data-batch-id={b.batchId}>
                <button type="button" onClick={() => onSelectBatch(b.batchId)} className="flex items-center gap-1.5 rounded px-0.5 text-left text-[11px] font-semibold text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label={`Tweak Batch ${b.batchId}`}>
                  <span className="uppercase tracking-wide text-brand-700">{operationLabel(b.operationType)}</span>
                  <span className="tabular-nums text-stone-400">#{b.batchId}</span>
                </button>
                <div className="flex gap-1.5">
                  {b.slots.map((image, i) =>
                    image ? (
                      <ResultTile key={image.id} image={image} selected={image.id === selectedImageId} onSelect={() => onSelectImage(image)} />
                    ) : (
                      <span key={`empty-${i}`} className="block rounded-md border border-dashed border-stone-300 bg-white" style={{ width: TILE, height: 48 }} aria-hidden />
                    ),
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ResultTile({ image, selected, onSelect }: { image: GeneratedImage; selected: boolean; onSelect: () => void }) {
  const progress = useVariationProgress(image.id);
  const processing = image.status === 'PROCESSING';
  const failed = image.status === 'FAILED';
  const label = processing
    ? `Variation ${image.variationNumber}, working${progress !== null ? ` ${progress}%` : ''}`
    : failed
      ? `Variation ${image.variationNumber} failed`
      : `Tweak Image ${image.id}, variation ${image.variationNumber}`;
  return (
    <button
      type="button"
      onClick={processing || failed ? undefined : onSelect}
      aria-disabled={processing || failed || undefined}
      aria-pressed={processing || failed ? undefined : selected}
      aria-label={label}
      data-status={image.status}
      data-testid="tweak-result"
      className={clsx(
        'relative block overflow-hidden rounded-md bg-stone-200 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1',
        selected ? 'ring-2 ring-brand-600 ring-offset-1' : 'ring-1 ring-stone-200 hover:ring-stone-400',
        (processing || failed) && 'cursor-default',
      )}
      style={{ width: TILE, height: 48 }}
    >
      {processing ? (
        <span className="flex size-full flex-col items-center justify-center gap-1 bg-stone-800 text-white/80">
          <span className="size-4 animate-spin rounded-full border-2 border-white/20 border-t-white/80" aria-hidden />
          <span className="text-[10px] font-medium tabular-nums">{progress !== null && progress > 0 ? `${progress}%` : 'Queued'}</span>
        </span>
      ) : failed ? (
        <span className="flex size-full flex-col items-center justify-center gap-0.5 bg-red-50 text-red-600">
          <CircleAlert className="size-4" aria-hidden />
          <span className="text-[10px] font-medium">Failed</span>
        </span>
      ) : image.thumbnailUrl || image.imageUrl ? (
        <img src={image.thumbnailUrl ?? image.imageUrl ?? undefined} alt="" draggable={false} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-[10px] text-stone-500">Loading...</span>
      )}
      <span className="absolute bottom-0.5 left-0.5 rounded bg-black/55 px-1 text-[9px] font-semibold tabular-nums text-white">{image.variationNumber}</span>
    </button>
  );
}
