import clsx from 'clsx';
import { Brush, Combine, Eraser, MousePointer2, PenLine, Scissors, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { MaskRegion } from '@atelier/contract';
import { regionName } from '../lib/regionDrafts';
import { BRUSH_MAX, BRUSH_MIN, setBrushSize, setEditorActive, setTool, stepBrush, useRegionEditor, type RegionTool } from './regionEditorStore';
import { useRegionEdits } from './useRegionEdits';

const TOOLS: Array<{ tool: RegionTool; label: string; icon: ReactNode }> = [
  { tool: 'select', label: 'Select', icon: <MousePointer2 className="size-3.5" /> },
  { tool: 'paint', label: 'Paint', icon: <Brush className="size-3.5" /> },
  { tool: 'erase', label: 'Erase', icon: <Eraser className="size-3.5" /> },
  { tool: 'split', label: 'Split', icon: <Scissors className="size-3.5" /> },
];

/**
 * The region editor's controls beside the canvas: on/off, the tools, the brush size ([ and ]),
 * and for the selected region rename, merge (with a second region picked with Shift), delete,
 * and undo (Ctrl/Cmd+Z while the editor is on).
 */
export function RegionEditToolbar({ inputImageId, regions, fetching }: { inputImageId: number; regions: MaskRegion[]; fetching: boolean }) {
  const editor = useRegionEditor();
  const edits = useRegionEdits(inputImageId, regions);
  const selected = editor.selectedIds.map((id) => regions.find((r) => r.id === id)).filter((r): r is MaskRegion => !!r);
  const first = selected[0] ?? null;
  const [name, setName] = useState('');
  const disabled = editor.busy || fetching;
  useEffect(() => setName(first ? regionName(first) : ''), [first?.id, first?.label]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!editor.active) return;
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !typing) {
        e.preventDefault();
        void edits.undo();
      } else if (!typing && (e.key === '[' || e.key === ']')) {
        stepBrush(e.key === ']' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!editor.active)
    return (
      <button type="button" data-canvas-ui onClick={() => setEditorActive(true)} className={clsx(panel, 'pointer-events-auto flex h-9 items-center gap-2 px-3 text-xs font-semibold hover:bg-stone-800')}>
        <PenLine className="size-3.5" aria-hidden /> Edit regions
      </button>
    );

  const commitName = () => {
    const trimmed = name.trim();
    if (first && trimmed && trimmed !== regionName(first)) void edits.rename(first, trimmed);
  };

  return (
    <div data-canvas-ui role="toolbar" aria-label="Region editor" aria-busy={disabled} className={clsx(panel, 'pointer-events-auto flex w-60 flex-col gap-2 p-2.5 text-xs')}>
      <div className="flex items-center gap-1">
        {TOOLS.map((t) => (
          <button
            key={t.tool}
            type="button"
            aria-pressed={editor.tool === t.tool}
            aria-label={t.label}
            title={t.label}
            onClick={() => setTool(t.tool)}
            className={clsx(iconButton, editor.tool === t.tool ? 'bg-white text-stone-900' : '')}
          >
            {t.icon}
          </button>
        ))}
        <button type="button" aria-label="Undo region edit" title="Undo (Ctrl/Cmd+Z)" disabled={disabled || !edits.canUndo} onClick={() => void edits.undo()} className={clsx(iconButton, 'ml-auto')}>
          <Undo2 className="size-3.5" />
        </button>
        <button type="button" onClick={() => setEditorActive(false)} className="rounded-md px-2 py-1 font-semibold hover:bg-white/10">
          Done
        </button>
      </div>
      {editor.tool === 'paint' || editor.tool === 'erase' ? (
        <label className="flex items-center gap-2 text-white/70">
          Brush
          <input
            type="range"
            aria-label="Brush size"
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            value={editor.brushSize}
            onChange={(e) => setBrushSize(Number(e.target.value))}
            className="min-w-0 flex-1 accent-white"
          />
          <span className="w-9 text-right tabular-nums">{editor.brushSize}px</span>
        </label>
      ) : null}
      {first ? (
        <div className="flex flex-col gap-1.5 border-t border-white/10 pt-2">
          <div className="flex items-center gap-1.5">
            <span className="size-3 shrink-0 rounded-[4px]" style={{ background: first.color }} aria-hidden />
            <input
              aria-label="Region name"
              value={name}
              disabled={disabled}
              onChange={(e) => setName(e.target.value)}
              onBlur={commitName}
              onKeyDown={(e) => e.key === 'Enter' && (e.currentTarget as HTMLInputElement).blur()}
              maxLength={100}
              className="min-w-0 flex-1 rounded-md bg-white/10 px-2 py-1 text-[12.5px] text-white outline-none focus:ring-2 focus:ring-white/50"
            />
            <button type="button" aria-label={`Delete ${regionName(first)}`} title="Delete region" disabled={disabled} onClick={() => void edits.remove(first)} className={iconButton}>
              <Trash2 className="size-3.5" />
            </button>
          </div>
          {selected.length >= 2 ? (
            <button type="button" disabled={disabled} onClick={() => void edits.merge(selected.map((r) => r.id))} className="flex items-center justify-center gap-1.5 rounded-md bg-white px-2 py-1.5 font-semibold text-stone-900 disabled:opacity-50">
              <Combine className="size-3.5" aria-hidden /> Merge {selected.length} regions
            </button>
          ) : (
            <p className="text-white/55">{hint(editor.tool)}</p>
          )}
        </div>
      ) : (
        <p className="text-white/55">Click a region on the image to select it.</p>
      )}
    </div>
  );
}

function hint(tool: RegionTool): string {
  switch (tool) {
    case 'paint':
      return 'Paint on the image to add to this region ([ ] size).';
    case 'erase':
      return 'Paint on the image to erase from this region ([ ] size).';
    case 'split':
      return 'Draw a line across the region to split it.';
    default:
      return 'Shift-click another region to merge them.';
  }
}

const panel = 'rounded-xl border border-white/10 bg-stone-900/85 text-white shadow-raised backdrop-blur';
const iconButton =
  'flex size-7 items-center justify-center rounded-md text-white/80 hover:bg-white/10 hover:text-white disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60';
