import { skipToken } from '@reduxjs/toolkit/query';
import { useGetMasksQuery } from '../../../app/api/masks';
import { RegionEditLayer } from '../editor/RegionEditLayer';
import { useRegionEditor } from '../editor/regionEditorStore';
import { RegionEditToolbar } from '../editor/RegionEditToolbar';
import { useInputMasks } from '../hooks/useInputMasks';
import { regionName } from '../lib/regionDrafts';
import { setHoveredMask, useMaskView, type OverlayTarget } from '../store/maskView';
import { GeometryOverlay, GeometryPanel } from './GeometryOverlay';
import { MaskOverlay } from './MaskOverlay';
import { RegionLegend } from './RegionLegend';

/** The overlay layer of the Create canvas: the image's regions over it while the overlay is on (editable while the region editor is on). */
export function CanvasMaskLayer({ inputImageId, target }: { inputImageId: number | null; target: OverlayTarget }) {
  const { regions } = useInputMasks(inputImageId);
  const view = useMaskView();
  const hoveredMaskId = view.hoveredMaskId;
  const editor = useRegionEditor();
  if (!view.overlayOn[target] || regions.length === 0) return null;
  if (editor.active && target === 'input' && inputImageId !== null) return <RegionEditLayer inputImageId={inputImageId} regions={regions} />;
  return (
    <>
      <MaskOverlay regions={regions} highlightId={hoveredMaskId} onHover={setHoveredMask} />
      {view.geometryOn && inputImageId !== null ? <GeometryOverlay inputImageId={inputImageId} /> : null}
    </>
  );
}

/** The canvas's region editor controls, region list and the name of the region under the pointer. */
export function CanvasRegionPanel({ inputImageId, target }: { inputImageId: number | null; target: OverlayTarget }) {
  const { regions } = useInputMasks(inputImageId);
  const view = useMaskView();
  const hoveredMaskId = view.hoveredMaskId;
  const { isFetching } = useGetMasksQuery(inputImageId ?? skipToken);
  if (inputImageId === null || !view.overlayOn[target] || regions.length === 0) return null;
  const hovered = regions.find((r) => r.id === hoveredMaskId);
  const material = hovered?.materialOption?.displayName ?? hovered?.customText;
  return (
    <div className="pointer-events-none flex flex-col items-end gap-2">
      {target === 'input' ? <RegionEditToolbar inputImageId={inputImageId} regions={regions} fetching={isFetching} /> : null}
      <RegionLegend inputImageId={inputImageId} regions={regions} />
      <GeometryPanel inputImageId={inputImageId} regions={regions} />
      {hovered ? (
        <div role="status" className="inline-flex max-w-60 items-center gap-2 rounded-full bg-stone-900/85 px-3 py-1.5 text-xs text-white shadow-raised backdrop-blur">
          <span className="size-2.5 shrink-0 rounded-full" style={{ background: hovered.color }} aria-hidden />
          <span className="truncate font-medium">{regionName(hovered)}</span>
          {material ? <span className="truncate text-white/60">{material}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
