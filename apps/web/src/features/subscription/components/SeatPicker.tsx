import { TEAM_PLAN_MAX_SEATS } from '@atelier/contract';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { clampSeats } from '../teamPlanAction';

/** The seats of a studio plan: − / + and a number field, never below `min` (the members) or above the maximum. */
export function SeatPicker({ value, min, memberCount, onChange }: { value: number; min: number; memberCount: number; onChange: (seats: number) => void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = (raw: string) => onChange(clampSeats(Number(raw), min));
  const step = 'grid size-9 place-items-center rounded-lg text-stone-600 ring-1 ring-stone-200 ring-inset hover:bg-stone-50 disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        Seats
      </label>
      <div className="inline-flex items-center gap-1.5">
        <button type="button" className={step} aria-label="One seat fewer" disabled={value <= min} onClick={() => onChange(clampSeats(value - 1, min))}>
          <Minus className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={TEAM_PLAN_MAX_SEATS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
          }}
          className="h-9 w-20 rounded-lg border border-stone-300 bg-white px-2 text-center text-sm tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <button type="button" className={step} aria-label="One seat more" disabled={value >= TEAM_PLAN_MAX_SEATS} onClick={() => onChange(clampSeats(value + 1, min))}>
          <Plus className="size-4" />
        </button>
      </div>
      <p className="text-[13px] text-stone-500">
        {memberCount} {memberCount === 1 ? 'member' : 'members'} today · at least {min}, at most {TEAM_PLAN_MAX_SEATS} seats
      </p>
    </div>
  );
}
