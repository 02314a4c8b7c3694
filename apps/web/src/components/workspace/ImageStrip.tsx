import clsx from 'clsx';
import { Image as ImageIcon, ImagePlus } from 'lucide-react';
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

/**
 * The left image strip of the workspace (spec §2): the upload tile on top, then sections of
 * thumbnails with the selection, a mark and status badges. Thumbnails load lazily; long lists
 * page with More.
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
  onLoadMore?: () => void;
}) {
  const empty = sections.every((s) => s.items.length === 0);
  return (
    <nav aria-label={ariaLabel} className="flex w-[74px] shrink-0 flex-col border-r border-stone-200 bg-white">
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

      <div className="flex min-h-0 flex-1 flex-col items-center overflow-y-auto py-3 [scrollbar-width:none]">
        {upload.uploading ? <UploadTile upload={upload} /> : null}
        {loading && empty
          ? [0, 1, 2].map((i) => <span key={i} className="mb-2.5 block size-12 shrink-0 animate-pulse rounded-lg bg-stone-100" />)
          : null}
        {sections.map((section) =>
          section.items.length === 0 ? null : (
            <div key={section.key} className="flex flex-col items-center">
              {section.label ? (
                <span className="mt-0.5 mb-1.5 text-[9.5px] font-semibold tracking-[0.08em] text-stone-400 uppercase">{section.label}</span>
              ) : null}
              <ul role="list" className="flex flex-col items-center gap-2.5 pb-2.5">
                {section.items.map((item) => (
                  <li key={item.key}>
                    <Thumb item={item} />
                  </li>
                ))}
              </ul>
            </div>
          ),
        )}
        {hasMore && onLoadMore ? (
          <button type="button" onClick={onLoadMore} className="shrink-0 rounded-md px-1.5 py-1 text-[11px] font-medium text-brand-700 hover:bg-brand-50">
            More
          </button>
        ) : null}
      </div>
      {error || upload.error ? (
        <p role="alert" className="shrink-0 border-t border-red-100 bg-red-50 px-1.5 py-2 text-center text-[10px] leading-3.5 text-red-700">
          {upload.error ?? error}
        </p>
      ) : null}
    </nav>
  );
}

function UploadTile({ upload }: { upload: StripUpload }) {
  return (
    <div
      role="progressbar"
      aria-label={`Uploading ${upload.fileName ?? 'image'}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={upload.progress}
      className="relative mb-2.5 size-12 shrink-0 overflow-hidden rounded-lg ring-2 ring-brand-500"
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
