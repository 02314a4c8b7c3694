import { GALLERY_PAGE_SIZES, type GalleryDay, type GalleryImageSize, type GalleryLayout, type ImageGalleryMode } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef } from 'react';
import { useGalleryQueryFilters } from '../hooks/useGalleryFilters';
import { useGetGalleryImagesQuery } from '../../../app/api/gallery';
import { gridGeometry, GRID_PADDING_X, type GridGeometry } from '../lib/geometry';
import { buildTimeline, monthRange, pagesOfRow, type DayPlacement, type TimelineRow } from '../lib/timeline';
import { useElementWidth } from '../hooks/useElementWidth';
import { useScrollAnchor } from '../hooks/useScrollAnchor';
import { DayHeader } from './DayHeader';
import { ImageTile } from './ImageTile';
import { TileError, TileSkeleton } from './Skeletons';

const PAGE = GALLERY_PAGE_SIZES.images;

export interface ImageTimelineProps {
  days: GalleryDay[];
  mode: ImageGalleryMode;
  timeZone: string;
  layout: GalleryLayout;
  size: GalleryImageSize;
  /** Test hook: the viewport before the first measure. */
  initialRect?: { width: number; height: number };
}

/**
 * Organize and refine: every completed image, newest first, grouped by day. The timeline's
 * height comes from the day buckets; rows are virtualized (only those near the viewport are in
 * the DOM) and each row loads just the month page(s) holding its images.
 */
export function ImageTimeline({ days, mode, timeZone, layout, size, initialRect }: ImageTimelineProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef, initialRect?.width);
  const geometry = useMemo(() => gridGeometry(width, layout, size), [width, layout, size]);
  const timeline = useMemo(() => buildTimeline(days, geometry), [days, geometry]);
  useScrollAnchor(scrollRef, timeline);

  const getItemKey = useCallback((i: number) => timeline.rows[i]?.key ?? i, [timeline]);
  const estimateSize = useCallback((i: number) => timeline.rows[i]?.size ?? geometry.rowHeight, [timeline, geometry.rowHeight]);
  const virtualizer = useVirtualizer({
    count: timeline.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 3,
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
            <div
              key={item.key}
              className="absolute top-0 left-0 w-full"
              style={{ height: row.size, transform: `translateY(${item.start}px)` }}
            >
              {row.kind === 'header' ? (
                <DayHeader date={row.date} count={row.count} unit="image" timeZone={timeZone} />
              ) : (
                <ImageRow row={row} placement={timeline.days.get(row.date)!} mode={mode} timeZone={timeZone} geometry={geometry} layout={layout} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const ImageRow = memo(function ImageRow({
  row,
  placement,
  mode,
  timeZone,
  geometry,
  layout,
}: {
  row: Extract<TimelineRow, { kind: 'tiles' }>;
  placement: DayPlacement;
  mode: ImageGalleryMode;
  timeZone: string;
  geometry: GridGeometry;
  layout: GalleryLayout;
}) {
  const pages = pagesOfRow(placement, row, PAGE);
  const filters = useGalleryQueryFilters();
  const args = (i: number) => ({ mode, tz: timeZone, ...monthRange(pages[i].month), page: pages[i].page, limit: PAGE, filters });
  const first = useGetGalleryImagesQuery(args(0));
  const second = useGetGalleryImagesQuery(pages[1] ? args(1) : skipToken);
  const cells = [];
  for (let k = 0; k < row.length; k++) {
    const offset = placement.monthOffset + row.first + k;
    const page = Math.floor(offset / PAGE) + 1;
    const query = page === pages[0].page ? first : second;
    const image = query.data?.images[offset % PAGE];
    cells.push(
      image ? (
        <ImageTile key={image.id} image={image} layout={layout} height={geometry.tileHeight} />
      ) : query.isError && !query.isFetching ? (
        <TileError key={`e${k}`} onRetry={() => void query.refetch()} style={{ height: geometry.tileHeight }} />
      ) : (
        <TileSkeleton key={`s${k}`} style={{ height: geometry.tileHeight }} />
      ),
    );
  }
  return (
    <div
      className="grid"
      style={{
        gridTemplateColumns: `repeat(${geometry.columns}, minmax(0, 1fr))`,
        columnGap: geometry.gap,
        paddingLeft: GRID_PADDING_X,
        paddingRight: GRID_PADDING_X,
      }}
    >
      {cells}
    </div>
  );
});
