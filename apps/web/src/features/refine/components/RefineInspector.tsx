import clsx from 'clsx';
import { AlertCircle, RotateCcw, X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useEffect, useState } from 'react';
import { REFINE_LIMITS, type RefineSettings } from '@atelier/contract';
import { StepSlider } from '../../../components/ui/StepSlider';
import { GenerateButton } from '../../../components/workspace/GenerateButton';
import { InspectorPanel } from '../../../components/workspace/InspectorPanel';
import { clampSide, hasCreditsFor, presetOf, RESOLUTION_PRESETS, SCALE_FACTORS, type OutputSummary } from '../refineLogic';
import { Segmented } from '../../../components/workspace/Segmented';

const VARIATION_COUNTS = [1, 2, 3, 4] as const;

const ENHANCEMENTS = [
  { key: 'aiStrength', id: 'refine-ai-strength', label: 'AI Strength', hint: 'How much detail and texture is brought out.' },
  { key: 'resemblance', id: 'refine-resemblance', label: 'Resemblance', hint: 'How closely the result stays to the original.' },
  { key: 'clarity', id: 'refine-clarity', label: 'Clarity', hint: 'Local contrast in the mid-tones.' },
  { key: 'sharpness', id: 'refine-sharpness', label: 'Sharpness', hint: 'Crispness of edges and fine lines.' },
] as const;

/**
 * The edit inspector of the refine screen (spec §2, §3, §9): resolution, scale factor 1–4×,
 * AI Strength, Resemblance, Clarity and Sharpness (1–50), Match Color and variations 1–4; the
 * output size it gives (refused above 64 MP), the red error box and the Generate button with
 * its cost.
 */
