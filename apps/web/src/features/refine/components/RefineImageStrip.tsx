import clsx from 'clsx';
import { Image as ImageIcon, ImagePlus } from 'lucide-react';
import type { RefineImageType } from '@atelier/contract';
import type { UploadState } from '../../../components/upload/useImageUpload';
import { Hint } from './Hint';

export interface StripImage {
  key: string;
  imageId: number;
  imageType: RefineImageType;
  thumbnailUrl: string | null;
  title: string;
  /** Brought from Create this session. */
  fromCreate: boolean;
}

/**
 * The left thumbnail strip (spec §2): the upload button, the images brought from Create, then
 * the images uploaded on this screen (uploadSource REFINE_MODULE), newest first.
 */
export function RefineImageStrip({
  images,
  selectedKey,
  onSelect,
  onUploadClick,
  upload,
  loading,
  error,
  hasMore,
  onLoadMore,
}: {
  images: StripImage[];
  selectedKey: string | null;
  onSelect: (image: StripImage) => void;
  onUploadClick: () => void;
  upload: UploadState;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <nav aria-label="Images to refine" className="flex w-[74px] shrink-0 flex-col border-r border-stone-200 bg-white">
      <div className="flex shrink-0 flex-col items-center gap-1 border-b border-stone-100 py-3">
        <Hint label="Upload an image to refine (JPG, PNG or WEBP)" side="right">
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
              <span className="absolute inset-0 flex items-center justify-center bg-white/40 text-[11px] font-semibold tabular-nums text-brand-900">{upload.progress}%</span>
              <span className="absolute bottom-0 left-0 h-1 bg-brand-600 transition-[width]" style={{ width: `${upload.progress}%` }} />
            </div>
          </li>
        ) : null}
        {loading && images.length === 0
          ? [0, 1, 2].map((i) => (
              <li key={i}>
                <span className="block size-12 animate-pulse rounded-lg bg-stone-100" />
              </li>
            ))
          : null}
        {images.map((image) => {
          const selected = image.key === selectedKey;
          return (
            <li key={image.key}>
              <button
                type="button"
                onClick={() => onSelect(image)}
                aria-pressed={selected}
                aria-label={image.title}
                title={image.title}
                className={clsx(
                  'relative block size-12 overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
                  selected ? 'ring-2 ring-brand-600 ring-offset-2' : 'ring-1 ring-stone-200 hover:ring-stone-400',
                )}
              >
                <ImageIcon className="absolute inset-0 m-auto size-5 text-stone-300" aria-hidden />
                {image.thumbnailUrl ? (
                  <img
                    src={image.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    draggable={false}
                    className="relative size-full object-cover"
                    // An expired link shows the placeholder until the image is chosen again.
                    onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                  />
                ) : null}
                {image.fromCreate ? (
                  <span className="absolute right-0.5 bottom-0.5 rounded bg-black/60 px-1 text-[9px] font-semibold tracking-wide text-white uppercase">
                    {image.imageType === 'generated' ? 'Render' : 'Input'}
                  </span>
                ) : null}
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
