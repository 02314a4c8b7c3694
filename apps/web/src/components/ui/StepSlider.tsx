import clsx from 'clsx';
import { Slider } from 'radix-ui';

export interface StepSliderProps {
  /** The label's element id; the slider and its thumb are labelled by it. */
  id: string;
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** Shows the minimum and maximum under the track (Create's creativity, expressivity, resemblance). */
  showRange?: boolean;
  /** A wider value badge, for two-digit ranges (Refine's 1–50 settings). */
  wideValue?: boolean;
}

/** A labelled whole-step slider with its value (Create's levels, Refine's enhancement settings). */
export function StepSlider({ id, label, hint, value, min, max, onChange, showRange = false, wideValue = false }: StepSliderProps) {
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label id={id} className="text-[13px] font-medium text-stone-800">
          {label}
        </label>
        <span
          className={clsx(
            'rounded-md bg-stone-100 px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-stone-700',
            wideValue ? 'min-w-7' : 'min-w-6',
          )}
        >
          {value}
        </span>
      </div>
      <p className="mt-0.5 text-xs leading-5 text-stone-500">{hint}</p>
      <Slider.Root
        className="relative mt-2 flex h-5 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([v]) => onChange(v)}
        aria-labelledby={id}
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-stone-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={id}
          className="block size-4 rounded-full border-2 border-brand-600 bg-white shadow-card transition-transform hover:scale-110 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        />
      </Slider.Root>
      {showRange ? (
        <div className="mt-1 flex justify-between text-[11px] tabular-nums text-stone-400" aria-hidden>
          <span>{min}</span>
          <span>{max}</span>
        </div>
      ) : null}
    </div>
  );
}
