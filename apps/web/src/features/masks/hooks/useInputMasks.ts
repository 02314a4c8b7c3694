import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { MASK_MESSAGES, type MaskRegion, type MaskStatus } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useAppSelector } from '../../../app/hooks';
import { useGenerateMasksMutation, useGetMasksQuery, useSetMaskVisibilityMutation } from '../../../app/api/masks';
import { setOverlayOn, type OverlayTarget } from '../store/maskView';

/** While a generation runs the masks are read again this often, in case a live message is lost. */
const PROCESSING_POLL_MS = 5000;

/** An input image's regions and mask status (spec §4), read again while processing. */
export function useInputMasks(inputImageId: number | null) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useGetMasksQuery(inputImageId ?? skipToken, { pollingInterval });
  const data = query.data;
  const processing = data?.maskStatus === 'processing';
  useEffect(() => setPollingInterval(processing ? PROCESSING_POLL_MS : 0), [processing]);
  const regions: MaskRegion[] = data?.maskRegions ?? [];
  const status: MaskStatus = data?.maskStatus ?? 'none';
  return {
    regions,
    status,
    error: data?.error ?? null,
    loading: query.isLoading,
    fetchError: query.isError ? errorMessage(query.error, MASK_MESSAGES.fetchFailed) : null,
    refetch: query.refetch,
  };
}

/**
 * Generate Regions (spec §2): when the image has regions, hidden ones are shown again; otherwise
 * a generation starts with the processed url, else the image url (none: 'No image URL available
 * for mask generation'). Regenerate always starts a new generation. The render type chosen in
 * Create goes with it.
 */
export function useGenerateRegions({
  inputImageId,
  imageUrl,
  regions,
  status,
  target = 'input',
}: {
  inputImageId: number | null;
  imageUrl: string | null;
  regions: MaskRegion[];
  status: MaskStatus;
  /** The overlay that turns on (over the input image, or over a render of it). */
  target?: OverlayTarget;
}) {
  const [generateMasks] = useGenerateMasksMutation();
  // The render type chosen in Create steers the labels (interior: wall, floor, ceiling, window).
  const renderType = useAppSelector((s) => s.customization.renderType);
  const [setVisibility] = useSetMaskVisibilityMutation();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    if (inputImageId === null) return;
    if (!imageUrl) {
      toast.error(MASK_MESSAGES.noImageUrl);
      return;
    }
    setStarting(true);
    try {
      await generateMasks({ inputImageId, imageUrl, renderType }).unwrap();
      setOverlayOn(target, true);
    } catch (error) {
      toast.error(errorMessage(error, MASK_MESSAGES.generateFailed));
    } finally {
      setStarting(false);
    }
  };

  const generate = async () => {
    if (inputImageId === null || starting || status === 'processing') return;
    if (regions.length === 0) return start();
    setOverlayOn(target, true);
    const hidden = regions.filter((r) => !r.isVisible);
    const results = await Promise.allSettled(hidden.map((r) => setVisibility({ maskId: r.id, inputImageId, isVisible: true }).unwrap()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) toast.error(errorMessage(failed.reason, MASK_MESSAGES.visibilityFailed));
  };

  return {
    generate,
    regenerate: start,
    starting,
    /** Spec §2: disabled while processing or with no image. */
    disabled: inputImageId === null || status === 'processing' || starting,
  };
}
