import clsx from 'clsx';
import { ImageUp } from 'lucide-react';
import { UploadProgressBar } from '../../../components/upload/UploadProgressBar';
import type { UploadState } from '../../../components/upload/useImageUpload';

/** The upload area shown on the canvas while there are no input images (spec §2). */
export function UploadDropZone({ upload, isOver, onBrowse }: { upload: UploadState; isOver: boolean; onBrowse: () => void }) {
  return (
    <div
      data-canvas-ui
      className={clsx(
        'flex w-[440px] max-w-[calc(100%-48px)] flex-col items-center rounded-2xl border-2 border-dashed px-10 py-12 text-center transition-colors',
        isOver ? 'border-brand-400 bg-brand-500/10' : 'border-white/15 bg-white/[0.03]',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-white/10 text-white ring-1 ring-white/15">
        <ImageUp className="size-7" aria-hidden />
      </span>
      <h2 className="mt-6 text-lg font-semibold tracking-tight text-white">Upload an image to create</h2>
      <p className="mt-2 max-w-xs text-sm leading-6 text-white/60">
        A model screenshot, sketch or photo of a building. Drag and drop it here, or browse.
      </p>

      {upload.uploading ? (
        <UploadProgressBar upload={upload} />
      ) : (
        <button
          type="button"
          onClick={onBrowse}
          className="mt-7 inline-flex h-10 items-center rounded-lg bg-white px-5 text-sm font-semibold text-stone-900 shadow-card transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:ring-offset-2 focus-visible:ring-offset-stone-900"
        >
          Browse files
        </button>
      )}
      <p className="mt-5 text-xs text-white/45">JPG, PNG or WEBP · up to 25 MB</p>
      {upload.error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-500/15 px-3 py-2 text-sm text-red-300">
          {upload.error}
        </p>
      ) : null}
    </div>
  );
}
