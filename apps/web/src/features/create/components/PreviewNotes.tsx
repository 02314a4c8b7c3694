import clsx from 'clsx';
import { ChevronDown, ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { previewNotesOf } from '@atelier/contract';

export const PREVIEW_LIMIT_NOTE = 'The preview engine does not paint what a prompt describes; it changes light, sky, exposure and the materials of your regions.';

/**
 * The result's info panel (issue 30 part 7): what the preview engine changed in the shown render,
 * as it recorded it ("Sky: replaced (grey sky → clear, late afternoon sun from the left)", "Brick
 * (Flemish bond) on Region 2 in perspective", "Exposure +0.15 EV"), and what it cannot do.
 * Nothing for renders without notes (GPU engines, older renders).
 */
export function PreviewNotes({ snapshot }: { snapshot: Record<string, unknown> | null | undefined }) {
  const notes = previewNotesOf(snapshot);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <div className="relative" data-canvas-ui>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-7 items-center gap-1.5 rounded-full border border-white/10 bg-stone-900/70 px-2.5 text-xs font-medium text-white/85 backdrop-blur transition-colors hover:bg-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
      >
        <ListChecks className="size-3.5" aria-hidden /> What changed
        <ChevronDown className={clsx('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open ? (
        <section
          id={id}
          aria-label="What the preview changed"
          className="absolute top-9 left-0 z-10 w-[22rem] rounded-xl border border-white/10 bg-stone-900/95 p-3.5 text-xs leading-5 text-white/80 shadow-raised backdrop-blur"
        >
          <h3 className="text-[11px] font-semibold tracking-wider text-white/60 uppercase">What the preview changed</h3>
          <ul className="mt-2 space-y-1.5">
            {notes.map((n, i) => (
              <li key={i} className="flex gap-2">
                <span className="mt-2 size-1 shrink-0 rounded-full bg-amber-300/80" aria-hidden />
                <span>{n}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3 border-t border-white/10 pt-2.5 text-white/60">{PREVIEW_LIMIT_NOTE}</p>
        </section>
      ) : null}
    </div>
  );
}
