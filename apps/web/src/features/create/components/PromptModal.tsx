import { Sparkles } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { DEFAULT_PROMPT } from '@atelier/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Hint } from './Hint';

export const PROMPT_MAX_LENGTH = 4000;

/** Ctrl+Enter or Cmd+Enter in the prompt box (spec §2). */
export function isAiPromptShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey);
}

/**
 * The prompt modal: the prompt is shown uppercased; empty means the default prompt. AI prompt
 * writing needs an input image and its regions; until it is available the button (and its
 * Ctrl/Cmd+Enter shortcut) stays disabled.
 */
export function PromptModal({
  open,
  onOpenChange,
  prompt,
  onSave,
  hasInputImage,
  aiPrompt,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prompt: string;
  onSave: (prompt: string) => void;
  hasInputImage: boolean;
  /** Writes a prompt from the image's regions and materials; null while that is not available. */
  aiPrompt: (() => void) | null;
}) {
  const [draft, setDraft] = useState(prompt);
  useEffect(() => {
    if (open) setDraft(prompt);
  }, [open, prompt]);

  const aiEnabled = hasInputImage && aiPrompt !== null;
  const runAiPrompt = () => {
    if (aiEnabled) aiPrompt?.();
  };
  const save = () => {
    onSave(draft.trim());
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="Prompt"
      description="Describe the render: building, materials, light and mood. Leave it empty to use the default prompt."
      footer={
        <>
          <Hint
            label={
              !hasInputImage
                ? 'Select or upload an input image first'
                : aiPrompt === null
                  ? 'Writes a prompt from the image’s regions and materials once regions are generated'
                  : 'Write a prompt with AI (Ctrl/⌘ + Enter)'
            }
            side="top"
          >
            {/* A span keeps the tooltip working on the disabled button. */}
            <span className="mr-auto">
              <Button variant="secondary" icon={<Sparkles className="size-4" />} disabled={!aiEnabled} onClick={runAiPrompt}>
                AI prompt
              </Button>
            </span>
          </Hint>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={save}>Save prompt</Button>
        </>
      }
    >
      <label htmlFor="create-prompt" className="sr-only">
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
            runAiPrompt();
          }
        }}
        placeholder={DEFAULT_PROMPT}
        rows={6}
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
    </Dialog>
  );
}
