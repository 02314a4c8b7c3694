import clsx from 'clsx';
import { ChevronDown, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MASK_MESSAGES, type MaskRegion } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useSetMaskVisibilityMutation } from '../../../app/api/masks';
import { areaText, regionName } from '../lib/regionDrafts';
import { setHoveredMask, useMaskView } from '../store/maskView';
import { UnsureMark } from './UnsureMark';

/**
 * The regions on the canvas (spec §2): a compact list beside the image with each region's colour,
 * name and material, a visibility toggle per region, and hover that highlights the region on the
 * image (and follows the pointer over the image). Collapsible.
 */
/** The full list opens by default only on screens at least 1440 px wide. */
export const LEGEND_OPEN_MIN_WIDTH = 1440;
export function legendStartsOpen(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(`(min-width: ${LEGEND_OPEN_MIN_WIDTH}px)`).matches;
}

export function RegionLegend({ inputImageId, regions }: { inputImageId: number; regions: MaskRegion[] }) {
  // Below 1440 px the full list would cover a third of the canvas: it starts as a compact strip of swatches.
  const [open, setOpen] = useState(legendStartsOpen);
  const { hoveredMaskId } = useMaskView();
  const [setVisibility] = useSetMaskVisibilityMutation();

  const toggle = async (r: MaskRegion) => {
    try {
      await setVisibility({ maskId: r.id, inputImageId, isVisible: !r.isVisible }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, MASK_MESSAGES.visibilityFailed));
    }
  };

  return (
    <div
      data-canvas-ui
      className={clsx(
        'pointer-events-auto overflow-hidden rounded-xl border border-white/10 bg-stone-900/85 text-white shadow-raised backdrop-blur',
        open ? 'w-60' : 'w-44',
      )}
      onPointerLeave={() => setHoveredMask(null)}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex h-9 w-full items-center gap-2 px-3 text-left text-xs font-semibold tracking-wide text-white/90 uppercase hover:bg-white/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/50"
      >
        Regions
        <span className="rounded-full bg-white/10 px-1.5 text-[11px] font-medium tabular-nums normal-case">{regions.length}</span>
        {!open ? (
          <span className="flex min-w-0 items-center gap-1 overflow-hidden" data-testid="region-swatches" aria-hidden>
            {regions.slice(0, 8).map((r) => (
              <span key={r.id} className={clsx('size-2.5 shrink-0 rounded-[3px] ring-1 ring-white/30', r.isVisible ? '' : 'opacity-40')} style={{ background: r.color }} />
            ))}
          </span>
        ) : null}
        <ChevronDown className={clsx('ml-auto size-4 shrink-0 text-white/60 transition-transform', open ? 'rotate-180' : '')} aria-hidden />
      </button>
      {open ? (
        <ul aria-label="Regions on the canvas" className="max-h-[min(22rem,calc(100vh-18rem))] overflow-y-auto border-t border-white/10 py-1">
          {regions.map((r) => {
            const name = regionName(r);
            const text = r.customText === name ? null : r.customText;
            const material = r.materialOption?.displayName ?? r.customizationOption?.displayName ?? text;
            return (
              <li
                key={r.id}
                onPointerEnter={() => setHoveredMask(r.isVisible ? r.id : null)}
                className={clsx('flex items-center gap-2.5 px-3 py-1.5 transition-colors', hoveredMaskId === r.id ? 'bg-white/12' : '', r.isVisible ? '' : 'opacity-50')}
              >
                <span className="size-3 shrink-0 rounded-[4px] ring-1 ring-white/30" style={{ background: r.color }} aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5">
                    <span className="truncate text-[12.5px] leading-4 font-medium">{name}</span>
                    <UnsureMark region={r} tone="dark" />
                  </span>
                  <span className="block truncate text-[11px] leading-4 text-white/55">{material ?? `${areaText(r.area)} of the image`}</span>
                </span>
                {r.materialOption?.thumbnailUrl ? <img src={r.materialOption.thumbnailUrl} alt="" className="size-6 shrink-0 rounded object-cover ring-1 ring-white/20" /> : null}
                <button
                  type="button"
                  aria-label={`${r.isVisible ? 'Hide' : 'Show'} ${name}`}
                  aria-pressed={!r.isVisible}
                  onClick={() => void toggle(r)}
                  className="flex size-6 shrink-0 items-center justify-center rounded-md text-white/70 hover:bg-white/10 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
                >
                  {r.isVisible ? <Eye className="size-3.5" /> : <EyeOff className="size-3.5" />}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
