import clsx from 'clsx';
import { AlertTriangle, Layers } from 'lucide-react';
import type { RefineOperation } from '@atelier/contract';
import { useVariationProgress } from '../../../app/socket/liveListeners';
import { describeResult } from '../refineLogic';

const TILE = 76;

/**
 * The bottom results strip (spec §2): the refine results of the chosen image, newest first. A
 * result still being made shows a spinner and its progress; a failed one says so (its credit
 * was refunded).
 */
export function ResultsStrip({
  operations,
  selectedId,
  onSelect,
  loading,
  error,
  hasImage,
}: {
  operations: RefineOperation[];
  selectedId: number | null;
  onSelect: (op: RefineOperation) => void;
  loading: boolean;
  error: string | null;
  hasImage: boolean;
}) {
  const processing = operations.filter((o) => o.status === 'PROCESSING').length;
  const done = operations.filter((o) => o.status === 'COMPLETED').length;
  return (
    <section aria-label="Results" className="flex h-[108px] shrink-0 border-t border-stone-200 bg-white">
      <div className="flex w-[116px] shrink-0 flex-col justify-center gap-1 border-r border-stone-100 px-4">
        <span className="flex items-center gap-1.5 text-[13px] font-semibold text-stone-900">
          <Layers className="size-4 text-stone-400" aria-hidden /> Results
        </span>
        <span className="text-xs text-stone-500" aria-live="polite">
          {processing > 0 ? `${processing} in progress` : `${done} result${done === 1 ? '' : 's'}`}
        </span>
      </div>
      <div className="relative min-w-0 flex-1 overflow-x-auto overflow-y-hidden [scrollbar-width:thin]">
        {operations.length === 0 ? (
          <div className="flex h-full items-center px-5 text-sm text-stone-500">
            {loading ? (
              'Loading results…'
            ) : error ? (
              <span className="text-red-600">{error}</span>
            ) : hasImage ? (
              'Your refined versions will appear here. Set the output and press Generate.'
            ) : (
              'Choose or upload an image to refine.'
            )}
          </div>
        ) : (
          <ul role="list" className="flex h-full items-center gap-2.5 px-3">
            {operations.map((op) => (
              <li key={op.id} className="shrink-0">
                <ResultTile op={op} selected={op.id === selectedId} onSelect={() => onSelect(op)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ResultTile({ op, selected, onSelect }: { op: RefineOperation; selected: boolean; onSelect: () => void }) {
  const progress = useVariationProgress(op.id);
  const processing = op.status === 'PROCESSING';
  const failed = op.status === 'FAILED';
  const detail = describeResult(op);
  const label = processing
    ? `Variation ${op.variationNumber}, refining${progress !== null ? ` ${progress}%` : ''}`
    : failed
      ? `Variation ${op.variationNumber} failed; its credit was refunded`
      : `Result ${op.batchId}, variation ${op.variationNumber}${detail ? `, ${detail}` : ''}`;
  return (
    <button
      type="button"
      onClick={processing || failed ? undefined : onSelect}
      aria-disabled={processing || failed || undefined}
      aria-pressed={processing || failed ? undefined : selected}
      aria-label={label}
      title={label}
      data-status={op.status}
      className={clsx(
        'relative block overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        selected ? 'ring-2 ring-brand-600 ring-offset-2' : 'ring-1 ring-stone-200 hover:ring-stone-400',
        processing && 'cursor-progress',
        failed && 'cursor-default',
      )}
      style={{ width: TILE, height: TILE }}
    >
      {processing ? (
        <span className="flex size-full flex-col items-center justify-center gap-1.5 bg-stone-800 text-white/80">
          <span className="size-6 animate-spin rounded-full border-2 border-white/20 border-t-white/80" aria-hidden />
          <span className="text-[11px] font-medium tabular-nums">{progress !== null && progress > 0 ? `${progress}%` : op.runpodStatus === 'IN_PROGRESS' ? 'Refining' : 'Queued'}</span>
        </span>
      ) : failed ? (
        <span className="flex size-full flex-col items-center justify-center gap-1 bg-red-50 text-red-700">
          <AlertTriangle className="size-5" aria-hidden />
          <span className="text-[11px] font-medium">Failed</span>
        </span>
      ) : op.thumbnailUrl || op.resultImageUrl ? (
        <img src={op.thumbnailUrl ?? op.resultImageUrl ?? undefined} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-[11px] text-stone-500">Loading...</span>
      )}
      {op.settings && !processing && !failed ? (
        <span className="absolute top-1 right-1 rounded bg-black/55 px-1 text-[10px] font-semibold tabular-nums text-white">{op.settings.scaleFactor}×</span>
      ) : null}
      <span className="absolute bottom-1 left-1 rounded bg-black/55 px-1 text-[10px] font-semibold tabular-nums text-white">{op.variationNumber}</span>
    </button>
  );
}
