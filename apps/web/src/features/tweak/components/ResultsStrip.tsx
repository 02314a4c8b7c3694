import clsx from 'clsx';
import { Layers2 } from 'lucide-react';
import type { GeneratedImage } from '@atelier/contract';
import { ResultsStrip as WorkspaceResults, ResultTile, emptyText } from '../../../components/workspace/ResultsStrip';
import { operationLabel, type ResultBatch } from '../lib/results';

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
  errors,
}: {
  batches: ResultBatch[];
  selectedImageId: number | null;
  selectedBatchId: number | null;
  onSelectImage: (image: GeneratedImage) => void;
  onSelectBatch: (batchId: number) => void;
  loading: boolean;
  /** Failed loads of the strip's data (the session's history, all tweak images), shown in red. */
  errors: string[];
}) {
  const count = batches.reduce((n, b) => n + b.slots.filter(Boolean).length, 0);
  const running = batches.filter((b) => b.processing).length;
  return (
    <WorkspaceResults
      ariaLabel="Tweak results"
      icon={Layers2}
      title="Results"
      status={running > 0 ? `${running} running` : `${count} image${count === 1 ? '' : 's'}`}
      empty={batches.length === 0 ? emptyText(loading, errors.join(' · ') || null, 'Results of this image appear here. Mark an area, or drag an edge outward, and press Generate.') : null}
    >
      <ul role="list" className="flex h-full items-center gap-3 px-3" data-testid="tweak-results">
        {errors.length > 0 ? (
          <li role="alert" className="w-52 shrink-0 rounded-lg border border-red-200 bg-red-50 px-2.5 py-1.5 text-xs leading-snug font-medium text-red-700">
            {errors.join(' · ')}
          </li>
        ) : null}
        {batches.map((b) => (
          <li key={b.batchId} className={clsx('flex h-[84px] shrink-0 flex-col gap-1 rounded-xl border px-2 pt-1 pb-2 transition-colors', selectedBatchId === b.batchId ? 'border-brand-300 bg-brand-50/60' : 'border-stone-200 bg-stone-50/60')} data-batch-id={b.batchId}>
            <button type="button" onClick={() => onSelectBatch(b.batchId)} className="flex items-center gap-1.5 rounded px-0.5 text-left text-[11px] font-semibold text-stone-600 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label={`Tweak Batch ${b.batchId}`}>
              <span className="uppercase tracking-wide text-brand-700">{operationLabel(b.operationType)}</span>
              <span className="tabular-nums text-stone-400">#{b.batchId}</span>
            </button>
            <div className="flex gap-1.5">
              {b.slots.map((image, i) =>
                image ? (
                  <ResultTile
                    key={image.id}
                    result={{ ...image, url: image.thumbnailUrl ?? image.imageUrl }}
                    label={({ processing, failed, progress }) =>
                      processing
                        ? `Variation ${image.variationNumber}, working${progress !== null ? ` ${progress}%` : ''}`
                        : failed
                          ? `Variation ${image.variationNumber} failed`
                          : `Tweak Image ${image.id}, variation ${image.variationNumber}`
                    }
                    workingText={() => 'Queued'}
                    selected={image.id === selectedImageId}
                    onSelect={() => onSelectImage(image)}
                    small
                    testId="tweak-result"
                  />
                ) : (
                  <span key={`empty-${i}`} className="block h-12 w-16 rounded-md border border-dashed border-stone-300 bg-white" aria-hidden />
                ),
              )}
            </div>
          </li>
        ))}
      </ul>
    </WorkspaceResults>
  );
}
