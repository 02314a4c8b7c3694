import { History, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { GeneratedImage } from '@atelier/contract';
import { ResultsStrip, ResultTile, emptyText } from '../../../components/workspace/ResultsStrip';
import { variantSlotEnabled, type HistorySlot } from '../historyOrder';

const TILE = 76;
const GAP = 10;

/**
 * The bottom History strip (spec §2): the CREATE renders, processing first, then newest, in a
 * virtualized row. A render that is still running shows a spinner (and its progress) in its slot;
 * the newest batch shows four slots; its free ones add a variation (spec §2: the first, and the
 * others while other images are processing).
 */
export function HistoryStrip({
  slots,
  selectedId,
  onSelect,
  onAddVariation,
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
  /** A variant generation runs (its request is under way): no variant button can be pressed. */
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
    <ResultsStrip
      ariaLabel="History"
      icon={History}
      title="History"
      status={processing > 0 ? `${processing} rendering` : `${images.length}${hasMore ? '+' : ''} render${images.length === 1 ? '' : 's'}`}
      empty={slots.length === 0 ? emptyText(loading, error, 'Your renders will appear here. Choose a style and press Create.', 'Loading your renders…') : null}
      scrollRef={scrollRef}
    >
      <ul role="list" className="relative h-full" style={{ width: virtualizer.getTotalSize() + 2 * 12 }}>
        {virtualItems.map((v) => {
          const slot = slots[v.index];
          return (
            <li key={v.key} className="absolute top-0 flex h-full items-center" style={{ left: 12 + v.start, width: TILE }}>
              {slot.kind === 'image' ? (
                <ResultTile
                  result={{ ...slot.image, url: slot.image.thumbnailUrl ?? slot.image.imageUrl }}
                  label={({ processing, progress }) =>
                    processing
                      ? `Variation ${slot.image.variationNumber}, rendering${progress !== null ? ` ${progress}%` : ''}`
                      : `Render ${slot.image.batchId}, variation ${slot.image.variationNumber}`
                  }
                  workingText={(progress) => (progress === 0 || slot.image.runpodStatus === 'IN_PROGRESS' ? 'Rendering' : 'Queued')}
                  selected={slot.image.id === selectedId}
                  onSelect={() => onSelect(slot.image)}
                />
              ) : (
                <FreeSlot
                  batchId={slot.batchId}
                  enabled={variantSlotEnabled(slot, { variantRunning: addingVariation, othersProcessing: processing > 0 })}
                  busy={slot.first && addingVariation}
                  onAdd={() => onAddVariation(slot.batchId)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </ResultsStrip>
  );
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
