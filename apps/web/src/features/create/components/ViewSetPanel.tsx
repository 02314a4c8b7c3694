import clsx from 'clsx';
import { ChevronDown, ChevronUp, Layers } from 'lucide-react';
import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { setRenderCost, type InputImage, type SetRender } from '@atelier/contract';
import { useGetSetRenderQuery, useGetSetRenderQuoteQuery, useGetViewSetQuery } from '../../../app/api/viewSets';
import { errorMessage } from '../../../app/api/http';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { formatNumber } from '../../../lib/format';
import { setCostLine, setProgress, viewProgress } from '../setRenderProgress';

/**
 * A pushed view's set in Create (issue 31 part 5): its views side by side (the shown one ringed,
 * each selectable), "Render set" with the total cost asked for before anything starts, and while
 * the set renders, each view's progress.
 */
export function ViewSetPanel({
  set,
  selectedId,
  variations,
  onSelect,
  onRender,
  starting,
  activeRenderId,
}: {
  set: string;
  selectedId: number | null;
  variations: number;
  onSelect: (view: InputImage) => void;
  /** Starts the set render; resolves when the server answered (the error is shown by the caller). */
  onRender: () => Promise<void>;
  starting: boolean;
  activeRenderId: number | null;
}) {
  const views = useGetViewSetQuery(set);
  const [confirming, setConfirming] = useState(false);
  // The panel floats over the canvas: folded to its header, it leaves the render in view.
  const [folded, setFolded] = useState(false);
  const quote = useGetSetRenderQuoteQuery(confirming ? { set, variations } : skipToken, { refetchOnMountOrArgChange: true });
  // Followed every 1.5 s until it completes, then no more.
  const [completedId, setCompletedId] = useState<number | null>(null);
  const active = useGetSetRenderQuery(activeRenderId ?? skipToken, { pollingInterval: completedId === activeRenderId ? 0 : 1500, skipPollingIfUnfocused: false });
  const completedNow = active.data?.status === 'COMPLETED' ? active.data.id : null;
  useEffect(() => {
    if (completedNow !== null) setCompletedId(completedNow);
  }, [completedNow]);
  const running: SetRender | undefined = active.data && active.data.status !== 'COMPLETED' ? active.data : undefined;
  const shownRender = active.data;
  const list = views.data?.views ?? [];
  const cost = setRenderCost(list.length, variations);

  return (
    <section data-canvas-ui aria-label={`View set ${set}`} className="pointer-events-auto rounded-2xl bg-stone-900/80 p-3 text-white shadow-overlay backdrop-blur">
      <div className={clsx('flex items-center gap-3', !folded && 'mb-2')}>
        <Layers className="size-4 text-white/70" aria-hidden />
        <p className="min-w-0 flex-1 truncate text-[13px]">
          <span className="font-semibold">{set}</span>
          <span className="text-white/60"> · {list.length} views</span>
          {shownRender ? (
            <span className="text-white/60" data-testid="set-progress">
              {' '}
              · {shownRender.status === 'COMPLETED' ? 'Set rendered' : `Rendering ${setProgress(shownRender).done}/${setProgress(shownRender).total}`}
            </span>
          ) : null}
        </p>
        <Button size="sm" icon={<Layers className="size-4" />} loading={starting || !!running} disabled={list.length === 0 || starting || !!running} onClick={() => setConfirming(true)}>
          Render set · {cost} credit{cost === 1 ? '' : 's'}
        </Button>
        <button
          type="button"
          onClick={() => setFolded((f) => !f)}
          aria-expanded={!folded}
          aria-label={folded ? 'Show the views' : 'Hide the views'}
          title={folded ? 'Show the views' : 'Hide the views'}
          className="grid size-8 place-items-center rounded-lg text-white/70 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70"
        >
          {folded ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </button>
      </div>
      {views.isError ? <p className="text-xs text-red-300">{errorMessage(views.error, 'Failed to load the set')}</p> : null}
      {folded ? null : (
      <ul className="flex gap-2 overflow-x-auto" aria-label="Views of the set">
        {list.map((view) => {
          const progress = shownRender?.views.find((v) => v.inputImageId === view.id);
          const p = progress ? viewProgress(progress, shownRender!.variations) : null;
          return (
            <li key={view.id} className="w-36 shrink-0">
              <button
                type="button"
                onClick={() => onSelect(view)}
                aria-pressed={view.id === selectedId}
                aria-label={`View ${view.fileName}`}
                className={clsx(
                  'block w-full overflow-hidden rounded-lg ring-2 transition focus-visible:outline-none',
                  view.id === selectedId ? 'ring-brand-400' : 'ring-transparent hover:ring-white/40',
                )}
              >
                <img src={view.thumbnailUrl ?? view.imageUrl} alt={view.fileName} className="aspect-[4/3] w-full bg-stone-800 object-cover" />
              </button>
              <p className="mt-1 truncate text-[11px] text-white/80">{view.fileName}</p>
              {p ? (
                <div className="mt-1" data-testid={`view-progress-${view.id}`}>
                  <div className="h-1 overflow-hidden rounded bg-white/15">
                    <div
                      className={clsx('h-full', p.tone === 'failed' ? 'bg-red-400' : p.tone === 'done' ? 'bg-emerald-400' : 'bg-brand-400')}
                      style={{ width: `${Math.round((100 * p.done) / Math.max(1, p.total))}%` }}
                    />
                  </div>
                  <p className="mt-0.5 text-[10px] text-white/60">{p.label}</p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      )}
      {/* The dialog is portalled out of the canvas, but React still bubbles its pointer events up through
          the canvas, whose pan would capture the pointer and swallow the click. */}
      <div onPointerDown={(e) => e.stopPropagation()}>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Render the set “${set}”?`}
        description="Every view gets one look: the same seed, style, materials by name, sky and light. One batch per view."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              icon={<Layers className="size-4" />}
              loading={starting}
              disabled={!quote.data?.enough || starting}
              onClick={() => void onRender().then(() => setConfirming(false))}
            >
              Render {quote.data?.views ?? list.length} views · {quote.data?.cost ?? cost} credits
            </Button>
          </>
        }
      >
        {quote.data ? (
          <div className="space-y-1 text-sm text-stone-700" data-testid="set-quote">
            <p className="font-medium text-stone-900">{setCostLine(quote.data.views, quote.data.variations, quote.data.cost)}</p>
            <p className={quote.data.enough ? 'text-stone-500' : 'font-medium text-red-600'}>
              {quote.data.enough ? `${formatNumber(quote.data.balance)} credits available` : `Not enough credits: ${formatNumber(quote.data.balance)} available`}
            </p>
          </div>
        ) : quote.isError ? (
          <p className="text-sm text-red-600">{errorMessage(quote.error, 'Failed to price the set')}</p>
        ) : (
          <p className="text-sm text-stone-500">Pricing the set…</p>
        )}
      </Dialog>
      </div>
    </section>
  );
}
