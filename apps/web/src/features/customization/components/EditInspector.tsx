import clsx from 'clsx';
import { ChevronDown, RotateCw } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { GENERATION_LIMITS } from '@atelier/contract';
import { customizationApi } from '../../../app/api/customization';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { StepSlider } from '../../../components/ui/StepSlider';
import { InspectorPanel } from '../../../components/workspace/InspectorPanel';
import { findTile } from '../catalog';
import {
  creativityChanged,
  expressivityChanged,
  optionToggled,
  renderTypeChanged,
  resemblanceChanged,
  sectionToggled,
  styleChanged,
  variationsChanged,
} from '../store/customizationSlice';
import { OptionSectionPanel } from './OptionSectionPanel';
import { RenderTypeSwitch } from './RenderTypeSwitch';
import { StyleSwitch } from './StyleSwitch';
import { VariationsPicker } from './VariationsPicker';

const LEVELS = [
  { key: 'creativity', label: 'Creativity', hint: 'How freely the render reinterprets your image.', changed: creativityChanged },
  { key: 'expressivity', label: 'Expressivity', hint: 'Strength of the chosen style, light and mood.', changed: expressivityChanged },
  { key: 'resemblance', label: 'Resemblance', hint: 'How closely edges and geometry follow the input.', changed: resemblanceChanged },
] as const;

/**
 * The edit inspector (spec §2, §3): the render style, one open section at a time with its
 * option tiles, the creativity / expressivity / resemblance sliders and the variation count.
 * The Create screen puts its prompt above and its Create button below.
 */
export function EditInspector({ prompt, footer, onMinimise }: { prompt?: ReactNode; footer?: ReactNode; onMinimise: () => void }) {
  const dispatch = useAppDispatch();
  const c = useAppSelector((s) => s.customization);
  const sections = c.availableOptions?.[c.selectedStyle] ?? [];
  const open = c.openSection[c.selectedStyle];

  return (
    <InspectorPanel title="Edit Inspector" onMinimise={onMinimise} footer={footer}>
      {prompt ? <div className="px-4 pt-4">{prompt}</div> : null}

      <div className="px-4 pt-4">
        <RenderTypeSwitch value={c.renderType} onChange={(type) => dispatch(renderTypeChanged(type))} />
      </div>

      <div className="px-4 pt-3">
        <StyleSwitch value={c.selectedStyle} onChange={(style) => dispatch(styleChanged(style))} />
      </div>

      <div className="mt-3 border-t border-stone-100">
        {c.optionsLoading && !c.availableOptions ? (
          <SectionSkeleton />
        ) : c.optionsError && !c.availableOptions ? (
          <div className="px-4 py-4">
            <p className="text-sm text-red-600">{c.optionsError}</p>
            <button
              type="button"
              className="mt-2 inline-flex items-center gap-1.5 text-[13px] font-medium text-brand-700 hover:text-brand-800"
              onClick={() => dispatch(customizationApi.endpoints.getCustomizationOptions.initiate(undefined, { subscribe: false, forceRefetch: true }))}
            >
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </button>
          </div>
        ) : (
          <Accordion.Root
            type="single"
            collapsible
            value={open ?? ''}
            onValueChange={(value) => dispatch(sectionToggled(value || open || ''))}
          >
            {sections.map((section) => {
              const selectedId = c.selections[section.key];
              const chosen = selectedId ? findTile(c.availableOptions, selectedId) : undefined;
              return (
                <Accordion.Item key={section.key} value={section.key} className="border-b border-stone-100">
                  <Accordion.Header>
                    <Accordion.Trigger className="group flex h-11 w-full items-center gap-2 px-4 text-left transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-none">
                      <span className="text-[13px] font-medium text-stone-800">{section.label}</span>
                      {chosen ? (
                        <span className="ml-auto flex min-w-0 items-center gap-1.5">
                          {chosen.thumbnailUrl ? <img src={chosen.thumbnailUrl} alt="" className="size-4 shrink-0 rounded-sm object-cover ring-1 ring-stone-200" /> : null}
                          <span className="truncate text-xs text-brand-700">{chosen.displayName}</span>
                        </span>
                      ) : (
                        <span className="ml-auto text-xs text-stone-400">Any</span>
                      )}
                      <ChevronDown className="size-4 shrink-0 text-stone-400 transition-transform duration-200 group-data-[state=open]:rotate-180" aria-hidden />
                    </Accordion.Trigger>
                  </Accordion.Header>
                  <Accordion.Content className="px-4">
                    <OptionSectionPanel
                      section={section}
                      selectedId={selectedId}
                      onToggle={(optionId, displayName) => dispatch(optionToggled({ section: section.key, optionId, displayName }))}
                    />
                  </Accordion.Content>
                </Accordion.Item>
              );
            })}
          </Accordion.Root>
        )}
      </div>

      <div className="space-y-5 px-4 py-5">
        {LEVELS.map((level) => (
          <StepSlider
            key={level.key}
            id={`level-${level.key}`}
            label={level.label}
            hint={level.hint}
            value={c[level.key]}
            min={GENERATION_LIMITS[level.key].min}
            max={GENERATION_LIMITS[level.key].max}
            onChange={(v) => dispatch(level.changed(v))}
            showRange
          />
        ))}
        <VariationsPicker value={c.variations} onChange={(n) => dispatch(variationsChanged(n))} />
      </div>
    </InspectorPanel>
  );
}

function SectionSkeleton() {
  return (
    <div aria-label="Loading options" role="status" className="divide-y divide-stone-100">
      {[64, 48, 56, 72, 44, 60, 52].map((w, i) => (
        <div key={i} className="flex h-11 items-center px-4">
          <span className={clsx('h-3 animate-pulse rounded bg-stone-200')} style={{ width: w }} />
          <span className="ml-auto h-3 w-8 animate-pulse rounded bg-stone-100" />
        </div>
      ))}
    </div>
  );
}