export function RefineInspector({
  title,
  settings,
  variations,
  output,
  onChange,
  onVariations,
  onReset,
  onMinimise,
  onGenerate,
  canGenerate,
  submitting,
  processing,
  credits,
  error,
  onDismissError,
}: {
  title: string;
  settings: RefineSettings;
  variations: number;
  output: OutputSummary | null;
  onChange: (patch: Partial<RefineSettings>) => void;
  onVariations: (n: number) => void;
  onReset: () => void;
  onMinimise: () => void;
  onGenerate: () => void;
  canGenerate: boolean;
  submitting: boolean;
  processing: boolean;
  credits: number | null;
  error: string | null;
  onDismissError: () => void;
}) {
  const preset = presetOf(settings.resolution);
  const [custom, setCustom] = useState(preset === null);
  useEffect(() => {
    if (preset === null) setCustom(true);
  }, [preset]);
  const enough = hasCreditsFor(credits, variations);

  return (
    <InspectorPanel
      title={title}
      onMinimise={onMinimise}
      footer={
        <>
          {error ? (
            <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-[13px] leading-5 text-red-800">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <p className="min-w-0 flex-1">{error}</p>
              <button type="button" onClick={onDismissError} aria-label="Dismiss the error" className="-mr-1 rounded p-0.5 text-red-500 hover:bg-red-100 hover:text-red-700">
                <X className="size-3.5" />
              </button>
            </div>
          ) : null}
          <GenerateButton
            label={processing ? 'Generate more' : 'Generate'}
            onClick={onGenerate}
            disabled={!canGenerate}
            loading={submitting}
            cost={variations}
            credits={credits}
            hasEnoughCredits={enough}
          />
        </>
      }
    >
      <section aria-labelledby="refine-output-heading" className="space-y-4 px-4 pt-4 pb-5">
        <h3 id="refine-output-heading" className={sectionTitle}>
          Output
        </h3>
        <div>
          <label htmlFor="refine-resolution" className="text-[13px] font-medium text-stone-800">
            Resolution
          </label>
          <p className="mt-0.5 text-xs leading-5 text-stone-500">The box the image is fitted into, keeping its proportions.</p>
          <select
            id="refine-resolution"
            value={custom ? 'custom' : String(preset)}
            onChange={(e) => {
              if (e.target.value === 'custom') {
                setCustom(true);
                return;
              }
              setCustom(false);
              const side = Number(e.target.value);
              onChange({ resolution: { width: side, height: side } });
            }}
            className="mt-2 h-9 w-full rounded-lg border border-stone-300 bg-white px-2.5 text-sm text-stone-900 shadow-card focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none"
          >
            {RESOLUTION_PRESETS.map((side) => (
              <option key={side} value={side}>
                {side} × {side}
                {side === 1969 ? ' (default)' : ''}
              </option>
            ))}
            <option value="custom">Custom…</option>
          </select>
          {custom ? (
            <div className="mt-2 flex items-center gap-2">
              <SideInput label="Width" value={settings.resolution.width} onCommit={(width) => onChange({ resolution: { ...settings.resolution, width } })} />
              <span className="text-stone-400" aria-hidden>
                ×
              </span>
              <SideInput label="Height" value={settings.resolution.height} onCommit={(height) => onChange({ resolution: { ...settings.resolution, height } })} />
            </div>
          ) : null}
        </div>

        <Segmented
          label="Scale factor"
          options={SCALE_FACTORS}
          value={(SCALE_FACTORS as readonly number[]).includes(settings.scaleFactor) ? (settings.scaleFactor as (typeof SCALE_FACTORS)[number]) : 1}
          onChange={(scaleFactor) => onChange({ scaleFactor })}
          note="× the resolution box"
          format={(n) => `${n}×`}
          ariaLabel={(n) => `Scale ${n}×`}
        />

        <div
          data-testid="refine-output"
          className={clsx('rounded-lg border px-3 py-2.5 text-xs leading-5', output?.tooLarge ? 'border-red-200 bg-red-50 text-red-800' : 'border-stone-200 bg-stone-50 text-stone-600')}
        >
          {output ? (
            <>
              <p className="flex items-baseline justify-between gap-2">
                <span>Output</span>
                <span className="font-semibold tabular-nums text-stone-900">{`${output.sizeText}, `}</span>
              </p>
              <p className="text-right tabular-nums">
                <span className="font-medium text-stone-800">{output.relative}</span> · {output.megapixels}
              </p>
              {output.tooLarge ? <p className="mt-1">Too large: the output may have at most 64 megapixels. Lower the resolution or the scale factor.</p> : null}
            </>
          ) : (
            <p>Choose an image to see the output size.</p>
          )}
        </div>
      </section>

      <section aria-labelledby="refine-enhance-heading" className="space-y-5 border-t border-stone-100 px-4 pt-4 pb-5">
        <div className="flex items-center justify-between">
          <h3 id="refine-enhance-heading" className={sectionTitle}>
            Enhancement
          </h3>
          <button type="button" onClick={onReset} className="inline-flex items-center gap-1 text-xs font-medium text-stone-500 hover:text-brand-700">
            <RotateCcw className="size-3" aria-hidden /> Defaults
          </button>
        </div>
        {ENHANCEMENTS.map((slider) => (
          <StepSlider
            key={slider.key}
            id={slider.id}
            label={slider.label}
            hint={slider.hint}
            value={settings[slider.key]}
            min={REFINE_LIMITS[slider.key].min}
            max={REFINE_LIMITS[slider.key].max}
            onChange={(value) => onChange({ [slider.key]: value })}
            wideValue
          />
        ))}
        <div className="flex items-start justify-between gap-4">
          <div>
            <label htmlFor="refine-match-color" className="text-[13px] font-medium text-stone-800">
              Match Color
            </label>
            <p className="mt-0.5 text-xs leading-5 text-stone-500">Keep the original&apos;s colours.</p>
          </div>
          <Switch.Root
            id="refine-match-color"
            checked={settings.matchColor}
            onCheckedChange={(matchColor) => onChange({ matchColor })}
            className="relative mt-0.5 h-6 w-10 shrink-0 rounded-full bg-stone-300 transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none data-[state=checked]:bg-brand-600"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow-card transition-transform data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
        </div>
      </section>

      <section className="border-t border-stone-100 px-4 pt-4 pb-5">
        <Segmented
          label="Variations"
          note="1 credit each"
          options={VARIATION_COUNTS}
          value={(VARIATION_COUNTS as readonly number[]).includes(variations) ? (variations as (typeof VARIATION_COUNTS)[number]) : 1}
          onChange={onVariations}
          format={(n) => String(n)}
          ariaLabel={(n) => `${n} variation${n === 1 ? '' : 's'}`}
        />
      </section>
    </InspectorPanel>
  );
}

const sectionTitle = 'text-[11px] font-semibold tracking-wider text-stone-500 uppercase';

/** A resolution side in pixels, committed on blur or Enter (clamped to 64–16384). */
function SideInput({ label, value, onCommit }: { label: string; value: number; onCommit: (value: number) => void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const next = clampSide(Number(text));
    setText(String(next));
    if (next !== value) onCommit(next);
  };
  return (
    <label className="flex min-w-0 flex-1 items-center rounded-lg border border-stone-300 bg-white pr-2 shadow-card focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200">
      <span className="sr-only">{label}</span>
      <input
        inputMode="numeric"
        value={text}
        onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        className="h-9 w-full min-w-0 rounded-lg bg-transparent px-2.5 text-sm tabular-nums text-stone-900 focus:outline-none"
        aria-label={`${label} in pixels`}
      />
      <span className="text-xs text-stone-400">px</span>
    </label>
  );
}
