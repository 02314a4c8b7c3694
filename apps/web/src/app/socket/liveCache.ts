import type { LiveMessage } from '@atelier/contract';
import { updateCredits } from '../../features/auth/store/authSlice';
import { api } from '../api/base';
import { createImageNotesAdded, createImageUpdated, createImagesStarted, flattenCreateImages, generationApi, placeholderImage } from '../api/generation';
import { applyMasksLiveMessage } from '../api/masks';
import { applyRefineLiveMessage } from '../api/refine';
import { applyTweakLiveMessage } from '../api/tweak';
import { setVariationProgress } from './liveListeners';

type Dispatch = (action: unknown) => unknown;
type GetState = () => unknown;

const isCreate = (moduleType: string | undefined | null) => !moduleType || moduleType === 'CREATE';

function cachedCreateImageIds(getState: GetState): Set<number> {
  const entry = generationApi.endpoints.getCreateImages.select(undefined)(getState() as never);
  return new Set(flattenCreateImages(entry.data).map((i) => i.id));
}

/**
 * The one place where live messages change cached server data (spec §4): the credit balance,
 * the CREATE images of the History strip, the refine results (applyRefineLiveMessage), batch
 * statuses, masks. Features react to messages through onLiveMessage, after this has run.
 */
export function applyLiveMessage(message: LiveMessage, dispatch: Dispatch, getState: GetState): void {
  applyRefineLiveMessage(message, dispatch, getState);
  applyTweakLiveMessage(message, dispatch, getState);
  switch (message.type) {
    case 'generation_started': {
      dispatch(updateCredits(message.remainingCredits));
      if (isCreate(message.moduleType)) {
        // Another tab (or this one, before the reply) started it: show its slots at once.
        dispatch(
          createImagesStarted(
            message.imageIds.map((imageId, i) =>
              placeholderImage({ imageId, batchId: message.batchId, variationNumber: i + 1, inputImageId: message.inputImageId }),
            ),
          ),
        );
      }
      dispatch(api.util.invalidateTags([{ type: 'Batch', id: message.batchId }]));
      return;
    }
    case 'variation_started':
      dispatch(createImageUpdated(message.imageId, { status: 'PROCESSING', runpodStatus: message.runpodStatus, variationNumber: message.variationNumber }));
      setVariationProgress(message.imageId, 0);
      return;
    case 'variation_progress':
      setVariationProgress(message.imageId, message.percentage);
      return;
    case 'variation_completed': {
      setVariationProgress(message.imageId, null);
      if (isCreate(message.moduleType)) {
        if (cachedCreateImageIds(getState).has(message.imageId)) {
          dispatch(
            createImageUpdated(message.imageId, {
              status: 'COMPLETED',
              runpodStatus: 'COMPLETED',
              imageUrl: message.url,
              processedImageUrl: message.url,
              thumbnailUrl: message.thumbnailUrl,
              variationNumber: message.variationNumber,
              // When it completed: the auto-select rule looks at this.
              updatedAt: new Date().toISOString(),
            }),
          );
          if (message.previewNotes) dispatch(createImageNotesAdded(message.imageId, message.previewNotes));
        } else {
          dispatch(api.util.invalidateTags(['CreateImage']));
        }
      }
      dispatch(api.util.invalidateTags([{ type: 'Batch', id: message.batchId }]));
      return;
    }
    case 'variation_failed':
      setVariationProgress(message.imageId, null);
      dispatch(createImageUpdated(message.imageId, { status: 'FAILED', runpodStatus: 'FAILED' }));
      if (message.remainingCredits !== undefined) dispatch(updateCredits(message.remainingCredits));
      dispatch(api.util.invalidateTags([{ type: 'Batch', id: message.batchId }]));
      return;
    case 'batch_completed': {
      dispatch(api.util.invalidateTags([{ type: 'Batch', id: message.batchId }]));
      if (isCreate(message.moduleType)) {
        const known = cachedCreateImageIds(getState);
        if (message.completedImages.some((i) => !known.has(i.id))) dispatch(api.util.invalidateTags(['CreateImage']));
      }
      return;
    }
    case 'masks_completed':
    case 'masks_failed':
      // The image's masks (and, when completed, its AI prompt materials) load again.
      applyMasksLiveMessage(message, dispatch, getState);
      return;
    default:
      return;
  }
}
