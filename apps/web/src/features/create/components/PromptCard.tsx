import { PenLine } from 'lucide-react';
import { DEFAULT_PROMPT } from '@atelier/contract';

/** The prompt at the top of the inspector, uppercased; opens the prompt modal. */
export function PromptCard({ prompt, onEdit }: { prompt: string; onEdit: () => void }) {
  const empty = prompt.trim() === '';
  return (
    <button
      type="button"
      onClick={onEdit}
      aria-label="Edit prompt"
      className="group block w-full rounded-xl border border-stone-200 bg-stone-50 px-3 py-2.5 text-left transition-colors hover:border-stone-300 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex items-center justify-between text-[11px] font-semibold tracking-wide text-stone-500 uppercase">
        Prompt
        <PenLine className="size-3.5 text-stone-400 transition-colors group-hover:text-stone-700" aria-hidden />
      </span>
      <span
        data-testid="prompt-text"
        className={`mt-1 line-clamp-3 font-mono text-[12px] leading-[18px] tracking-wide uppercase ${empty ? 'text-stone-400' : 'text-stone-800'}`}
      >
        {empty ? DEFAULT_PROMPT : prompt}
      </span>
    </button>
  );
}
