import clsx from 'clsx';
import { Eye, EyeOff, Palette, RotateCw, Shapes } from 'lucide-react';
import toast from 'react-hot-toast';
import { MASK_MESSAGES } from '@atelier/contract';
import { useLiveMessage } from '../../../app/socket/liveListeners';
import { Spinner } from '../../../components/ui/Spinner';
import { useGenerateRegions, useInputMasks } from '../hooks/useInputMasks';
import { setOverlayOn, useMaskView, type OverlayTarget } from '../store/maskView';
import { Tip } from './Tip';

/**
 * The Regions card of the Create inspector (spec §2 Generate Regions, §4 mask status): the
 * image's regions at a glance, Generate Regions (shows hidden regions when there are some, else
 * starts a generation), regenerate, the overlay switch, and the way to the materials.
 */
export function RegionsCard({
  inputImageId,
  imageUrl,
  onAssignMaterials,
  target = 'input',
}: {
  inputImageId: number | null;
  /** The input image's processed url, else its image url. */
  imageUrl: string | null;
  onAssignMaterials: () => void;
  /** What the canvas shows: the input image, or a render of it. */
  target?: OverlayTarget;
}) {
  const masks = useInputMasks(inputImageId);
  const regionsAction = useGenerateRegions({ inputImageId, imageUrl, regions: masks.regions, status: masks.status, target });
  const overlayOn = useMaskView().overlayOn[target];

  // masks_completed / masks_failed of this image (the cache has already been updated).
  useLiveMessage((message) => {
    if (inputImageId === null || !('inputImageId' in message) || message.inputImageId !== inputImageId) return;
    if (message.type === 'masks_completed') {
      setOverlayOn(target, true);
      toast.success(`${message.maskCount ?? 'The'} regions found`, { id: `masks-${inputImageId}` });
    } else if (message.type === 'masks_failed') {
      toast.error(message.error || MASK_MESSAGES.generationFailed, { id: `masks-${inputImageId}` });
    }
  });

  const count = masks.regions.length;
  const visible = masks.regions.filter((r) => r.isVisible);
  const hidden = count - visible.length;
  const styled = masks.regions.filter((r) => r.materialOption || r.customizationOption || r.customText).length;
  const processing = masks.status === 'processing' || regionsAction.starting;

  return (
    <section aria-label="Regions" className="mt-3 rounded-xl border border-stone-200 bg-white px-3 py-2.5">
      <div className="flex items-center justify-between">
        <h3 className="text-[11px] font-semibold tracking-wide text-stone-500 uppercase">Regions</h3>
        <div className="-mr-1 flex items-center gap-0.5">
          {count > 0 ? (
            <Tip label={overlayOn ? 'Hide the regions on the canvas' : 'Show the regions on the canvas'}>
              <button
                type="button"
                aria-label={overlayOn ? 'Hide regions on the canvas' : 'Show regions on the canvas'}
                aria-pressed={overlayOn}
                onClick={() => setOverlayOn(target, !overlayOn)}
                className={iconButton}
              >
                {overlayOn ? <Eye className="size-3.5" /> : <EyeOff className="size-3.5" />}
              </button>
            </Tip>
          ) : null}
          {count > 0 || masks.status === 'failed' ? (
            <Tip label="Find the regions again (replaces them)">
              <button type="button" aria-label="Regenerate regions" disabled={regionsAction.disabled} onClick={() => void regionsAction.regenerate()} className={iconButton}>
                <RotateCw className="size-3.5" />
              </button>
            </Tip>
          ) : null}
        </div>
      </div>

      <div className="mt-1 min-h-5 text-xs leading-5" aria-live="polite">
        {processing ? (
          <span className="inline-flex items-center gap-2 text-stone-600">
            <Spinner size="xs" className="text-brand-600" /> Finding regions…
          </span>
        ) : masks.status === 'failed' ? (
          <span className="text-red-600">{masks.error ?? MASK_MESSAGES.generationFailed}</span>
        ) : masks.fetchError ? (
          <span className="text-red-600">{masks.fetchError}</span>
        ) : count > 0 ? (
          <span className="flex items-center gap-2 text-stone-600">
            <span className="flex -space-x-1" aria-hidden>
              {visible.slice(0, 8).map((r) => (
                <span key={r.id} className="size-3 rounded-full ring-2 ring-white" style={{ background: r.color }} />
              ))}
            </span>
            <span>
              {count} region{count === 1 ? '' : 's'}
              {styled > 0 ? ` · ${styled} with material` : ''}
              {hidden > 0 ? ` · ${hidden} hidden` : ''}
            </span>
          </span>
        ) : (
          <span className="text-stone-500">Split the image into regions to give each its own material.</span>
        )}
      </div>

      <div className="mt-2 flex gap-1.5">
        <button
          type="button"
          onClick={() => void regionsAction.generate()}
          disabled={regionsAction.disabled}
          aria-busy={processing || undefined}
          className={clsx(actionButton, 'flex-1 border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50')}
        >
          {processing ? <Spinner size="xs" /> : <Shapes className="size-3.5" aria-hidden />}
          Generate Regions
        </button>
        {count > 0 ? (
          <button type="button" onClick={onAssignMaterials} className={clsx(actionButton, 'border-brand-200 bg-brand-50 text-brand-800 hover:border-brand-300 hover:bg-brand-100')}>
            <Palette className="size-3.5" aria-hidden /> Materials
          </button>
        ) : null}
      </div>
    </section>
  );
}

const iconButton =
  'flex size-6 items-center justify-center rounded-md text-stone-400 transition-colors hover:bg-stone-100 hover:text-stone-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-40 disabled:hover:bg-transparent';
const actionButton =
  'inline-flex h-8 items-center justify-center gap-1.5 rounded-lg border px-2.5 text-[12.5px] font-medium shadow-card transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-50';
