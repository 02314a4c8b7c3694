import clsx from 'clsx';
import { Brush, Hand, ImagePlus, MousePointer2, PencilLine, Redo2, Scissors, Square, Trash2, Undo2, type LucideIcon } from 'lucide-react';
import type { TweakTool } from '@atelier/contract';
import { TOOL_INFO } from '../lib/tools';
import { Hint, Kbd } from '../../../components/workspace/Hint';

const ICONS: Record<TweakTool, LucideIcon> = {
  select: MousePointer2,
  move: Hand,
  rectangle: Square,
  brush: Brush,
  pencil: PencilLine,
  cut: Scissors,
  addImage: ImagePlus,
};

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = isMac ? '⌘' : 'Ctrl';

/** The vertical tool rail on the canvas: the seven tools, then undo, redo and clear. */
export function ToolRail({
  tool,
  onTool,
  canUndo,
  canRedo,
  canClear,
  onUndo,
  onRedo,
  onClear,
  disabled,
}: {
  tool: TweakTool;
  onTool: (tool: TweakTool) => void;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  disabled: boolean;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Tools"
      aria-orientation="vertical"
      className="absolute top-1/2 left-3 z-10 flex -translate-y-1/2 flex-col items-center gap-1 rounded-xl border border-stone-200 bg-white p-1.5 shadow-raised"
    >
      {TOOL_INFO.map(({ tool: t, label, key, hint }) => {
        const Icon = ICONS[t];
        const active = t === tool;
        return (
          <Hint
            roomy
            key={t}
            side="right"
            label={
              <>
                <span className="flex items-center justify-between gap-4 font-semibold text-white">
                  {label}
                  <Kbd>{key}</Kbd>
                </span>
                <span className="mt-0.5 block text-white/70">{hint}</span>
              </>
            }
          >
            <button
              type="button"
              aria-label={label}
              aria-pressed={active}
              data-tool={t}
              disabled={disabled}
              onClick={() => onTool(t)}
              className={clsx(
                'flex size-9 items-center justify-center rounded-lg transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-40',
                active ? 'bg-brand-600 text-white shadow-card' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
              )}
            >
              <Icon className="size-[18px]" strokeWidth={1.9} />
            </button>
          </Hint>
        );
      })}
      <span className="my-1 h-px w-6 bg-stone-200" aria-hidden />
      <RailButton label="Undo" shortcut={`${MOD}+Z`} icon={Undo2} disabled={!canUndo} onClick={onUndo} />
      <RailButton label="Redo" shortcut={`${MOD}+Shift+Z`} icon={Redo2} disabled={!canRedo} onClick={onRedo} />
      <RailButton label="Clear all marks and placed images" icon={Trash2} disabled={!canClear} onClick={onClear} />
    </div>
  );
}

function RailButton({ label, shortcut, icon: Icon, disabled, onClick }: { label: string; shortcut?: string; icon: LucideIcon; disabled: boolean; onClick: () => void }) {
  return (
    <Hint roomy side="right" label={label} shortcut={shortcut}>
      <button
        type="button"
        aria-label={label.split(' ')[0]}
        onClick={onClick}
        disabled={disabled}
        className="flex size-9 items-center justify-center rounded-lg text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-35"
      >
        <Icon className="size-[18px]" strokeWidth={1.9} />
      </button>
    </Hint>
  );
}
