import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { RefineImageType } from '@atelier/contract';
import { useAppDispatch } from '../../../app/hooks';
import { imageReceived, type PinnedImage } from '../store/refineSlice';

/** The navigation state Create's "Upscale Image" sends (spec §2): imageId, imageUrl, imageType. */
export function readNavigationImage(state: unknown): PinnedImage | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as { imageId?: unknown; imageUrl?: unknown; imageType?: unknown };
  const imageId = typeof s.imageId === 'number' ? s.imageId : typeof s.imageId === 'string' ? Number(s.imageId) : NaN;
  if (!Number.isInteger(imageId) || imageId <= 0) return null;
  const imageType: RefineImageType = s.imageType === 'generated' ? 'generated' : 'uploaded';
  return { imageId, imageType, imageUrl: typeof s.imageUrl === 'string' ? s.imageUrl : null };
}

/**
 * Takes the image sent from Create, selects it (pinned at the head of the strip), then clears
 * the navigation state so a reload or Back does not apply it again. Answers whether one is
 * still to be applied (the auto-select waits for it).
 */
export function useNavigationImage(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const received = readNavigationImage(location.state);
  useEffect(() => {
    if (!received) return;
    dispatch(imageReceived(received));
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation state
  }, [location.key]);
  return received !== null;
}
