import clsx from 'clsx';

/** A row of equal buttons, one chosen (scale factor, variations). */
export function Segmented<T extends string | number>({
  label,
  note,
  options,
  value,
  onChange,
  format,
  ariaLabel,
}: {
  label: string;
  note?: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  format: (value: T) => string;
  ariaLabel: (value: T) => string;
}) {
  const id = `seg-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <span id={id} className="text-[13px] font-medium text-stone-800">
          {label}
        </span>
        {note ? <span className="text-xs text-stone-500">{note}</span> : null}
      </div>
      <div role="radiogroup" aria-labelledby={id} className="mt-2 grid gap-1.5" style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}>
        {options.map((option) => (
          <button
            key={String(option)}
            type="button"
            role="radio"
            aria-checked={value === option}
            aria-label={ariaLabel(option)}
            onClick={() => onChange(option)}
            className={clsx(
              'h-9 rounded-lg border text-sm font-semibold tabular-nums transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              value === option
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : 'border-stone-200 bg-white text-stone-600 hover:border-stone-300 hover:text-stone-900',
            )}
          >
            {format(option)}
          </button>
        ))}
      </div>
    </div>
  );
}
