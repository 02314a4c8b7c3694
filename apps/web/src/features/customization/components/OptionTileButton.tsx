import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useState } from 'react';
import type { OptionTile } from '../catalog';

/** One option: its swatch thumbnail and name. Pressed when chosen. */
export function OptionTileButton({ option, selected, onToggle }: { option: OptionTile; selected: boolean; onToggle: () => void }) {
  const [broken, setBroken] = useState(false);
  const showImage = option.thumbnailUrl && !broken;
  return (
    <button
      type="button"
      aria-pressed={selected}
      title={option.displayName}
      onClick={onToggle}
      className="group flex min-w-0 flex-col gap-1.5 rounded-lg text-left focus-visible:outline-none"
    >
      <span
        className={clsx(
          'relative block aspect-square w-full overflow-hidden rounded-lg bg-stone-100 ring-1 transition-shadow',
          'group-focus-visible:ring-2 group-focus-visible:ring-brand-500',
          selected ? 'ring-2 ring-brand-600 ring-offset-1' : 'ring-stone-200 group-hover:ring-stone-400',
        )}
      >
        {showImage ? (
          <img
            src={option.thumbnailUrl!}
            alt=""
            loading="lazy"
            draggable={false}
            onError={() => setBroken(true)}
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center bg-gradient-to-br from-stone-100 to-stone-200 text-sm font-semibold text-stone-500" aria-hidden>
            {option.displayName.slice(0, 2)}
          </span>
        )}
        {selected ? (
          <span className="absolute top-1 right-1 flex size-4.5 items-center justify-center rounded-full bg-brand-600 text-white shadow-card" aria-hidden>
            <Check className="size-3" strokeWidth={3} />
          </span>
        ) : null}
      </span>
      <span className={clsx('line-clamp-2 text-[11px] leading-[14px]', selected ? 'font-semibold text-brand-800' : 'text-stone-600 group-hover:text-stone-900')}>
        {option.displayName}
      </span>
    </button>
  );
}
