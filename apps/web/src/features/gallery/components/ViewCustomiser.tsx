import type { GalleryImageSize, GalleryLayout } from '@atelier/contract';
import clsx from 'clsx';
import { Grid2x2, RectangleHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Hint } from './IconAction';

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string; content: ReactNode; hint: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex items-center rounded-lg bg-stone-100 p-0.5 ring-1 ring-stone-200/70 ring-inset">
      {options.map((o) => (
        <Hint key={o.value} label={o.hint} side="bottom">
          <button
            type="button"
            role="radio"
            aria-checked={value === o.value}
            aria-label={o.label}
            onClick={() => onChange(o.value)}
            className={clsx(
              'inline-flex h-7 min-w-7 items-center justify-center gap-1.5 rounded-md px-2 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              value === o.value ? 'bg-white text-stone-900 shadow-card' : 'text-stone-500 hover:text-stone-800',
            )}
          >
            {o.content}
          </button>
        </Hint>
      ))}
    </div>
  );
}

/** The view customiser (spec §3): layout square or full, image size small, medium or large. */
export function ViewCustomiser({
  layout,
  size,
  showLayout,
  onLayout,
  onSize,
}: {
  layout: GalleryLayout;
  size: GalleryImageSize;
  showLayout: boolean;
  onLayout: (layout: GalleryLayout) => void;
  onSize: (size: GalleryImageSize) => void;
}) {
  return (
    <div className="flex items-center gap-2" role="group" aria-label="View">
      {showLayout ? (
        <Segmented
          label="Layout"
          value={layout}
          onChange={onLayout}
          options={[
            { value: 'square', label: 'Square', hint: 'Square crops', content: <><Grid2x2 className="size-3.5" aria-hidden />Square</> },
            { value: 'full', label: 'Full', hint: 'Whole images', content: <><RectangleHorizontal className="size-3.5" aria-hidden />Full</> },
          ]}
        />
      ) : null}
      <Segmented
        label="Image size"
        value={size}
        onChange={onSize}
        options={[
          { value: 'small', label: 'Small', hint: 'Small images', content: 'S' },
          { value: 'medium', label: 'Medium', hint: 'Medium images', content: 'M' },
          { value: 'large', label: 'Large', hint: 'Large images', content: 'L' },
        ]}
      />
    </div>
  );
}
