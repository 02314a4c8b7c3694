import { CopyPlus, Download, MousePointer2, RefreshCw, Square, WandSparkles } from 'lucide-react';
import type { GeneratedImage } from '@atelier/contract';
import { TWEAK_MESSAGES } from '@atelier/contract';
import { Badge } from '../../../components/ui';
import { formatWhen } from '../lib/format';
import { operationLabel, type ResultBatch } from '../lib/results';
import type { PanelSelection } from '../store/tweakSlice';
import { Kbd } from '../../../components/workspace/Hint';
import { PreviewEngineNote } from './PreviewEngineNote';

/**
 * The side panel (spec §2): "Tweak Batch {id}" or "Tweak Image {id}" with the operation badge,
 * "No Selection" otherwise. Regenerating needs a non-blank prompt.
 */
export function SidePanel({
  selection,
  batches,
  results,
  prompt,
  busy,
  creatingInput,
  onRegenerate,
  onUseAsInput,
  onDownload,
  onSelectImage,
}: {
  selection: PanelSelection;
  batches: ResultBatch[];
  results: GeneratedImage[];
  prompt: string;
  busy: boolean;
  creatingInput: boolean;
  onRegenerate: (image: GeneratedImage) => void;
  onUseAsInput: (image: GeneratedImage) => void;
  onDownload: (image: GeneratedImage) => void;
  onSelectImage: (image: GeneratedImage) => void;
}) {
  const image = selection?.kind === 'image' ? results.find((r) => r.id === selection.id) ?? null : null;
  const batch = selection?.kind === 'batch' ? batches.find((b) => b.batchId === selection.id) ?? null : null;
  const subject = image ?? batch?.slots.find((s): s is GeneratedImage => !!s && s.status === 'COMPLETED') ?? batch?.slots.find(Boolean) ?? null;
  const canRegenerate = !!subject && subject.operationType !== 'add_image' && !!(subject.settingsSnapshot as { source?: unknown } | null)?.source;
  const hasPrompt = prompt.trim().length > 0;

  return (
    <aside aria-label="Selection" className="flex w-[296px] shrink-0 flex-col border-l border-stone-200 bg-white" data-testid="tweak-side-panel">
      {image || batch ? (
        <>
          <header className="flex items-center justify-between gap-2 border-b border-stone-100 px-5 py-4">
            <h2 className="truncate text-[15px] font-semibold text-stone-900">{image ? `Tweak Image ${image.id}` : `Tweak Batch ${batch!.batchId}`}</h2>
            <Badge tone="brand">{operationLabel((image ?? subject)?.operationType)}</Badge>
          </header>
          <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">
            {image ? (
              <Preview image={image} />
            ) : (
              <div className="grid grid-cols-2 gap-2">
                {batch!.slots.map((s, i) =>
                  s ? (
                    <button key={s.id} type="button" onClick={() => s.status === 'COMPLETED' && onSelectImage(s)} className="overflow-hidden rounded-lg bg-stone-100 ring-1 ring-stone-200 hover:ring-stone-400" aria-label={`Tweak Image ${s.id}`}>
                      <Preview image={s} compact />
                    </button>
                  ) : (
                    <span key={i} className="aspect-[4/3] rounded-lg border border-dashed border-stone-300" />
                  ),
                )}
              </div>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-[13px]">
              <dt className="text-stone-500">Operation</dt>
              <dd className="text-stone-900">{operationLabel(subject?.operationType)}</dd>
              {image ? (
                <>
                  <dt className="text-stone-500">Variation</dt>
                  <dd className="text-stone-900 tabular-nums">{image.variationNumber}</dd>
                  <dt className="text-stone-500">Size</dt>
                  <dd className="text-stone-900 tabular-nums">{image.width && image.height ? `${image.width} × ${image.height} px` : '—'}</dd>
                  <dt className="text-stone-500">Batch</dt>
                  <dd className="text-stone-900 tabular-nums">#{image.batchId}</dd>
                </>
              ) : (
                <>
                  <dt className="text-stone-500">Images</dt>
                  <dd className="text-stone-900 tabular-nums">{batch!.slots.filter(Boolean).length}</dd>
                </>
              )}
              <dt className="text-stone-500">Made</dt>
              <dd className="text-stone-900">{subject ? formatWhen(subject.createdAt) : '—'}</dd>
            </dl>
            <div>
              <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Prompt</h3>
              <p className="mt-1.5 rounded-lg bg-stone-50 px-3 py-2 text-[13px] leading-5 text-stone-700 ring-1 ring-stone-200 ring-inset">{subject?.prompt || <span className="text-stone-400">No prompt</span>}</p>
              <PreviewEngineNote className="mt-2" />
            </div>
          </div>
          <footer className="flex flex-col gap-2 border-t border-stone-100 px-5 py-4">
            {canRegenerate ? (
              <>
                <button
                  type="button"
                  disabled={!hasPrompt || busy}
                  onClick={() => subject && onRegenerate(subject)}
                  className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-card transition-colors hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-stone-500 disabled:shadow-none"
                >
                  <RefreshCw className="size-4" aria-hidden /> Regenerate with prompt
                </button>
                {!hasPrompt ? <p className="text-center text-xs text-stone-500">{TWEAK_MESSAGES.regenerateHint}</p> : null}
              </>
            ) : null}
            {image && image.status === 'COMPLETED' ? (
              <div className="grid grid-cols-2 gap-2">
                <button type="button" onClick={() => onUseAsInput(image)} disabled={creatingInput} aria-busy={creatingInput || undefined} className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-stone-300 bg-white text-[13px] font-medium text-stone-800 shadow-card hover:bg-stone-50 disabled:opacity-60">
                  <CopyPlus className="size-4" aria-hidden /> Use as input
                </button>
                <button type="button" onClick={() => onDownload(image)} className="inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-stone-300 bg-white text-[13px] font-medium text-stone-800 shadow-card hover:bg-stone-50">
                  <Download className="size-4" aria-hidden /> Download
                </button>
              </div>
            ) : null}
          </footer>
        </>
      ) : (
        <NoSelection />
      )}
    </aside>
  );
}

function Preview({ image, compact = false }: { image: GeneratedImage; compact?: boolean }) {
  const url = image.thumbnailUrl ?? image.imageUrl;
  if (image.status === 'PROCESSING') {
    return <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-stone-800"><span className="size-5 animate-spin rounded-full border-2 border-white/20 border-t-white/80" aria-label="Working" /></div>;
  }
  if (!url) return <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-stone-100 text-xs text-stone-500">{image.status === 'FAILED' ? 'Failed' : 'Loading...'}</div>;
  return <img src={url} alt="" className={compact ? 'aspect-[4/3] w-full object-cover' : 'w-full rounded-lg object-contain ring-1 ring-stone-200'} />;
}

function NoSelection() {
  const steps = [
    { icon: Square, title: 'Mark what to change', text: 'Use Rectangle, Brush or Pencil on the image.' },
    { icon: WandSparkles, title: 'Describe it', text: 'Write the change in the prompt box and press Generate.' },
    { icon: MousePointer2, title: 'Extend the frame', text: 'With Select, drag an edge handle outward, then press Generate to outpaint.' },
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-stone-100 px-5 py-4">
        <h2 className="text-[15px] font-semibold text-stone-900">{TWEAK_MESSAGES.noSelection}</h2>
        <p className="mt-1 text-[13px] leading-5 text-stone-500">Pick a result below to see its details, regenerate it or continue from it.</p>
      </header>
      <ol className="flex flex-col gap-4 px-5 py-5">
        {steps.map((s, i) => (
          <li key={s.title} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <s.icon className="size-4" aria-hidden />
            </span>
            <div>
              <p className="text-[13px] font-semibold text-stone-800">
                <span className="mr-1 tabular-nums text-stone-400">{i + 1}.</span>
                {s.title}
              </p>
              <p className="mt-0.5 text-[13px] leading-5 text-stone-500">{s.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-auto border-t border-stone-100 px-5 py-4">
        <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Shortcuts</h3>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1.5 text-[13px] text-stone-600">
          {[
            ['Undo', 'Ctrl Z'],
            ['Redo', 'Ctrl ⇧ Z'],
            ['Tools', 'V H R B P X I'],
            ['Brush size', '[ ]'],
            ['Pan', 'Space + drag'],
          ].map(([k, v]) => (
            <div key={k} className="contents">
              <dt>{k}</dt>
              <dd className="flex justify-end gap-1">
                {v.split(' ').map((part) => (
                  <Kbd key={part} tone="light">
                    {part}
                  </Kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
