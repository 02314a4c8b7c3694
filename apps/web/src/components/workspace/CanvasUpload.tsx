import clsx from 'clsx';
import { ImageUp } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { IMAGE_UPLOAD_LIMITS } from '@atelier/contract';
import { UploadProgressBar } from '../upload/UploadProgressBar';
import type { UploadState } from '../upload/useImageUpload';

/** The hidden file input behind the screen's upload buttons; calls `onFile` with the chosen file. */
export function HiddenFileInput({
  inputRef,
  testId,
  onFile,
  accept = `image/*,${IMAGE_UPLOAD_LIMITS.accept}`,
}: {
  inputRef: Ref<HTMLInputElement>;
  testId: string;
  onFile: (file: File) => void;
  accept?: string;
}) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={accept}
      className="hidden"
      data-testid={testId}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

/**
 * The upload area on an empty canvas (spec §2): drag and drop, or browse. With `wholeZone` the
 * whole area is the button (named `title`); otherwise a Browse files button sits in it.
 */
export function CanvasDropZone({
  insetLeft,
  title,
  text,
  upload,
  isOver,
  onBrowse,
  wholeZone = false,
}: {
  /** The width the inspector covers: the zone is centred in the rest of the canvas. */
  insetLeft: number;
  title: string;
  text: ReactNode;
  upload: UploadState;
  isOver: boolean;
  onBrowse: () => void;
  wholeZone?: boolean;
}) {
  const zone = wholeZone
    ? {
        role: 'button',
        tabIndex: 0,
        'aria-label': title,
        onClick: () => {
          if (!upload.uploading) onBrowse();
        },
        onKeyDown: (e: React.KeyboardEvent) => {
          if ((e.key === 'Enter' || e.key === ' ') && !upload.uploading) {
            e.preventDefault();
            onBrowse();
          }
        },
      }
    : {};
  return (
    <div className="absolute inset-0 flex items-center justify-center transition-[padding] duration-300" style={{ paddingLeft: insetLeft }}>
      <div
        data-canvas-ui
        {...zone}
        className={clsx(
          'flex w-[440px] max-w-[calc(100%-48px)] flex-col items-center rounded-2xl border-2 border-dashed px-10 py-12 text-center transition-colors',
          wholeZone && 'cursor-pointer focus-visible:ring-2 focus-visible:ring-white/60 focus-visible:outline-none',
          isOver ? 'border-brand-400 bg-brand-500/10' : clsx('border-white/15 bg-white/[0.03]', wholeZone && 'hover:border-white/30 hover:bg-white/[0.05]'),
        )}
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-white/10 text-white ring-1 ring-white/15">
          <ImageUp className="size-7" aria-hidden />
        </span>
        <h2 className="mt-6 text-lg font-semibold tracking-tight text-white">{title}</h2>
        <p className="mt-2 max-w-xs text-sm leading-6 text-white/60">{text}</p>
        {upload.uploading ? (
          <UploadProgressBar upload={upload} />
        ) : wholeZone ? (
          <span className="mt-7 inline-flex h-10 items-center rounded-lg bg-white px-5 text-sm font-semibold text-stone-900 shadow-card">Browse files</span>
        ) : (
          <button
            type="button"
            onClick={onBrowse}
            className="mt-7 inline-flex h-10 items-center rounded-lg bg-white px-5 text-sm font-semibold text-stone-900 shadow-card transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:ring-offset-2 focus-visible:ring-offset-stone-900"
          >
            Browse files
          </button>
        )}
        <p className="mt-5 text-xs text-white/45">JPG, PNG or WEBP · up to {Math.round(IMAGE_UPLOAD_LIMITS.maxBytes / 1024 / 1024)} MB</p>
        {upload.error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-500/15 px-3 py-2 text-sm text-red-300">
            {upload.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
