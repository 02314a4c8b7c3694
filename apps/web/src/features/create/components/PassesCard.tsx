import clsx from 'clsx';
import { GENERATION_LIMITS, type InputImagePass, type PassKind } from '@atelier/contract';
import { StepSlider } from '../../../components/ui/StepSlider';

const LABELS: Record<PassKind, { name: string; show: string; hide: string }> = {
  depth: { name: 'Depth', show: 'Show depth', hide: 'Hide depth' },
  normal: { name: 'Normals', show: 'Show normals', hide: 'Hide normals' },
};

/**
 * The depth and normal passes the view was sent with (issue 31), as small thumbnails in the
 * inspector, each with its button that lays it over the canvas. Nothing when the view has none.
 */
export function PassesCard({
  passes,
  shown,
  onShow,
  fidelity,
  onFidelity,
}: {
  passes: InputImagePass[];
  shown: PassKind | null;
  onShow: (kind: PassKind | null) => void;
  /** Structure fidelity (0–10), sent with the render. */
  fidelity: number;
  onFidelity: (value: number) => void;
}) {
  if (passes.length === 0) return null;
  return (
    <section aria-label="Passes" className="mt-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5">
      <h3 className="text-[11px] font-semibold tracking-wide text-stone-500 uppercase">Passes from the model</h3>
      <div className="mt-2 grid grid-cols-2 gap-2">
        {passes.map((pass) => {
          const on = shown === pass.kind;
          const label = LABELS[pass.kind];
          return (
            <figure key={pass.kind} className="min-w-0">
              <img
                src={pass.thumbnailUrl}
                alt={`${label.name} pass`}
                className={clsx('aspect-[4/3] w-full rounded-md border object-cover', on ? 'border-brand-500 ring-2 ring-brand-500/40' : 'border-stone-200')}
              />
              <figcaption className="mt-1 truncate text-[11px] text-stone-500" title={passDetail(pass)}>
                {label.name} · {passDetail(pass)}
              </figcaption>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onShow(on ? null : pass.kind)}
                className={clsx(
                  'mt-1 h-7 w-full rounded-md px-2 text-[12px] font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  on ? 'bg-stone-900 text-white hover:bg-stone-800' : 'bg-stone-100 text-stone-800 hover:bg-stone-200',
                )}
              >
                {on ? label.hide : label.show}
              </button>
            </figure>
          );
        })}
      </div>
      <div className="mt-3">
        <StepSlider
          id="structure-fidelity"
          label="Structure fidelity"
          hint="How closely GPU renders hold the model's depth and edges (with Resemblance)."
          value={fidelity}
          min={GENERATION_LIMITS.structureFidelity.min}
          max={GENERATION_LIMITS.structureFidelity.max}
          onChange={onFidelity}
          showRange
        />
      </div>
    </section>
  );
}

/** "4.5–60 m" (three significant digits), "normalised" or the bit depth the pass came in. */
export function passDetail(pass: InputImagePass): string {
  if (pass.kind === 'depth') {
    if (pass.depthNear === null || pass.depthFar === null) return 'normalised';
    const m = (v: number) => String(Number(v.toPrecision(3)));
    return `${m(pass.depthNear)}–${m(pass.depthFar)} m`;
  }
  return pass.sourceFormat === 'png16' ? '16-bit' : '8-bit';
}

/** The pass laid over the canvas in image space (it pans and zooms with the image). */
export function PassOverlay({ pass }: { pass: InputImagePass }) {
  return (
    <img
      src={pass.previewUrl}
      alt=""
      data-testid={`pass-overlay-${pass.kind}`}
      draggable={false}
      className="pointer-events-none absolute inset-0 h-full w-full opacity-90"
    />
  );
}
