import { Slider } from 'radix-ui';

/** A labelled whole-step slider with its value (AI Strength, Resemblance, Clarity, Sharpness: 1–50). */
export function SettingSlider({
  id,
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const labelId = `refine-${id}`;
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label id={labelId} className="text-[13px] font-medium text-stone-800">
          {label}
        </label>
        <span className="min-w-7 rounded-md bg-stone-100 px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-stone-700">{value}</span>
      </div>
      <p className="mt-0.5 text-xs leading-5 text-stone-500">{hint}</p>
      <Slider.Root
        className="relative mt-2 flex h-5 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([v]) => onChange(v)}
        aria-labelledby={labelId}
      >
        <Slider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-stone-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          className="block size-4 rounded-full border-2 border-brand-600 bg-white shadow-card transition-transform hover:scale-110 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
        />
      </Slider.Root>
    </div>
  );
}
