import { GALLERY_PAGE_SIZES, type BatchGalleryMode, type GalleryBatch, type GalleryDay, type GalleryImageSize } from '@atelier/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useGalleryQueryFilters } from '../hooks/useGalleryFilters';
import { useGetGalleryBatchesQuery } from '../../../app/api/gallery';
import { timeOfDay } from '../lib/days';
import { BATCH_ROW_PADDING, BATCH_THUMB_SIZES, batchRowHeight, DAY_HEADER_HEIGHT, GRID_PADDING_X } from '../lib/geometry';
import { buildTimeline, locateTile, monthRange, type DayPlacement, type TimelineRow } from '../lib/timeline';
import { useScrollAnchor } from '../hooks/useScrollAnchor';
import { DayHeader } from './DayHeader';
import { Thumbnail } from './ImageTile';
import { TileError, TileSkeleton } from './Skeletons';

const PAGE = GALLERY_PAGE_SIZES.batches;

export interface BatchTimelineProps {
  days: GalleryDay[];
  mode: BatchGalleryMode;
  timeZone: string;
  size: GalleryImageSize;
  selectedId: number | null;
  onSelect: (batch: GalleryBatch) => void;
  initialRect?: { width: number; height: number };
}

/** Create and tweak: one row per batch (its images side by side), grouped by day, virtualized. */
export function BatchTimeline({ days, mode, timeZone, size, selectedId, onSelect, initialRect }: BatchTimelineProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowHeight = batchRowHeight(size);
  const timeline = useMemo(() => buildTimeline(days, { columns: 1, rowHeight, headerHeight: DAY_HEADER_HEIGHT }), [days, rowHeight]);
  useScrollAnchor(scrollRef, timeline);
  const getItemKey = useCallback((i: number) => timeline.rows[i]?.key ?? i, [timeline]);
  const estimateSize = useCallback((i: number) => timeline.rows[i]?.size ?? rowHeight, [timeline, rowHeight]);
  const virtualizer = useVirtualizer({
    count: timeline.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    paddingStart: 4,
    paddingEnd: 48,
    initialRect,
  });
  return (
    <div ref={scrollRef} data-gallery-scroll className="relative min-h-0 flex-1 overflow-y-auto" style={{ overflowAnchor: 'none' }}>
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = timeline.rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} className="absolute top-0 left-0 w-full" style={{ height: row.size, transform: `translateY(${item.start}px)` }}>
              {row.kind === 'header' ? (
                <DayHeader date={row.date} count={row.count} unit="batch" timeZone={timeZone} />
              ) : (
                <BatchRow
                  row={row}
                  placement={timeline.days.get(row.date)!}
                  mode={mode}
                  timeZone={timeZone}
                  size={size}
                  selectedId={selectedId}
                  onSelect={onSelect}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const BatchRow = memo(function BatchRow({
  row,
  placement,
  mode,
  timeZone,
  size,
  selectedId,
  onSelect,
}: {
  row: Extract<TimelineRow, { kind: 'tiles' }>;
  placement: DayPlacement;
  mode: BatchGalleryMode;
  timeZone: string;
  size: GalleryImageSize;
  selectedId: number | null;
  onSelect: (batch: GalleryBatch) => void;
}) {
  const loc = locateTile(placement, row.first, PAGE);
  const filters = useGalleryQueryFilters();
  const { data, isError, isFetching, refetch } = useGetGalleryBatchesQuery({ mode, tz: timeZone, ...monthRange(loc.month), page: loc.page, limit: PAGE, filters });
  const batch = data?.batches[loc.index];
  const thumb = BATCH_THUMB_SIZES[size];
  const slots = mode === 'create' ? 4 : 2;
  const height = thumb + 2 * BATCH_ROW_PADDING;
  const inset = GRID_PADDING_X - BATCH_ROW_PADDING;
  if (!batch && isError && !isFetching) {
    return (
      <div style={{ height, marginLeft: inset, marginRight: inset, padding: BATCH_ROW_PADDING }}>
        <TileError onRetry={() => void refetch()} style={{ height: thumb, width: '100%' }} />
      </div>
    );
  }
  if (!batch) {
    return (
      <div className="flex items-center gap-5" style={{ height, marginLeft: inset, marginRight: inset, padding: BATCH_ROW_PADDING }}>
        <div className="flex gap-2">
          {Array.from({ length: slots }, (_, i) => (
            <TileSkeleton key={i} style={{ width: thumb, height: thumb }} />
          ))}
        </div>
        <div className="flex-1 space-y-2">
          <div className="h-3.5 w-40 animate-pulse rounded bg-stone-200" />
          <div className="h-3 w-72 max-w-full animate-pulse rounded bg-stone-200/70" />
        </div>
      </div>
    );
  }
  const selected = batch.id === selectedId;
  const settings = (batch.settings ?? {}) as Record<string, unknown>;
  return (
    <div style={{ paddingLeft: inset, paddingRight: inset }}>
    <button
      type="button"
      data-batch-id={batch.id}
      aria-pressed={selected}
      onClick={() => onSelect(batch)}
      className={clsx(
        'group flex w-full items-center gap-5 rounded-xl text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        selected ? 'bg-white shadow-raised ring-1 ring-brand-200' : 'hover:bg-white hover:shadow-card',
      )}
      style={{ height, padding: BATCH_ROW_PADDING }}
    >
      <div className="flex shrink-0 gap-2">
        {batch.images.slice(0, slots).map((image) => (
          <div key={image.id} className="overflow-hidden rounded-lg bg-stone-200" style={{ width: thumb, height: thumb }}>
            <Thumbnail src={image.thumbnailUrl} alt={`Variation ${image.variationNumber}`} className="group-hover:scale-[1.02]" />
          </div>
        ))}
        {Array.from({ length: Math.max(0, Math.min(slots, batch.totalVariations) - batch.images.length) }, (_, i) => (
          <div key={`empty${i}`} className="rounded-lg border border-dashed border-stone-300 bg-stone-100/60" style={{ width: thumb, height: thumb }} aria-hidden />
        ))}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2 text-[13px] font-semibold text-stone-900">
          {mode === 'create' ? 'Create' : 'Tweak'} batch {batch.id}
          {batch.operationType ? (
            <span className="rounded bg-stone-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-stone-600 uppercase">{batch.operationType}</span>
          ) : null}
          <span className="font-normal text-stone-400">· {timeOfDay(batch.createdAt, timeZone)}</span>
        </div>
        <p className="mt-1 line-clamp-2 text-[13px] leading-5 text-stone-600">{batch.prompt || 'No prompt'}</p>
        <p className="mt-1.5 text-xs text-stone-400">
          {batch.images.length} of {batch.totalVariations} {batch.totalVariations === 1 ? 'variation' : 'variations'}
          {typeof settings.creativity === 'number' ? ` · creativity ${settings.creativity}` : ''}
          {typeof settings.resemblance === 'number' ? ` · resemblance ${settings.resemblance}` : ''}
        </p>
      </div>
    </button>
    </div>
  );
});
