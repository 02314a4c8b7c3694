import { useNavigate } from 'react-router';
import { GENERATION_ERROR_CODES, hasActivePlan, REFINE_MESSAGES } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useRefineGenerateMutation } from '../../../app/api/refine';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { toastWithAction } from '../../../components/ui/toast';
import { CREDITS_DEPLETED_MESSAGE, useWorkspaceCredits } from '../../credits';
import { hasCreditsFor } from '../refineLogic';
import { errorCleared, errorShown } from '../store/refineSlice';

/** Spec §8: the out-of-credits toast shows 6 s with an Upgrade Now action. */
const CREDITS_TOAST_MS = 6000;

function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/**
 * Generate (spec §5): needs a chosen image and its URL, an active plan, and credits for every
 * variation (else the out-of-credits toast and nothing is sent). Errors go to the red box.
 */
export function useRefineAction(imageUrl: string | null) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { selected, settings, variations } = useAppSelector((s) => s.refine);
  const credits = useWorkspaceCredits();
  const subscription = useAppSelector((s) => s.auth.subscription);
  const [refine, state] = useRefineGenerateMutation();

  const outOfCredits = () =>
    toastWithAction(CREDITS_DEPLETED_MESSAGE, {
      id: 'refine-credits',
      tone: 'error',
      duration: CREDITS_TOAST_MS,
      actionLabel: 'Upgrade Now',
      onAction: () => navigate('/subscription'),
    });

  const generate = async () => {
    if (state.isLoading) return;
    if (!selected || !imageUrl) {
      dispatch(errorShown(REFINE_MESSAGES.imageRequired));
      return;
    }
    if (!hasActivePlan(subscription)) {
      navigate('/subscription', { replace: true });
      return;
    }
    if (!hasCreditsFor(credits, variations)) {
      outOfCredits();
      return;
    }
    dispatch(errorCleared());
    try {
      await refine({ ...selected, imageUrl, ...settings, variations }).unwrap();
    } catch (error) {
      const code = errorCode(error);
      if (code === GENERATION_ERROR_CODES.insufficientCredits) outOfCredits();
      else if (code === GENERATION_ERROR_CODES.planRequired) navigate('/subscription', { replace: true });
      else dispatch(errorShown(errorMessage(error, REFINE_MESSAGES.generateFailed)));
    }
  };

  return { generate, submitting: state.isLoading, credits };
}
