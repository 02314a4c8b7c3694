import clsx from 'clsx';
import { ImageUp } from 'lucide-react';
import { IMAGE_UPLOAD_LIMITS } from '@atelier/contract';
import { UploadProgressBar } from '../../../components/upload/UploadProgressBar';
import type { UploadState } from '../../../components/upload/useImageUpload';

/** The upload area on the canvas while no image is chosen (spec §2): drag and drop, or click. */
export function RefineDropZone({ upload, isOver, onBrowse }: { upload: UploadState; isOver: boolean; onBrowse: () => void }) {
  return (
    <div
      data-canvas-ui
      role="button"
      tabIndex={0}
      onClick={() => {
        if (!upload.uploading) onBrowse();
      }}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !upload.uploading) {
          e.preventDefault();
          onBrowse();
        }
      }}
      aria-label="Upload an image to refine"
      className={clsx(
        'flex w-[460px] max-w-[calc(100%-48px)] cursor-pointer flex-col items-center rounded-2xl border-2 border-dashed px-10 py-12 text-center transition-colors focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:outline-none',
        isOver ? 'border-brand-400 bg-brand-500/10' : 'border-white/15 bg-white/[0.03] hover:border-white/30 hover:bg-white/[0.05]',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-white/10 text-white ring-1 ring-white/15">
        <ImageUp className="size-7" aria-hidden />
      </span>
      <h2 className="mt-6 text-lg font-semibold tracking-tight text-white">Upload an image to refine</h2>
      <p className="mt-2 max-w-xs text-sm leading-6 text-white/60">Drag and drop it here, or click to browse. Then upscale it up to 4× with more clarity and detail.</p>
      {upload.uploading ? (
        <UploadProgressBar upload={upload} />
      ) : (
        <span className="mt-7 inline-flex h-10 items-center rounded-lg bg-white px-5 text-sm font-semibold text-stone-900 shadow-card">Browse files</span>
      )}
      <p className="mt-5 text-xs text-white/45">JPG, PNG or WEBP · up to {Math.round(IMAGE_UPLOAD_LIMITS.maxBytes / 1024 / 1024)} MB</p>
      {upload.error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-500/15 px-3 py-2 text-sm text-red-300">
          {upload.error}
        </p>
      ) : null}
    </div>
  );
}
