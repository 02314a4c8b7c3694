import clsx from 'clsx';
import { Eye, EyeOff, Plus, X } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { MASK_MESSAGES, type MaskRegion } from '@atelier/contract';
import { Spinner } from '../../../components/ui/Spinner';
import type { PromptRegions } from '../hooks/usePromptRegions';
import { areaText, regionName } from '../lib/regionDrafts';
import { UnsureMark } from './UnsureMark';
import { MaskOverlay } from './MaskOverlay';
import { MATERIAL_DRAG_TYPE, MaterialLibrary } from './MaterialLibrary';

/**
 * The regions part of the prompt modal (spec §2, §3): the image with its regions, the list of
 * regions (colour, name, the material dropped or picked for it, a typed name, visibility, clear),
 * the material library, and the materials that go into the AI prompt.
 */
export function RegionPanel({ state, imageUrl }: { state: PromptRegions; imageUrl: string | null }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const { regions, selectedMaskId } = state;
  const selected = regions.find((r) => r.id === selectedMaskId) ?? null;
  const chosenId = selected ? (state.drafts[selected.id]?.materialOptionId ?? null) : null;

  return (
    <div className="mb-4">
      <div className="grid gap-5 md:h-[21rem] md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <div className="flex min-h-0 min-w-0 flex-col">
          <div className="flex items-center justify-between">
            <h3 className="text-[11px] font-semibold tracking-wide text-stone-500 uppercase">Regions</h3>
            {regions.length > 0 ? <span className="text-xs text-stone-400">{regions.length} found · hover to see one on the image</span> : null}
          </div>
          {state.status === 'processing' ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-stone-600" role="status">
              <Spinner size="sm" className="text-brand-600" /> Finding regions… they appear here when ready.
            </p>
          ) : regions.length === 0 ? (
            <p className={clsx('mt-3 text-sm leading-6', state.status === 'failed' ? 'text-red-600' : 'text-stone-500')}>
              {state.status === 'failed' ? MASK_MESSAGES.regionsFailed : 'No regions yet: use Generate Regions in the Edit Inspector to give parts of the image their own materials.'}
            </p>
          ) : (
            <div className="mt-2 grid min-h-0 flex-1 gap-3 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)]">
              {imageUrl ? (
                <div className="relative self-start overflow-hidden rounded-xl bg-stone-900 ring-1 ring-stone-200">
                  <img src={imageUrl} alt="" className="block w-full" draggable={false} />
                  <MaskOverlay regions={regions} highlightId={hovered ?? selectedMaskId} onHover={setHovered} />
                </div>
              ) : null}
              <ul aria-label="Regions" className="min-h-0 space-y-1.5 overflow-y-auto pr-1 pb-1">
                {regions.map((r) => (
                  <RegionRow key={r.id} region={r} state={state} selected={r.id === selectedMaskId} highlighted={r.id === hovered} onHover={setHovered} />
                ))}
              </ul>
            </div>
          )}
        </div>
        <MaterialLibrary
          catalog={state.catalog}
          loading={state.catalogLoading}
          chosenId={chosenId}
          targetName={selected ? regionName(selected) : null}
          onPick={(id) => state.pickMaterial(id)}
        />
      </div>
      <PromptMaterials state={state} />
    </div>
  );
}

