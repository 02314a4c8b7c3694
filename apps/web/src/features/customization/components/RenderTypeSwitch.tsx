import clsx from 'clsx';
import { useRef, type KeyboardEvent } from 'react';
import { RENDER_TYPES, type RenderType } from '@atelier/contract';

const LABELS: Record<RenderType, string> = { exterior: 'Exterior', interior: 'Interior', aerial: 'Aerial', elevation: 'Elevation' };

/**
 * What the render shows (spec §1 "Render types"): a radio group, one always chosen. Tab reaches
 * the chosen one; the arrow keys (and Home/End) move the choice, as in any radio group.
 */
export function RenderTypeSwitch({ value, onChange }: { value: RenderType; onChange: (type: RenderType) => void }) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (index: number) => {
    const next = RENDER_TYPES[(index + RENDER_TYPES.length) % RENDER_TYPES.length];
    onChange(next);
    buttons.current[RENDER_TYPES.indexOf(next)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = RENDER_TYPES.indexOf(value);
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: RENDER_TYPES.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    choose(moves[e.key]);
  };

  return (
    <div>
      <p id="render-type-label" className="mb-1.5 text-[11px] font-semibold uppercase tracking-wide text-stone-500">
        Render type
      </p>
      <div role="radiogroup" aria-labelledby="render-type-label" onKeyDown={onKeyDown} className="grid grid-cols-4 gap-1 rounded-xl bg-stone-100 p-1">
        {RENDER_TYPES.map((type, i) => {
          const checked = value === type;
          return (
            <button
              key={type}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(type)}
              className={clsx(
                'flex h-8 items-center justify-center rounded-lg text-[12.5px] font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                checked ? 'bg-white text-stone-900 shadow-card' : 'text-stone-500 hover:text-stone-800',
              )}
            >
              {LABELS[type]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
