import clsx from 'clsx';
import { Image as ImageIcon, ImagePlus } from 'lucide-react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { Hint } from './Hint';

/** One thumbnail of the strip. */
export interface StripItem {
  key: string;
  url: string | null;
  /** The button's accessible name. */
  label: string;
  /** The native tooltip; the label when absent. */
  title?: string;
  selected: boolean;
  /** Related to the selection without being it (e.g. the input a selected render was made from). */
  marked?: boolean;
  /** A small status badge in the corner (e.g. where the image came from). */
  badge?: string;
  /** Draws a placeholder icon under the image and hides an image that fails to load (expired link). */
  placeholder?: boolean;
  onSelect: () => void;
}

/** A group of thumbnails, with an optional heading (e.g. Renders, Inputs). */
export interface StripSection {
  key: string;
  label?: string;
  items: StripItem[];
}

/** The upload under way, as the upload hooks report it. */
export interface StripUpload {
  uploading: boolean;
  progress: number;
  error: string | null;
  fileName?: string | null;
  previewUrl?: string | null;
}

/** The strip's props other than its names and thumbnails: what a screen passes through. */
export type ImageStripChrome = Omit<Parameters<typeof ImageStrip>[0], 'ariaLabel' | 'uploadHint' | 'sections'>;

const STRIP_WIDTH = 74;
const ROW = { thumb: 58, heading: 22, more: 36 } as const;
/** The next page is asked for when the rendered window comes this many rows from the end. */
const LOAD_AHEAD = 6;

type StripRow =
  | { kind: 'uploading'; key: string }
  | { kind: 'skeleton'; key: string }
  | { kind: 'heading'; key: string; label: string }
  | { kind: 'thumb'; key: string; item: StripItem; position: number }
  | { kind: 'more'; key: string };

const rowSize = (row: StripRow | undefined) => (row?.kind === 'heading' ? ROW.heading : row?.kind === 'more' ? ROW.more : ROW.thumb);

/**
 * Without a layout (jsdom) or before one, the scroll area measures 0 × 0: the strip is then taken to
 * be as tall as the window, the most it can be, so a window of thumbnails is rendered, not none.
 */
const fallbackRect = () => ({ width: STRIP_WIDTH, height: typeof window === 'undefined' ? 800 : window.innerHeight });
const observeStripRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : fallbackRect()));

/**
 * The left image strip of the workspace (spec §2): the upload tile on top, then sections of
 * thumbnails with the selection, a mark and status badges. The list is virtualized (only the rows
 * near the viewport are in the DOM); scrolling near its end loads the next page, and a More
 * button at the end does the same from the keyboard (or after a failed page).
 */
export function ImageStrip({
  ariaLabel,
  uploadHint,
  onUploadClick,
  upload,
  sections,
  loading,
  error,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
}: {
  ariaLabel: string;
  uploadHint: string;
  onUploadClick: () => void;
  upload: StripUpload;
  sections: StripSection[];
  loading: boolean;
  error: string | null;
  hasMore?: boolean;
  /** The next page is on its way. */
  loadingMore?: boolean;
  onLoadMore?: () => void;
}) {
  const more = hasMore && !!onLoadMore;
  const rows = useMemo(() => stripRows(sections, upload.uploading, loading, more), [sections, upload.uploading, loading, more]);
  const thumbCount = rows.reduce((n, r) => n + (r.kind === 'thumb' ? 1 : 0), 0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rowSize(rows[i]),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 4,
    paddingStart: 12,
    paddingEnd: 12,
    initialRect: fallbackRect(),
    observeElementRect: observeStripRect,
  });
  const windowRows = virtualizer.getVirtualItems();
  const lastShown = windowRows.at(-1)?.index ?? -1;

  // Infinite loading: once per length of the list, so a page that failed is not asked for again
  // and again (the More button retries it).
  const askedAt = useRef(-1);
  useEffect(() => {
    if (!more || loadingMore || askedAt.current === thumbCount) return;
    if (lastShown < rows.length - 1 - LOAD_AHEAD) return;
    askedAt.current = thumbCount;
    onLoadMore?.();
  }, [more, onLoadMore, loadingMore, thumbCount, lastShown, rows.length]);

  // A newly selected (or marked) image is scrolled into view, e.g. one opened by its URL.
  const target = rows.findIndex((r) => r.kind === 'thumb' && r.item.selected);
  const targetIndex = target >= 0 ? target : rows.findIndex((r) => r.kind === 'thumb' && r.item.marked);
  const targetKey = rows[targetIndex]?.key ?? null;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (targetKey === scrolledTo.current) return;
    scrolledTo.current = targetKey;
    if (targetKey !== null) virtualizer.scrollToIndex(targetIndex, { align: 'auto' });
  }, [targetKey, targetIndex, virtualizer]);

  return (
    <nav aria-label={ariaLabel} className="flex shrink-0 flex-col border-r border-stone-200 bg-white" style={{ width: STRIP_WIDTH }}>
      <div className="flex shrink-0 flex-col items-center gap-1 border-b border-stone-100 py-3">
        <Hint label={uploadHint} side="right">
          <button
            type="button"
            onClick={onUploadClick}
            disabled={upload.uploading}
            aria-label="Upload image"
            className="flex size-12 items-center justify-center rounded-xl border border-dashed border-stone-300 text-stone-500 transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50"
          >
            <ImagePlus className="size-5" />
          </button>
        </Hint>
        <span className="text-[10px] font-medium tracking-wide text-stone-500 uppercase">Upload</span>
      </div>

      <div ref={scrollRef} data-strip-scroll className="min-h-0 flex-1 overflow-y-auto [scrollbar-width:none]">
        <ul role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {windowRows.map((v) => {
            const row = rows[v.index];
            return (
              <li
                key={v.key}
                className="absolute top-0 left-0 flex w-full justify-center"
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
                aria-setsize={row.kind === 'thumb' ? thumbCount : undefined}
                aria-posinset={row.kind === 'thumb' ? row.position : undefined}
              >
                <StripRowView row={row} upload={upload} loadingMore={loadingMore} onLoadMore={onLoadMore} />
              </li>
            );
          })}
        </ul>
      </div>
      {error || upload.error ? (
        <p role="alert" className="shrink-0 border-t border-red-100 bg-red-50 px-1.5 py-2 text-center text-[10px] leading-3.5 text-red-700">
          {upload.error ?? error}
        </p>
      ) : null}
    </nav>
  );
}

