import type { UploadState } from './useImageUpload';

/** The file name, percentage and bar of an upload on a canvas drop zone (dark background; spec §2). */
export function UploadProgressBar({ upload }: { upload: Pick<UploadState, 'fileName' | 'progress'> }) {
  return (
    <div className="mt-7 w-full max-w-xs" role="progressbar" aria-label={`Uploading ${upload.fileName ?? 'image'}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={upload.progress}>
      <div className="flex justify-between text-xs text-white/70">
        <span className="truncate pr-3">{upload.fileName}</span>
        <span className="tabular-nums">{upload.progress}%</span>
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-white/10">
        <div className="h-full rounded-full bg-brand-400 transition-[width] duration-150" style={{ width: `${upload.progress}%` }} />
      </div>
    </div>
  );
}
