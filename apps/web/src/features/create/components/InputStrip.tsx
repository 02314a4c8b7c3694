import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import type { InputImage } from '@atelier/contract';
import type { UploadState } from '../../../components/upload/useImageUpload';
import { Hint } from './Hint';

/**
 * The left thumbnail strip of input images (spec §2) with the upload button on top. The image
 * on the canvas, or the input a selected render was made from, is marked.
 */
export function InputStrip({
  inputs,
  selectedId,
  sourceId,
  onSelect,
  onUploadClick,
  upload,
  loading,
  error,
  hasMore,
  onLoadMore,
}: {
  inputs: InputImage[];
  selectedId: number | null;
  /** The base input of the selected render. */
  sourceId: number | null;
  onSelect: (image: InputImage) => void;
  onUploadClick: () => void;
  upload: UploadState;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <nav aria-label="Input images" className="flex w-[74px] shrink-0 flex-col border-r border-stone-200 bg-white">
      <div className="flex shrink-0 flex-col items-center gap-1 border-b border-stone-100 py-3">
        <Hint label="Upload an image (JPG, PNG or WEBP)" side="right">
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

      <ul role="list" className="flex min-h-0 flex-1 flex-col items-center gap-2.5 overflow-y-auto py-3 [scrollbar-width:none]">
        {upload.uploading ? (
          <li>
            <div
              role="progressbar"
              aria-label={`Uploading ${upload.fileName ?? 'image'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
              className="relative size-12 overflow-hidden rounded-lg ring-2 ring-brand-500"
            >
              {upload.previewUrl ? <img src={upload.previewUrl} alt="" className="size-full object-cover opacity-60" /> : null}
              <span className="absolute inset-0 flex items-center justify-center bg-white/40 text-[11px] font-semibold tabular-nums text-brand-900">
                {upload.progress}%
              </span>
              <span className="absolute bottom-0 left-0 h-1 bg-brand-600 transition-[width]" style={{ width: `${upload.progress}%` }} />
            </div>
          </li>
        ) : null}
        {loading && inputs.length === 0
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <span className="block size-12 animate-pulse rounded-lg bg-stone-100" />
              </li>
            ))
          : null}
        {inputs.map((image) => {
          const selected = image.id === selectedId;
          const source = !selected && image.id === sourceId;
          return (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => onSelect(image)}
                aria-pressed={selected}
                aria-label={`Input image ${image.fileName}`}
                title={source ? `${image.fileName} (source of the selected render)` : image.fileName}
                className={clsx(
                  'relative block size-12 overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                  selected ? 'ring-2 ring-brand-600 ring-offset-2' : source ? 'ring-2 ring-brand-300 ring-offset-1' : 'ring-1 ring-stone-200 hover:ring-stone-400',
                )}
              >
                <img src={image.thumbnailUrl ?? image.imageUrl} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
              </button>
            </li>
          );
        })}
        {hasMore ? (
          <li>
            <button type="button" onClick={onLoadMore} className="rounded-md px-1.5 py-1 text-[11px] font-medium text-brand-700 hover:bg-brand-50">
              More
            </button>
          </li>
        ) : null}
      </ul>
      {error || upload.error ? (
        <p role="alert" className="shrink-0 border-t border-red-100 bg-red-50 px-1.5 py-2 text-center text-[10px] leading-3.5 text-red-700">
          {upload.error ?? error}
        </p>
      ) : null}
    </nav>
  );
}