/** The strip as a flat list of fixed-height rows: the upload under way, skeletons, headings, thumbnails, More. */
function stripRows(sections: StripSection[], uploading: boolean, loading: boolean, more: boolean): StripRow[] {
  const rows: StripRow[] = uploading ? [{ kind: 'uploading', key: 'uploading' }] : [];
  let position = 0;
  for (const section of sections) {
    if (section.items.length === 0) continue;
    if (section.label) rows.push({ kind: 'heading', key: `heading:${section.key}`, label: section.label });
    for (const item of section.items) rows.push({ kind: 'thumb', key: `${section.key}:${item.key}`, item, position: ++position });
  }
  if (position === 0 && loading) for (const i of [0, 1, 2]) rows.push({ kind: 'skeleton', key: `skeleton:${i}` });
  if (more) rows.push({ kind: 'more', key: 'more' });
  return rows;
}

function StripRowView({ row, upload, loadingMore, onLoadMore }: { row: StripRow; upload: StripUpload; loadingMore: boolean; onLoadMore?: () => void }) {
  switch (row.kind) {
    case 'uploading':
      return <UploadTile upload={upload} />;
    case 'skeleton':
      return <span className="block size-12 animate-pulse rounded-lg bg-stone-100" />;
    case 'heading':
      return <span className="pt-0.5 text-[9.5px] font-semibold tracking-[0.08em] text-stone-400 uppercase">{row.label}</span>;
    case 'thumb':
      return <Thumb item={row.item} />;
    case 'more':
      return (
        <button
          type="button"
          onClick={onLoadMore}
          disabled={loadingMore}
          aria-label="Load more images"
          className="h-7 rounded-md px-1.5 text-[11px] font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:text-stone-400 disabled:hover:bg-transparent"
        >
          {loadingMore ? 'Loading…' : 'More'}
        </button>
      );
  }
}

function UploadTile({ upload }: { upload: StripUpload }) {
  return (
    <div
      role="progressbar"
      aria-label={`Uploading ${upload.fileName ?? 'image'}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={upload.progress}
      className="relative size-12 shrink-0 overflow-hidden rounded-lg ring-2 ring-brand-500"
    >
      {upload.previewUrl ? <img src={upload.previewUrl} alt="" className="size-full object-cover opacity-60" /> : null}
      <span className="absolute inset-0 flex items-center justify-center bg-white/40 text-[11px] font-semibold tabular-nums text-brand-900">
        {upload.progress}%
      </span>
      <span className="absolute bottom-0 left-0 h-1 bg-brand-600 transition-[width]" style={{ width: `${upload.progress}%` }} />
    </div>
  );
}

function Thumb({ item }: { item: StripItem }) {
  return (
    <button
      type="button"
      onClick={item.onSelect}
      aria-pressed={item.selected}
      aria-label={item.label}
      title={item.title ?? item.label}
      className={clsx(
        'relative block size-12 overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        item.selected
          ? 'ring-2 ring-brand-600 ring-offset-2'
          : item.marked
            ? 'ring-2 ring-brand-300 ring-offset-1'
            : 'ring-1 ring-stone-200 hover:ring-stone-400',
      )}
    >
      {item.placeholder ? <ImageIcon className="absolute inset-0 m-auto size-5 text-stone-300" aria-hidden /> : null}
      {item.url ? (
        <img
          src={item.url}
          alt=""
          loading="lazy"
          draggable={false}
          className="relative size-full object-cover"
          onError={item.placeholder ? (e) => (e.currentTarget.style.visibility = 'hidden') : undefined}
        />
      ) : null}
      {item.badge ? (
        <span className="absolute right-0.5 bottom-0.5 rounded bg-black/55 px-1 text-[9px] font-semibold tracking-wide text-white uppercase">{item.badge}</span>
      ) : null}
    </button>
  );
}
