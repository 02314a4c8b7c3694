import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { GENERATION_ERROR_CODES, GENERATION_MESSAGES, hasActivePlan, IMAGE_MESSAGES, type GeneratedImage } from '@atelier/contract';
import { customizationApi } from '../../../app/api/customization';
import { useGenerateMutation } from '../../../app/api/generation';
import { errorMessage } from '../../../app/api/http';
import { useCreateInputFromGeneratedMutation, useSaveInputSettingsMutation } from '../../../app/api/images';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastWithAction } from '../../../components/ui/toast';
import { CREDITS_DEPLETED_MESSAGE, useWorkspaceCredits } from '../../credits';
import { customizationReducer, initialCustomizationState, settingsLoaded } from '../../customization';
import { buildGenerationRequest, settingsToSave } from '../generationRequest';
import type { Selection } from './useCreateSelection';

/** Spec §8: the out-of-credits toast shows 6 s with an Upgrade Now action. */
const CREDITS_TOAST_MS = 6000;

/** Whether the balance covers a Create of `variations` (one credit each, spec §5). */
/** Null: the workspace's balance is not known yet (a team's pool just after a switch); the server decides. */
export function hasCreditsFor(credits: number | null, variations: number): boolean {
  return credits === null || credits >= variations;
}

function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * The Create action (spec §2, §5): the plan guard, the credit check (nothing is sent without
 * enough credits), and from a render: save the settings to its original input, continue from a
 * new input copied from the render (masks included), select it, then render.
 */
export function useCreateAction({
  selection,
  selectedGenerated,
  baseInputId,
  selectInputSilently,
}: {
  selection: Selection | null;
  selectedGenerated: GeneratedImage | null;
  baseInputId: number | null;
  selectInputSilently: (id: number) => void;
}) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const customization = useAppSelector((s) => s.customization);
  const credits = useWorkspaceCredits();
  const subscription = useAppSelector((s) => s.auth.subscription);
  const [generate, generation] = useGenerateMutation();
  const [createInputFromGenerated] = useCreateInputFromGeneratedMutation();
  const [saveInputSettings] = useSaveInputSettingsMutation();
  const [preparing, setPreparing] = useState(false);
  const [addingVariation, setAddingVariation] = useState(false);

  const outOfCredits = () =>
    toastWithAction(CREDITS_DEPLETED_MESSAGE, {
      id: 'create-credits',
      tone: 'error',
      duration: CREDITS_TOAST_MS,
      actionLabel: 'Upgrade Now',
      onAction: () => navigate('/subscription'),
    });

  const create = async () => {
    if (!selection || preparing || generation.isLoading) return;
    if (!hasActivePlan(subscription)) {
      navigate('/subscription', { replace: true });
      return;
    }
    if (!hasCreditsFor(credits, customization.variations)) {
      outOfCredits();
      return;
    }

    let inputImageId: number;
    if (selection.kind === 'input') {
      inputImageId = selection.id;
    } else {
      if (!selectedGenerated || baseInputId === null) {
        toast.error(GENERATION_MESSAGES.batchInputMissing);
        return;
      }
      setPreparing(true);
      try {
        try {
          await saveInputSettings({ id: baseInputId, settings: settingsToSave(customization) }).unwrap();
        } catch (error) {
          // Keeping the settings with the original is a courtesy; the render goes on.
          console.warn('Could not save the settings to the original input image:', error);
        }
        const input = await createInputFromGenerated({
          generatedImageUrl: selectedGenerated.id,
          generatedThumbnailUrl: selectedGenerated.thumbnailUrl,
          originalInputImageId: baseInputId,
          fileName: `render_${selectedGenerated.batchId}_${selectedGenerated.variationNumber}.jpg`,
          uploadSource: 'CREATE_MODULE',
        }).unwrap();
        selectInputSilently(input.id);
        inputImageId = input.id;
      } catch (error) {
        toast.error(errorMessage(error, IMAGE_MESSAGES.createInputFromGeneratedFailed));
        return;
      } finally {
        setPreparing(false);
      }
    }

    try {
      await generate(buildGenerationRequest(customization, inputImageId)).unwrap();
    } catch (error) {
      const code = errorCode(error);
      if (code === GENERATION_ERROR_CODES.insufficientCredits) outOfCredits();
      else if (code === GENERATION_ERROR_CODES.planRequired) navigate('/subscription', { replace: true });
      else toast.error(errorMessage(error, GENERATION_MESSAGES.generateFailed));
    }
  };

  /** One more variation into a batch (its free slot), with the batch's own input and settings; 1 credit. */
  const addVariation = async (batchId: number) => {
    if (addingVariation || preparing || generation.isLoading) return;
    if (!hasActivePlan(subscription)) {
      navigate('/subscription', { replace: true });
      return;
    }
    if (!hasCreditsFor(credits, 1)) {
      outOfCredits();
      return;
    }
    setAddingVariation(true);
    try {
      let reply;
      try {
        reply = await dispatch(customizationApi.endpoints.getBatchSettings.initiate(batchId, { subscribe: false })).unwrap();
      } catch (error) {
        toast.error(errorMessage(error, GENERATION_MESSAGES.loadBatchSettingsFailed));
        return;
      }
      // A batch whose input image is gone cannot have more variations.
      if (reply.settings.inputImageId === null) {
        toast.error(GENERATION_MESSAGES.batchInputMissing);
        return;
      }
      const batchState = customizationReducer(initialCustomizationState, settingsLoaded(reply.settings));
      await generate({ ...buildGenerationRequest({ ...batchState, variations: 1 }, reply.settings.inputImageId), existingBatchId: batchId }).unwrap();
    } catch (error) {
      const code = errorCode(error);
      if (code === GENERATION_ERROR_CODES.insufficientCredits) outOfCredits();
      else toast.error(errorMessage(error, GENERATION_MESSAGES.generateFailed));
    } finally {
      setAddingVariation(false);
    }
  };

  return {
    create,
    addVariation,
    addingVariation,
    submitting: preparing || generation.isLoading,
    hasEnoughCredits: hasCreditsFor(credits, customization.variations),
    credits,
    cost: customization.variations,
  };
}
