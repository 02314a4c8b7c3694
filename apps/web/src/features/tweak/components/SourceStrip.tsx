import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import type { GeneratedImage, InputImage } from '@atelier/contract';
import type { SourceItem } from '../hooks/useTweakSession';
import { Hint } from './Hint';

export interface UploadProgress {
  uploading: boolean;
  progress: number;
  error: string | null;
}

/**
 * The left thumbnail strip (spec §2): upload, then the completed renders (Create) and input images.
 * The image the session started from is marked.
 */
export function SourceStrip({
  inputs,
  creates,
  selected,
  onSelect,
  onUploadClick,
  upload,
  loading,
  error,
}: {
  inputs: InputImage[];
  creates: GeneratedImage[];
  selected: { kind: 'input' | 'generated'; id: number } | null;
  onSelect: (item: SourceItem) => void;
  onUploadClick: () => void;
  upload: UploadProgress;
  loading: boolean;
  error: string | null;
}) {
  const isSelected = (kind: 'input' | 'generated', id: number) => selected?.kind === kind && selected.id === id;
  return (
    <nav aria-label="Images to tweak" className="flex w-[76px] shrink-0 flex-col border-r border-stone-200 bg-white">
      <div className="flex shrink-0 flex-col items-center gap-1 border-b border-stone-100 py-3">
        <Hint label="Upload an image (JPG, PNG or WEBP)" side="right">
          <button
            type="button"
            onClick={onUploadClick}
            disabled={upload.uploading}
            aria-label="Upload image"
            className="relative flex size-12 items-center justify-center overflow-hidden rounded-xl border border-dashed border-stone-300 text-stone-500 transition-colors hover:border-brand-500 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
          >
            {upload.uploading ? <span className="text-[11px] font-semibold tabular-nums text-brand-800">{upload.progress}%</span> : <ImagePlus className="size-5" />}
            {upload.uploading ? <span className="absolute bottom-0 left-0 h-1 bg-brand-600 transition-[width]" style={{ width: `${upload.progress}%` }} /> : null}
          </button>
        </Hint>
        <span className="text-[10px] font-medium tracking-wide text-stone-500 uppercase">Upload</span>
      </div>

      <div className="flex min-h-0 flex-1 flex-col items-center overflow-y-auto pb-3 [scrollbar-width:none]">
        {loading && inputs.length === 0 && creates.length === 0
          ? [0, 1, 2].map((i) => <span key={i} className="mt-2.5 block size-12 animate-pulse rounded-lg bg-stone-100" />)
          : null}
        {creates.length > 0 ? <GroupLabel>Renders</GroupLabel> : null}
        <ul role="list" className="flex flex-col items-center gap-2.5">
          {creates.map((g) => (
            <li key={`g${g.id}`}>
              <Thumb
                url={g.thumbnailUrl ?? g.imageUrl}
                label={`Render ${g.batchId}, variation ${g.variationNumber}`}
                selected={isSelected('generated', g.id)}
                onClick={() => onSelect({ kind: 'generated', image: g })}
              />
            </li>
          ))}
        </ul>
        {inputs.length > 0 ? <GroupLabel>Inputs</GroupLabel> : null}
        <ul role="list" className="flex flex-col items-center gap-2.5">
          {inputs.map((i) => (
            <li key={`i${i.id}`}>
              <Thumb url={i.thumbnailUrl ?? i.imageUrl} label={`Input image ${i.fileName}`} selected={isSelected('input', i.id)} onClick={() => onSelect({ kind: 'input', image: i })} />
            </li>
          ))}
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

function GroupLabel({ children }: { children: string }) {
  return <span className="mt-3 mb-1.5 text-[9.5px] font-semibold tracking-[0.08em] text-stone-400 uppercase">{children}</span>;
}

function Thumb({ url, label, selected, onClick }: { url: string | null; label: string; selected: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      className={clsx(
        'relative block size-12 overflow-hidden rounded-lg bg-stone-100 transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        selected ? 'ring-2 ring-brand-600 ring-offset-2' : 'ring-1 ring-stone-200 hover:ring-stone-400',
      )}
    >
      {url ? <img src={url} alt="" loading="lazy" draggable={false} className="size-full object-cover" /> : null}
    </button>
  );
}
