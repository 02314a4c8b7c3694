import clsx from 'clsx';
import { CircleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useVariationProgress } from '../../app/socket/liveListeners';

/**
 * The bottom results strip of the workspace (spec §2): a heading with a live count, then a
 * horizontal row of results (batches of slots, or single tiles) or, while there are none, a
 * line saying why. The screens lay out the row; ResultTile draws one result with its live progress.
 */
export function ResultsStrip({
  ariaLabel,
  icon: Icon,
  title,
  status,
  empty,
  scrollRef,
  children,
}: {
  ariaLabel: string;
  icon: LucideIcon;
  title: string;
  /** E.g. "2 rendering" or "5 results" (announced politely). */
  status: string;
  /** Shown instead of the row while there is nothing to show (loading, error or a prompt to start). */
  empty: ReactNode | null;
  scrollRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <section aria-label={ariaLabel} className="flex h-[108px] shrink-0 border-t border-stone-200 bg-white">
      <div className="flex w-[116px] shrink-0 flex-col justify-center gap-1 border-r border-stone-100 px-4">
        <span className="flex items-center gap-1.5 text-[13px] font-semibold text-stone-900">
          <Icon className="size-4 text-stone-400" aria-hidden /> {title}
        </span>
        <span className="text-xs text-stone-500" aria-live="polite">
          {status}
        </span>
      </div>
      <div ref={scrollRef} className="relative min-w-0 flex-1 overflow-x-auto overflow-y-hidden [scrollbar-width:thin]">
        {empty !== null ? <div className="flex h-full items-center px-5 text-sm text-stone-500">{empty}</div> : children}
      </div>
    </section>
  );
}

/** The text of an empty strip: loading, the error, or what to do. */
export function emptyText(loading: boolean, error: string | null, idle: ReactNode, loadingText = 'Loading results…'): ReactNode {
  if (loading) return loadingText;
  if (error) return <span className="text-red-600">{error}</span>;
  return idle;
}

/** What a result tile needs to know about its image. */
export interface TileResult {
  id: number;
  status: string;
  variationNumber: number;
  url: string | null;
}

/**
 * One result: its image, or while it is made a spinner with its live progress, or Failed. Only a
 * finished result can be chosen. `small` is the compact tile of a batch.
 */
export function ResultTile({
  result,
  label,
  workingText,
  selected,
  onSelect,
  badge,
  small = false,
  testId,
  title,
}: {
  result: TileResult;
  /** The accessible name for each state (the progress is live). */
  label: (state: { processing: boolean; failed: boolean; progress: number | null }) => string;
  /** The spinner's text until a progress above 0 arrives (given the progress so far, if any). */
  workingText: (progress: number | null) => string;
  selected: boolean;
  onSelect: () => void;
  /** A small badge in the top corner of a finished result (e.g. the scale factor). */
  badge?: string;
  small?: boolean;
  testId?: string;
  title?: boolean;
}) {
  const progress = useVariationProgress(result.id);
  const processing = result.status === 'PROCESSING';
  const failed = result.status === 'FAILED';
  const name = label({ processing, failed, progress });
  return (
    <button
      type="button"
      onClick={processing || failed ? undefined : onSelect}
      aria-disabled={processing || failed || undefined}
      aria-pressed={processing || failed ? undefined : selected}
      aria-label={name}
      title={title ? name : undefined}
      data-status={result.status}
      data-testid={testId}
      className={clsx(
        'relative block overflow-hidden bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        small ? 'h-12 w-16 rounded-md focus-visible:ring-offset-1' : 'size-[76px] rounded-lg focus-visible:ring-offset-2',
        selected ? clsx('ring-2 ring-brand-600', small ? 'ring-offset-1' : 'ring-offset-2') : 'ring-1 ring-stone-200 hover:ring-stone-400',
        processing && 'cursor-progress',
        failed && 'cursor-default',
      )}
    >
      {processing ? (
        <span className="flex size-full flex-col items-center justify-center gap-1 bg-stone-800 text-white/80">
          <span className={clsx('animate-spin rounded-full border-2 border-white/20 border-t-white/80', small ? 'size-4' : 'size-6')} aria-hidden />
          <span className={clsx('font-medium tabular-nums', small ? 'text-[10px]' : 'text-[11px]')}>{progress !== null && progress > 0 ? `${progress}%` : workingText(progress)}</span>
        </span>
      ) : failed ? (
        <span className="flex size-full flex-col items-center justify-center gap-0.5 bg-red-50 text-red-700">
          <CircleAlert className={small ? 'size-4' : 'size-5'} aria-hidden />
          <span className={clsx('font-medium', small ? 'text-[10px]' : 'text-[11px]')}>Failed</span>
        </span>
      ) : result.url ? (
        <img src={result.url} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-[11px] text-stone-500">Loading...</span>
      )}
      {badge && !processing && !failed ? (
        <span className="absolute top-1 right-1 rounded bg-black/55 px-1 text-[10px] font-semibold tabular-nums text-white">{badge}</span>
      ) : null}
      <span className={clsx('absolute rounded bg-black/55 px-1 font-semibold tabular-nums text-white', small ? 'bottom-0.5 left-0.5 text-[9px]' : 'bottom-1 left-1 text-[10px]')}>
        {result.variationNumber}
      </span>
    </button>
  );
}
