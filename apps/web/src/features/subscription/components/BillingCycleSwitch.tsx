import type { BillingCycle } from '@atelier/contract';
import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';

const OPTIONS: { value: BillingCycle; label: string }[] = [
  { value: 'MONTHLY', label: 'Monthly' },
  { value: 'YEARLY', label: 'Yearly' },
];

/** The Monthly/Yearly switch: a two-option radio group (arrow keys move between them). */
export function BillingCycleSwitch({
  value,
  onChange,
  tag,
  label = 'Billing cycle',
}: {
  value: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** A note beside Yearly ('Save 20%') or the group ('Save 25%'). */
  tag?: string;
  label?: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = value === 'MONTHLY' ? 'YEARLY' : 'MONTHLY';
    onChange(next);
    refs.current[OPTIONS.findIndex((o) => o.value === next)]?.focus();
  };
  return (
    <div className="inline-flex items-center gap-3">
      <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className="inline-flex rounded-xl bg-stone-100 p-1 ring-1 ring-stone-200/70 ring-inset">
        {OPTIONS.map((option, i) => {
          const checked = option.value === value;
          return (
            <button
              key={option.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(option.value)}
              className={clsx(
                'min-w-24 rounded-lg px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                checked ? 'bg-white text-stone-900 shadow-card' : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      {tag ? (
        <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 ring-inset">{tag}</span>
      ) : null}
    </div>
  );
}
