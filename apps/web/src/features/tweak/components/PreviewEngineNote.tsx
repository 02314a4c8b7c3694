import clsx from 'clsx';
import { Cpu } from 'lucide-react';
import { useGetEngineQuery } from '../../../app/api/generation';

export const PREVIEW_ENGINE_PROMPT_NOTE = 'The preview engine fills the marked area from its surroundings; prompts are used by GPU engines';

/**
 * Honesty about prompts in Tweak: the CPU preview engine cannot paint what a prompt describes, so
 * with it active this says what a result really is. Nothing with a GPU engine.
 */
export function PreviewEngineNote({ className }: { className?: string }) {
  const { data } = useGetEngineQuery();
  if (!data?.isPreview) return null;
  return (
    <p className={clsx('flex items-start gap-1.5 text-xs leading-5 text-amber-800', className)} data-testid="preview-engine-note">
      <Cpu className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span>{PREVIEW_ENGINE_PROMPT_NOTE}.</span>
    </p>
  );
}
