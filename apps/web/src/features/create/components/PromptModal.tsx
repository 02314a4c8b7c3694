import { Sparkles } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DEFAULT_PROMPT } from '@atelier/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Hint } from '../../../components/workspace/Hint';

export const PROMPT_MAX_LENGTH = 4000;

/** Ctrl+Enter or Cmd+Enter in the prompt box (spec §2). */
export function isAiPromptShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/**
 * The prompt modal: the prompt is shown uppercased; empty means the default prompt. AI prompt
 * writing (the button and Ctrl/Cmd+Enter) needs an input image. With `regions` the modal is wide
 * and shows the image's regions and materials above the prompt; Save then saves them too and the
 * modal stays open (showing `error`) when that fails.
 */
export function PromptModal({
  open,
  onOpenChange,
  prompt,
  onSave,
  hasInputImage,
  aiPrompt,
  aiPromptBusy = false,
  regions,
  saving = false,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prompt: string;
  /** false (or a promise of false) keeps the modal open. */
  onSave: (prompt: string) => void | boolean | Promise<void | boolean>;
  hasInputImage: boolean;
  /** Writes a prompt from the draft, the image's regions and materials; its answer replaces the draft. Null while not available. */
  aiPrompt: ((draft: string) => Promise<string | null> | void) | null;
  aiPromptBusy?: boolean;
  /** The regions and materials of the image (the masks feature). */
  regions?: ReactNode;
  saving?: boolean;
  /** An error of the modal's calls (spec §8: the AI prompt modal shows errors). */
  error?: string | null;
}) {
  const [draft, setDraft] = useState(prompt);
  useEffect(() => {
    if (open) setDraft(prompt);
  }, [open, prompt]);

  const aiEnabled = hasInputImage && aiPrompt !== null && !aiPromptBusy;
  const runAiPrompt = async () => {
    if (!aiEnabled) return;
    const written = await aiPrompt?.(draft);
    if (typeof written === 'string') setDraft(written);
  };
  const save = async () => {
    if (saving) return;
    const kept = await onSave(draft.trim());
    if (kept !== false) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size={regions ? 'xl' : 'lg'}
      className={regions ? 'max-w-[min(72rem,calc(100vw-2rem))]!' : undefined}
      title="Prompt"
      description={
        regions
          ? 'Give each region of the image its material, then describe the render. Leave the prompt empty to use the default prompt.'
          : 'Describe the render: building, materials, light and mood. Leave it empty to use the default prompt.'
      }
      footer={
        <>
          <Hint
            label={
              !hasInputImage || aiPrompt === null
                ? 'Select or upload an input image first'
                : 'Writes a prompt from your words, the image, its regions and materials (Ctrl/⌘ + Enter)'
            }
            side="top"
          >
            {/* A span keeps the tooltip working on the disabled button. */}
            <span className="mr-auto">
              <Button variant="secondary" icon={<Sparkles className="size-4" />} disabled={!aiEnabled && !aiPromptBusy} loading={aiPromptBusy} onClick={() => void runAiPrompt()}>
                AI prompt
              </Button>
            </span>
          </Hint>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {regions ? 'Save' : 'Save prompt'}
          </Button>
        </>
      }
    >
      {regions}
      <label htmlFor="create-prompt" className={regions ? 'mb-2 block text-[11px] font-semibold tracking-wide text-stone-500 uppercase' : 'sr-only'}>
        Prompt
      </label>
      <textarea
        id="create-prompt"
        autoFocus
        value={draft}
        maxLength={PROMPT_MAX_LENGTH}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (isAiPromptShortcut(e)) {
            e.preventDefault();
            void runAiPrompt();
          }
        }}
        placeholder={DEFAULT_PROMPT}
        rows={regions ? 4 : 6}
        aria-busy={aiPromptBusy || undefined}
        className="block w-full resize-none rounded-xl border border-stone-300 bg-stone-50 px-4 py-3 font-mono text-[13px] leading-6 tracking-wide text-stone-900 uppercase placeholder:text-stone-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <div className="mt-2 flex justify-between text-xs text-stone-400">
        <span>
          <kbd className="rounded border border-stone-200 bg-stone-50 px-1 font-sans">Ctrl</kbd> /{' '}
          <kbd className="rounded border border-stone-200 bg-stone-50 px-1 font-sans">⌘</kbd> +{' '}
          <kbd className="rounded border border-stone-200 bg-stone-50 px-1 font-sans">Enter</kbd> writes an AI prompt
        </span>
        <span className="tabular-nums">
          {draft.length} / {PROMPT_MAX_LENGTH}
        </span>
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
