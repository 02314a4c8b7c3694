import clsx from 'clsx';
import { useState } from 'react';
import type { CustomizationCatalog } from '../../customization';
import { MATERIAL_SECTIONS } from '../lib/regionDrafts';

/** The drag type of a material swatch (its catalog option id). */
export const MATERIAL_DRAG_TYPE = 'application/x-atelier-material';

/**
 * The materials of the catalog (walls, floors, context by category) as swatches: click one to
 * give it to the selected region (or, with none selected, to the prompt), or drag it onto a region.
 */
export function MaterialLibrary({
  catalog,
  loading,
  chosenId,
  targetName,
  onPick,
}: {
  catalog: CustomizationCatalog | null;
  loading: boolean;
  /** The selected region's material. */
  chosenId: string | null;
  /** The selected region's name, or null (picks go to the prompt). */
  targetName: string | null;
  onPick: (optionId: string) => void;
}) {
  const sections = (catalog?.photorealistic ?? []).filter((s) => (MATERIAL_SECTIONS as readonly string[]).includes(s.key));
  const [sectionKey, setSectionKey] = useState<string>('walls');
  const section = sections.find((s) => s.key === sectionKey) ?? sections[0];
  const [groupKeys, setGroupKeys] = useState<Record<string, string>>({});
  const group = section ? (section.groups.find((g) => g.key === groupKeys[section.key]) ?? section.groups[0]) : undefined;

  return (
    <div className="flex min-h-0 min-w-0 flex-col">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-[11px] font-semibold tracking-wide text-stone-500 uppercase">Material library</h3>
        <div role="tablist" aria-label="Material sections" className="flex rounded-lg bg-stone-100 p-0.5">
          {sections.map((s) => (
            <button
              key={s.key}
              type="button"
              role="tab"
              aria-selected={s.key === section?.key}
              onClick={() => setSectionKey(s.key)}
              className={clsx(
                'h-6 rounded-md px-2.5 text-xs font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                s.key === section?.key ? 'bg-white text-stone-900 shadow-card' : 'text-stone-500 hover:text-stone-800',
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-1.5 text-xs leading-5 text-stone-500">
        {targetName ? (
          <>
            Pick a material for <span className="font-medium text-stone-800">{targetName}</span>, or drag a swatch onto any region.
          </>
        ) : (
          'Select a region, then pick its material — or drag a swatch onto a region. With no region selected, a pick joins the prompt.'
        )}
      </p>
      {loading && !catalog ? (
        <div role="status" aria-label="Loading materials" className="mt-3 grid grid-cols-4 gap-2">
          {Array.from({ length: 12 }, (_, i) => (
            <span key={i} className="aspect-square animate-pulse rounded-lg bg-stone-100" />
          ))}
        </div>
      ) : section && group ? (
        <>
          <div role="group" aria-label={`${section.label} categories`} className="mt-2.5 flex flex-wrap gap-1">
            {section.groups.map((g) => (
              <button
                key={g.key}
                type="button"
                aria-pressed={g.key === group.key}
                onClick={() => setGroupKeys((k) => ({ ...k, [section.key]: g.key }))}
                className={clsx(
                  'h-6 rounded-full border px-2 text-[11.5px] font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  g.key === group.key ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-200 bg-white text-stone-600 hover:border-stone-300 hover:text-stone-900',
                )}
              >
                {g.label}
              </button>
            ))}
          </div>
          <div role="group" aria-label={`${group.label} ${section.label.toLowerCase()}`} className="mt-2.5 grid min-h-0 flex-1 auto-rows-min grid-cols-4 gap-x-2 gap-y-2.5 overflow-y-auto pr-1 pb-1">
            {group.options.map((o) => {
              const chosen = o.id === chosenId;
              return (
                <button
                  key={o.id}
                  type="button"
                  title={o.displayName}
                  aria-pressed={chosen}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(MATERIAL_DRAG_TYPE, o.id);
                    e.dataTransfer.setData('text/plain', o.displayName);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => onPick(o.id)}
                  className="group flex min-w-0 cursor-grab flex-col gap-1 text-left focus-visible:outline-none active:cursor-grabbing"
                >
                  <span
                    className={clsx(
                      'block aspect-square w-full overflow-hidden rounded-lg bg-stone-100 ring-1 transition-shadow group-focus-visible:ring-2 group-focus-visible:ring-brand-500',
                      chosen ? 'ring-2 ring-brand-600 ring-offset-1' : 'ring-stone-200 group-hover:ring-stone-400',
                    )}
                  >
                    {o.thumbnailUrl ? <img src={o.thumbnailUrl} alt="" loading="lazy" draggable={false} className="size-full object-cover" /> : null}
                  </span>
                  <span className={clsx('line-clamp-2 text-[10.5px] leading-[13px]', chosen ? 'font-semibold text-brand-800' : 'text-stone-600')}>{o.displayName}</span>
                </button>
              );
            })}
          </div>
        </>
      ) : (
        <p className="mt-3 text-sm text-stone-500">The material catalog is not available.</p>
      )}
    </div>
  );
}
