import clsx from 'clsx';
import { History, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GeneratedImage } from '@atelier/contract';
import { useVariationProgress } from '../../../app/socket/liveListeners';
import type { HistorySlot } from '../historyOrder';

const TILE = 76;
const GAP = 10;

/**
 * The bottom History strip (spec §2): the CREATE renders, processing first, then newest, in a
 * virtualized row. A render that is still running shows a spinner (and its progress) in its slot;
 * the newest batch shows four slots, and its first free one adds a variation.
 */
export function HistoryStrip({
  slots,
  selectedId,
  onSelect,
  onAddVariation,
  canAddVariation,
  addingVariation,
  loading,
  error,
  hasMore,
  onLoadMore,
}: {
  slots: HistorySlot[];
  selectedId: number | null;
  onSelect: (image: GeneratedImage) => void;
  onAddVariation: (batchId: number) => void;
  /** False while anything renders (the first free slot is the only one offered). */
  canAddVariation: boolean;
  addingVariation: boolean;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  onLoadMore: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    horizontal: true,
    count: slots.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TILE + GAP,
    overscan: 6,
    getItemKey: (i) => slotKey(slots[i], i),
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastIndex >= slots.length - 4) onLoadMore();
  }, [hasMore, lastIndex, slots.length, onLoadMore]);

  const images = slots.flatMap((s) => (s.kind === 'image' ? [s.image] : []));
  const processing = images.filter((i) => i.status === 'PROCESSING').length;

  return (
    <section aria-label="History" className="flex h-[108px] shrink-0 border-t border-stone-200 bg-white">
      <div className="flex w-[116px] shrink-0 flex-col justify-center gap-1 border-r border-stone-100 px-4">
        <span className="flex items-center gap-1.5 text-[13px] font-semibold text-stone-900">
          <History className="size-4 text-stone-400" aria-hidden /> History
        </span>
        <span className="text-xs text-stone-500" aria-live="polite">
          {processing > 0 ? `${processing} rendering` : `${images.length}${hasMore ? '+' : ''} render${images.length === 1 ? '' : 's'}`}
        </span>
      </div>

      <div ref={scrollRef} className="relative min-w-0 flex-1 overflow-x-auto overflow-y-hidden [scrollbar-width:thin]">
        {slots.length === 0 ? (
          <div className="flex h-full items-center px-5 text-sm text-stone-500">
            {loading ? 'Loading your renders…' : error ? <span className="text-red-600">{error}</span> : 'Your renders will appear here. Choose a style and press Create.'}
          </div>
        ) : (
          <ul role="list" className="relative h-full" style={{ width: virtualizer.getTotalSize() + 2 * 12 }}>
            {virtualItems.map((v) => {
              const slot = slots[v.index];
              return (
                <li key={v.key} className="absolute top-0 flex h-full items-center" style={{ left: 12 + v.start, width: TILE }}>
                  {slot.kind === 'image' ? (
                    <HistoryTile image={slot.image} selected={slot.image.id === selectedId} onSelect={() => onSelect(slot.image)} />
                  ) : (
                    <FreeSlot
                      batchId={slot.batchId}
                      enabled={slot.first && canAddVariation && !addingVariation}
                      busy={slot.first && addingVariation}
                      onAdd={() => onAddVariation(slot.batchId)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function HistoryTile({ image, selected, onSelect }: { image: GeneratedImage; selected: boolean; onSelect: () => void }) {
  const progress = useVariationProgress(image.id);
  const processing = image.status === 'PROCESSING';
  const label = processing
    ? `Variation ${image.variationNumber}, rendering${progress !== null ? ` ${progress}%` : ''}`
    : `Render ${image.batchId}, variation ${image.variationNumber}`;
  return (
    <button
      type="button"
      onClick={processing ? undefined : onSelect}
      aria-disabled={processing || undefined}
      aria-pressed={processing ? undefined : selected}
      aria-label={label}
      data-status={image.status}
      className={clsx(
        'relative block overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        selected ? 'ring-2 ring-brand-600 ring-offset-2' : 'ring-1 ring-stone-200 hover:ring-stone-400',
        processing && 'cursor-progress',
      )}
      style={{ width: TILE, height: TILE }}
    >
      {processing ? (
        <span className="flex size-full flex-col items-center justify-center gap-1.5 bg-stone-800 text-white/80">
          <span className="size-6 animate-spin rounded-full border-2 border-white/20 border-t-white/80" aria-hidden />
          <span className="text-[11px] font-medium tabular-nums">{processingText(image, progress)}</span>
        </span>
      ) : image.thumbnailUrl || image.imageUrl ? (
        <img src={image.thumbnailUrl ?? image.imageUrl ?? undefined} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center text-[11px] text-stone-500">Loading...</span>
      )}
      <span className="absolute bottom-1 left-1 rounded bg-black/55 px-1 text-[10px] font-semibold tabular-nums text-white">{image.variationNumber}</span>
    </button>
  );
}

function processingText(image: GeneratedImage, progress: number | null): string {
  if (progress !== null && progress > 0) return `${progress}%`;
  return progress === 0 || image.runpodStatus === 'IN_PROGRESS' ? 'Rendering' : 'Queued';
}

function slotKey(slot: HistorySlot, index: number): string {
  return slot.kind === 'image' ? `image-${slot.image.id}` : `free-${slot.batchId}-${index}`;
}

/** A free slot of the newest batch: one more variation with the batch's settings (1 credit). */
function FreeSlot({ batchId, enabled, busy, onAdd }: { batchId: number; enabled: boolean; busy: boolean; onAdd: () => void }) {
  return (
    <button
      type="button"
      onClick={onAdd}
      disabled={!enabled}
      aria-busy={busy || undefined}
      aria-label={`Add a variation to render ${batchId}`}
      title={enabled ? 'One more variation with this render’s settings (1 credit)' : undefined}
      className="flex flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-stone-300 text-stone-400 transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:border-stone-200 disabled:bg-transparent disabled:text-stone-300"
      style={{ width: TILE, height: TILE }}
    >
      {busy ? <span className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" aria-hidden /> : <Plus className="size-4" aria-hidden />}
      <span className="text-[10px] font-medium">Variation</span>
    </button>
  );
}
