import clsx from 'clsx';
import { Building2, Palette } from 'lucide-react';
import type { SelectedStyle } from '../store/customizationSlice';

const STYLES: Array<{ value: SelectedStyle; label: string; icon: typeof Building2 }> = [
  { value: 'photorealistic', label: 'Photorealistic', icon: Building2 },
  { value: 'art', label: 'Art', icon: Palette },
];

/** Photorealistic ↔ Art. A radio group: one is always chosen. */
export function StyleSwitch({ value, onChange }: { value: SelectedStyle; onChange: (style: SelectedStyle) => void }) {
  return (
    <div role="radiogroup" aria-label="Render style" className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1">
      {STYLES.map(({ value: style, label, icon: Icon }) => {
        const checked = value === style;
        return (
          <button
            key={style}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(style)}
            className={clsx(
              'flex h-8 items-center justify-center gap-1.5 rounded-lg text-[13px] font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              checked ? 'bg-white text-stone-900 shadow-card' : 'text-stone-500 hover:text-stone-800',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
