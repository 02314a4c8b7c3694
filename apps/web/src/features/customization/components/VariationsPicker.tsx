import clsx from 'clsx';
import { GENERATION_LIMITS } from '@atelier/contract';

const COUNTS = Array.from(
  { length: GENERATION_LIMITS.variations.max - GENERATION_LIMITS.variations.min + 1 },
  (_, i) => GENERATION_LIMITS.variations.min + i,
);

/** How many variations a Create renders (1–4, one credit each). */
export function VariationsPicker({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <span id="variations-label" className="text-[13px] font-medium text-stone-800">
          Variations
        </span>
        <span className="text-xs text-stone-500">1 credit each</span>
      </div>
      <div role="radiogroup" aria-labelledby="variations-label" className="mt-2 grid grid-cols-4 gap-1.5">
        {COUNTS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} variation${n === 1 ? '' : 's'}`}
            onClick={() => onChange(n)}
            className={clsx(
              'h-9 rounded-lg border text-sm font-semibold tabular-nums transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              value === n
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-stone-200 bg-white text-stone-600 hover:border-stone-300 hover:text-stone-900',
            )}
          >
            {n}
          </button>
        ))}
      </div>
    </div>
  );
}
