import {
  GALLERY_FILTER_MODULE_LABELS,
  GALLERY_FILTER_MODULES,
  GALLERY_RENDER_TYPES,
  GALLERY_VISIBILITIES,
  GALLERY_VISIBILITY_LABELS,
  type GalleryFilters,
} from '@atelier/contract';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useId } from 'react';
import { titleCase } from '../../../lib/format';

type Choice<T extends string> = { value: T | undefined; label: string };

/** One filter as a row of pills over native radios: Tab reaches the group, the arrow keys choose. */
function PillGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T | undefined;
  choices: Array<Choice<T>>;
  onChange: (value: T | undefined) => void;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-[11px] font-semibold tracking-[0.08em] text-stone-500 uppercase">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {choices.map((c) => {
          const checked = value === c.value;
          return (
            <label
              key={c.value ?? 'all'}
              className={clsx(
                'cursor-pointer rounded-full border px-3 py-1 text-xs font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-stone-300 bg-white text-stone-700 hover:border-stone-400',
              )}
            >
              <input type="radio" className="sr-only" name={`${name}-${id}`} checked={checked} onChange={() => onChange(c.value)} />
              {c.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function DateField({ label, value, min, max, onChange }: { label: string; value: string | undefined; min?: string; max?: string; onChange: (value: string | undefined) => void }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-stone-600">
      {label}
      <input
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value || undefined)}
        className="h-8 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900 focus-visible:border-brand-500 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none"
      />
    </label>
  );
}

/**
 * The gallery's filter panel (spec §3 "filter panel"): module (organize only: the other modes
 * are one module each), render type, shared or private, and a date range. Every change applies
 * at once; the active filters show as chips above the grid.
 */
export function FilterPanel({
  id,
  filters,
  showModule,
  onChange,
  onClose,
}: {
  id: string;
  filters: GalleryFilters;
  showModule: boolean;
  onChange: (filters: GalleryFilters) => void;
  onClose: () => void;
}) {
  const set = (patch: GalleryFilters) => onChange({ ...filters, ...patch });
  return (
    <section
      id={id}
      aria-label="Filters"
      className="flex shrink-0 flex-wrap items-end gap-x-8 gap-y-4 border-b border-stone-200/80 bg-white px-8 py-4"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      {showModule ? (
        <PillGroup
          legend="Module"
          name="module"
          value={filters.module}
          onChange={(module) => set({ module })}
          choices={[{ value: undefined, label: 'All' }, ...GALLERY_FILTER_MODULES.map((m) => ({ value: m, label: GALLERY_FILTER_MODULE_LABELS[m] }))]}
        />
      ) : null}
      <PillGroup
        legend="Render type"
        name="renderType"
        value={filters.renderType}
        onChange={(renderType) => set({ renderType })}
        choices={[{ value: undefined, label: 'All' }, ...GALLERY_RENDER_TYPES.map((t) => ({ value: t, label: titleCase(t) }))]}
      />
      <PillGroup
        legend="Visibility"
        name="visibility"
        value={filters.visibility}
        onChange={(visibility) => set({ visibility })}
        choices={[{ value: undefined, label: 'All' }, ...GALLERY_VISIBILITIES.map((v) => ({ value: v, label: GALLERY_VISIBILITY_LABELS[v] }))]}
      />
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-[11px] font-semibold tracking-[0.08em] text-stone-500 uppercase">Date range</legend>
        <div className="flex items-end gap-2">
          <DateField label="From" value={filters.dateFrom} max={filters.dateTo} onChange={(dateFrom) => set({ dateFrom })} />
          <span className="pb-1.5 text-stone-400" aria-hidden>
            –
          </span>
          <DateField label="To" value={filters.dateTo} min={filters.dateFrom} onChange={(dateTo) => set({ dateTo })} />
        </div>
      </fieldset>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close filters"
        className="ml-auto inline-flex size-8 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-stone-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden />
      </button>
    </section>
  );
}

/** The active filters as removable chips, and Clear filters. */
export function ActiveFilters({
  chips,
  onRemove,
  onClear,
}: {
  chips: Array<{ key: string; label: string }>;
  onRemove: (key: string) => void;
  onClear: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label="Active filters" className="flex shrink-0 flex-wrap items-center gap-2 border-b border-stone-200/80 bg-stone-50 px-8 py-2.5">
      {chips.map((chip) => (
        <span key={chip.key} className="inline-flex h-7 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 pr-1 pl-3 text-xs font-medium text-brand-800">
          {chip.label}
          <button
            type="button"
            onClick={() => onRemove(chip.key)}
            aria-label={`Remove filter: ${chip.label}`}
            className="inline-flex size-5 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <X className="size-3" aria-hidden />
          </button>
        </span>
      ))}
      <button type="button" onClick={onClear} className="ml-1 rounded px-1 text-xs font-semibold text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
        Clear filters
      </button>
    </div>
  );
}