function RegionRow({
  region: r,
  state,
  selected,
  highlighted,
  onHover,
}: {
  region: MaskRegion;
  state: PromptRegions;
  selected: boolean;
  highlighted: boolean;
  onHover: (id: number | null) => void;
}) {
  const [over, setOver] = useState(false);
  const draft = state.drafts[r.id] ?? {};
  const choice = draft.materialOptionId ? state.choices.get(draft.materialOptionId) : undefined;
  const material = choice?.option ?? (draft.materialOptionId && r.materialOption?.id === draft.materialOptionId ? r.materialOption : null);
  const name = regionName(r);
  const configured = !!(material || draft.customizationOptionId || draft.customText?.trim() || draft.displayName?.trim());

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const id = e.dataTransfer.getData(MATERIAL_DRAG_TYPE);
    if (id) {
      state.pickMaterial(id, r.id);
      state.selectRegion(r.id);
    }
  };

  return (
    <li
      aria-label={`Region ${name}`}
      aria-current={selected || undefined}
      onPointerEnter={() => onHover(r.id)}
      onPointerLeave={() => onHover(null)}
      onClick={() => state.selectRegion(selected ? null : r.id)}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(MATERIAL_DRAG_TYPE)) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={clsx(
        'relative flex cursor-pointer items-center gap-2.5 rounded-xl border bg-white py-1.5 pr-1 pl-3 transition-colors',
        over ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-200' : selected ? 'border-brand-600 ring-1 ring-brand-600' : highlighted ? 'border-stone-300 bg-stone-50' : 'border-stone-200',
        r.isVisible ? '' : 'opacity-55',
      )}
    >
      <span className="absolute inset-y-2 left-1 w-1 rounded-full" style={{ background: r.color }} aria-hidden />
      <span
        className={clsx(
          'flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg',
          material ? 'ring-1 ring-stone-200' : 'border border-dashed border-stone-300 bg-stone-50 text-stone-400',
        )}
        title={material ? material.displayName : 'Drop a material here'}
      >
        {material?.thumbnailUrl ? <img src={material.thumbnailUrl} alt="" className="size-full object-cover" draggable={false} /> : <Plus className="size-4" aria-hidden />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-1.5">
          <span className="truncate text-[13px] font-semibold text-stone-900">{name}</span>
          <UnsureMark region={r} tone="light" />
          <span className="shrink-0 text-[11px] text-stone-400 tabular-nums">{areaText(r.area)}</span>
        </span>
        <span className={clsx('block truncate text-xs', material ? 'text-brand-800' : 'text-stone-400')}>{material ? material.displayName : 'No material'}</span>
      </span>
      <input
        type="text"
        value={draft.displayName ?? ''}
        maxLength={200}
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => state.typeName(r.id, e.target.value)}
        placeholder={draft.customText?.trim() ? draft.customText : 'Name or describe…'}
        aria-label={`Name for ${name}`}
        className="h-8 w-[38%] min-w-28 shrink-0 rounded-md border border-stone-200 bg-stone-50 px-2 text-xs text-stone-800 placeholder:text-stone-400 focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <span className="flex shrink-0 items-center">
        <button
          type="button"
          aria-label={`${r.isVisible ? 'Hide' : 'Show'} ${name}`}
          aria-pressed={!r.isVisible}
          onClick={(e) => {
            e.stopPropagation();
            void state.toggleVisibility(r);
          }}
          className={rowButton}
        >
          {r.isVisible ? <Eye className="size-3.5" /> : <EyeOff className="size-3.5" />}
        </button>
        <button
          type="button"
          aria-label={`Clear ${name}`}
          disabled={!configured}
          onClick={(e) => {
            e.stopPropagation();
            void state.clearRegion(r);
          }}
          className={clsx(rowButton, !configured && 'invisible')}
        >
          <X className="size-3.5" />
        </button>
      </span>
    </li>
  );
}

function PromptMaterials({ state }: { state: PromptRegions }) {
  if (state.materials.length === 0) return null;
  return (
    <div className="mt-3 flex items-center gap-3 border-t border-stone-100 pt-3">
      <h3 className="shrink-0 text-[11px] font-semibold tracking-wide text-stone-500 uppercase">In the AI prompt</h3>
      <ul aria-label="Materials in the AI prompt" className="flex min-w-0 flex-wrap gap-1.5">
        {state.materials.map((m) => {
          const thumb = m.materialOption?.thumbnailUrl ?? (m.materialOptionId ? state.choices.get(m.materialOptionId)?.option.thumbnailUrl : null);
          const unsaved = m.id < 0;
          return (
            <li
              key={m.id}
              title={unsaved ? `${m.displayName} (saved with the prompt)` : m.displayName}
              className={clsx(
                'inline-flex h-7 items-center gap-1.5 rounded-full border bg-white pr-1 text-xs text-stone-700',
                thumb ? 'pl-0.5' : 'pl-2.5',
                unsaved ? 'border-dashed border-stone-300' : 'border-stone-200',
              )}
            >
              {thumb ? <img src={thumb} alt="" className="size-6 rounded-full object-cover" /> : null}
              <span className="max-w-44 truncate">{m.displayName}</span>
              <button
                type="button"
                aria-label={`Remove ${m.displayName} from the prompt`}
                onClick={() => void state.removeMaterial(m)}
                className="flex size-5 items-center justify-center rounded-full text-stone-400 hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <X className="size-3" />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const rowButton =
  'flex size-6 items-center justify-center rounded-md text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
