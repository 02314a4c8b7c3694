import clsx from 'clsx';
import { Sparkles, WandSparkles } from 'lucide-react';
import { TWEAK_LIMITS } from '@atelier/contract';
import { Hint } from '../../../components/workspace/Hint';
import { PreviewEngineNote } from './PreviewEngineNote';

/**
 * Under the canvas: the prompt box, variations 1 or 2, and Generate, labelled by the pipeline's
 * phase (spec §2) and showing what it will cost. With the frame dragged beyond the image the
 * outpaint's own prompt box shows (beside the inpaint prompt when areas are drawn too).
 */
export function TweakToolbar({
  prompt,
  onPrompt,
  showPrompt = true,
  outpaintPrompt = null,
  onOutpaintPrompt,
  variations,
  onVariations,
  label,
  working,
  canGenerate,
  blockedReason,
  cost,
  credits,
  onGenerate,
  status,
}: {
  prompt: string;
  onPrompt: (text: string) => void;
  /** The inpaint prompt box (hidden when Generate only outpaints). */
  showPrompt?: boolean;
  /** The outpaint's prompt; null when the frame is not extended. */
  outpaintPrompt?: string | null;
  onOutpaintPrompt?: (text: string) => void;
  variations: number;
  onVariations: (n: number) => void;
  label: string;
  working: boolean;
  canGenerate: boolean;
  blockedReason: string | null;
  /** What the server will charge, and for which steps (tweakCost). */
  cost: { total: number; steps: string };
  /** The workspace's balance; null while a team's pool is loading. */
  credits: number | null;
  onGenerate: () => void;
  status: string;
}) {
  const button = (
    <button
      type="button"
      onClick={canGenerate && !working ? onGenerate : undefined}
      aria-disabled={!canGenerate || working || undefined}
      aria-busy={working || undefined}
      data-testid="tweak-generate"
      className={clsx(
        'relative inline-flex h-11 min-w-[13.5rem] shrink-0 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold shadow-card transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
        working ? 'cursor-progress bg-brand-700 text-white' : canGenerate ? 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800' : 'cursor-not-allowed bg-stone-200 text-stone-500',
      )}
    >
      {working ? <span className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-white" aria-hidden /> : <WandSparkles className="size-4" aria-hidden />}
      <span>{label}</span>
      {!working && canGenerate ? <CostBadge cost={cost} credits={credits} /> : null}
    </button>
  );
  const submit = () => {
    if (canGenerate && !working) onGenerate();
  };
  return (
    <div className="shrink-0 border-t border-stone-200 bg-white px-4 py-3">
      <div className="flex items-center gap-4">
        {outpaintPrompt !== null ? (
          <PromptBox
            label="Outpaint prompt"
            badge="Outpaint"
            value={outpaintPrompt}
            onChange={(text) => onOutpaintPrompt?.(text)}
            onEnter={submit}
            placeholder="What continues beyond the image (optional)"
            testId="tweak-outpaint-prompt"
          />
        ) : null}
        {showPrompt ? (
          <PromptBox
            label="Prompt"
            value={prompt}
            onChange={onPrompt}
            onEnter={submit}
            placeholder="Describe the change, e.g. “a glass balustrade along the terrace”"
            testId="tweak-prompt"
          />
        ) : null}

        <div className="flex shrink-0 items-center gap-2">
          <span className="text-xs font-medium text-stone-500" id="tweak-variations-label">
            Variations
          </span>
          <div role="radiogroup" aria-labelledby="tweak-variations-label" className="flex rounded-lg border border-stone-300 bg-stone-50 p-0.5">
            {[1, 2].map((n) => (
              <button
                key={n}
                type="button"
                role="radio"
                aria-checked={variations === n}
                onClick={() => onVariations(n)}
                className={clsx(
                  'h-8 w-9 rounded-md text-sm font-semibold tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  variations === n ? 'bg-white text-stone-900 shadow-card ring-1 ring-stone-200' : 'text-stone-500 hover:text-stone-800',
                )}
              >
                {n}
              </button>
            ))}
          </div>
        </div>

        <div className="flex shrink-0 flex-col items-end">
          {blockedReason && !working ? <Hint roomy label={blockedReason} side="top">{button}</Hint> : button}
        </div>
        <span className="sr-only" aria-live="polite">
          {status}
        </span>
      </div>
      <PreviewEngineNote className="mt-2" />
    </div>
  );
}

function PromptBox({
  label,
  badge,
  value,
  onChange,
  onEnter,
  placeholder,
  testId,
}: {
  label: string;
  badge?: string;
  value: string;
  onChange: (text: string) => void;
  onEnter: () => void;
  placeholder: string;
  testId: string;
}) {
  return (
    <label className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl border border-stone-300 bg-stone-50/60 px-3.5 transition-colors focus-within:border-brand-500 focus-within:bg-white focus-within:ring-2 focus-within:ring-brand-500/20">
      {badge ? (
        <span className="shrink-0 rounded-md bg-brand-50 px-1.5 py-0.5 text-[11px] font-semibold text-brand-800 ring-1 ring-brand-200" aria-hidden>
          {badge}
        </span>
      ) : (
        <Sparkles className="size-4 shrink-0 text-stone-400 group-focus-within:text-brand-600" aria-hidden />
      )}
      <span className="sr-only">{label}</span>
      <input
        type="text"
        value={value}
        maxLength={TWEAK_LIMITS.promptMaxLength}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onEnter();
        }}
        placeholder={placeholder}
        className="h-11 min-w-0 flex-1 bg-transparent text-sm text-stone-900 placeholder:text-stone-400 focus:outline-none"
        data-testid={testId}
      />
    </label>
  );
}

/** The credits Generate will spend (each step named in its tooltip), in red with the balance when it is short. */
function CostBadge({ cost, credits }: { cost: { total: number; steps: string }; credits: number | null }) {
  const short = credits !== null && credits < cost.total;
  const text = `${cost.total} credit${cost.total === 1 ? '' : 's'}`;
  return (
    <span
      data-testid="tweak-cost"
      title={`${cost.steps} (1 credit per variation of each step)`}
      className={clsx('rounded-md px-1.5 py-0.5 text-[11px] font-semibold tabular-nums', short ? 'bg-red-100 text-red-700' : 'bg-white/15')}
    >
      {short ? `${text} · ${credits} left` : text}
    </span>
  );
}
