import { useRef, useState } from 'react';
import type { MaskRegion } from '@atelier/contract';
import { MaskOverlay } from '../components/MaskOverlay';
import { setHoveredMask, useMaskView } from '../store/maskView';
import { selectRegion, useRegionEditor } from './regionEditorStore';
import type { StrokePoint } from './strokeMask';
import { useRegionEdits } from './useRegionEdits';

/**
 * The region editor on the canvas, in image space: the overlay with the selected region
 * highlighted; a click selects (Shift adds a second for a merge); with the brush, a stroke adds
 * to or erases from the selected region; with the split tool, a drawn line cuts it. The stroke
 * is previewed while drawn and stored when the pointer lifts. Marked as canvas UI, so dragging
 * here edits instead of panning.
 */
export function RegionEditLayer({ inputImageId, regions }: { inputImageId: number; regions: MaskRegion[] }) {
  const editor = useRegionEditor();
  const { hoveredMaskId } = useMaskView();
  const edits = useRegionEdits(inputImageId, regions);
  const [points, setPoints] = useState<StrokePoint[]>([]);
  const drawing = useRef<number | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  const selected = regions.find((r) => r.id === editor.selectedIds[0]) ?? null;
  const drawingTool = editor.tool !== 'select' && selected !== null;
  const width = layer.current?.clientWidth || 1;

  const at = (e: { clientX: number; clientY: number }): StrokePoint => {
    const rect = layer.current!.getBoundingClientRect();
    return { x: Math.min(1, Math.max(0, (e.clientX - rect.left) / rect.width)), y: Math.min(1, Math.max(0, (e.clientY - rect.top) / rect.height)) };
  };

  const finish = async () => {
    const line = points;
    drawing.current = null;
    if (!selected || line.length === 0) return setPoints([]);
    if (editor.tool === 'split') {
      if (line.length >= 2) await edits.split(selected, line);
    } else if (editor.tool === 'paint' || editor.tool === 'erase') {
      await edits.stroke(selected, line, editor.brushSize / width, editor.tool);
    }
    setPoints([]);
  };

  const path = points.map((p) => `${p.x * 100},${p.y * 100}`).join(' ');
  return (
    <div
      ref={layer}
      data-canvas-ui
      data-testid="region-editor-layer"
      className="absolute inset-0"
      style={{ cursor: drawingTool ? 'crosshair' : 'pointer' }}
      onClick={(e) => {
        if (editor.tool === 'select' || !selected) selectRegion(hoveredMaskId, e.shiftKey);
      }}
    >
      <MaskOverlay regions={regions} highlightId={selected?.id ?? hoveredMaskId} onHover={setHoveredMask} />
      {drawingTool ? (
        <svg
          data-testid="region-stroke"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="absolute inset-0 size-full touch-none"
          onPointerDown={(e) => {
            if (e.button !== 0 || editor.busy) return;
            e.stopPropagation();
            e.currentTarget.setPointerCapture(e.pointerId);
            drawing.current = e.pointerId;
            setPoints([at(e)]);
          }}
          onPointerMove={(e) => {
            if (drawing.current !== e.pointerId) return;
            const p = at(e);
            setPoints((prev) => [...prev, p]);
          }}
          onPointerUp={(e) => {
            if (drawing.current === e.pointerId) void finish();
          }}
          onPointerCancel={() => {
            drawing.current = null;
            setPoints([]);
          }}
        >
          {points.length > 0 ? (
            <polyline
              points={points.length === 1 ? `${path} ${path}` : path}
              fill="none"
              vectorEffect={editor.tool === 'split' ? 'non-scaling-stroke' : undefined}
              stroke={editor.tool === 'erase' ? 'rgb(0 0 0 / 0.55)' : editor.tool === 'split' ? '#ffffff' : (selected?.color ?? '#ffffff')}
              strokeOpacity={editor.tool === 'split' ? 1 : 0.7}
              strokeWidth={editor.tool === 'split' ? 2 : (editor.brushSize / width) * 100}
              strokeDasharray={editor.tool === 'split' ? '6 4' : undefined}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : null}
        </svg>
      ) : null}
    </div>
  );
}
