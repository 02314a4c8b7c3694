import clsx from 'clsx';
import { useState } from 'react';
import type { OptionSection } from '../catalog';
import { OptionTileButton } from './OptionTileButton';

/**
 * The tiles of one inspector section. Sections grouped by material category (walls, floors,
 * context) show the categories as chips and the tiles of the chosen one.
 */
export function OptionSectionPanel({
  section,
  selectedId,
  onToggle,
}: {
  section: OptionSection;
  selectedId: string | undefined;
  onToggle: (optionId: string, displayName: string) => void;
}) {
  const grouped = section.groups.length > 1 || (section.groups[0]?.key ?? '') !== '';
  const groupOfSelection = section.groups.find((g) => g.options.some((o) => o.id === selectedId))?.key;
  const [activeKey, setActiveKey] = useState<string>(groupOfSelection ?? section.groups[0]?.key ?? '');
  const active = section.groups.find((g) => g.key === activeKey) ?? section.groups[0];
  if (!active) return null;

  return (
    <div className="pb-4">
      {grouped ? (
        <div role="group" aria-label={`${section.label} categories`} className="mb-3 flex flex-wrap gap-1.5">
          {section.groups.map((group) => {
            const isActive = group.key === active.key;
            const holdsSelection = group.key === groupOfSelection;
            return (
              <button
                key={group.key}
                type="button"
                aria-pressed={isActive}
                onClick={() => setActiveKey(group.key)}
                className={clsx(
                  'relative h-7 rounded-full border px-2.5 text-xs font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                  isActive ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-200 bg-white text-stone-600 hover:border-stone-300 hover:text-stone-900',
                )}
              >
                {group.label}
                {holdsSelection && !isActive ? <span className="ml-1.5 inline-block size-1.5 rounded-full bg-brand-600 align-middle" aria-label="(chosen)" /> : null}
              </button>
            );
          })}
        </div>
      ) : null}
      <div role="group" aria-label={grouped ? `${active.label} ${section.label.toLowerCase()}` : section.label} className="grid grid-cols-3 gap-x-2.5 gap-y-3">
        {active.options.map((option) => (
          <OptionTileButton key={option.id} option={option} selected={option.id === selectedId} onToggle={() => onToggle(option.id, option.displayName)} />
        ))}
      </div>
    </div>
  );
}
