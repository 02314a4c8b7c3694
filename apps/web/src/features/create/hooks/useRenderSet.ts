import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { GENERATION_ERROR_CODES, hasActivePlan, VIEW_SET_MESSAGES } from '@atelier/contract';
import { errorMessage } from '../../../app/api/http';
import { useRenderSetMutation } from '../../../app/api/viewSets';
import { useAppSelector } from '../../../app/hooks';
import { buildGenerationRequest } from '../generationRequest';

/**
 * "Render set": Create's current look (prompt, style, sliders, sections, the shown view's
 * materials by region) sent for every view of the set; the started set render is followed by id.
 */
export function useRenderSet(shownInputId: number | null) {
  const navigate = useNavigate();
  const customization = useAppSelector((s) => s.customization);
  const subscription = useAppSelector((s) => s.auth.subscription);
  const [renderSet, state] = useRenderSetMutation();
  const [active, setActive] = useState<{ set: string; id: number } | null>(null);

  /** `variations` is the number the total cost was shown for (so what is charged is what was asked). */
  const start = async (set: string, variations: number) => {
    if (shownInputId === null || state.isLoading) return;
    if (!hasActivePlan(subscription)) {
      navigate('/subscription', { replace: true });
      return;
    }
    const { inputImageId: _shown, existingBatchId: _none, ...look } = buildGenerationRequest(customization, shownInputId);
    try {
      const started = await renderSet({ ...look, variations, set, fromInputImageId: shownInputId }).unwrap();
      setActive({ set, id: started.id });
      toast.success(`Rendering ${started.views.length} views of “${set}” · ${started.cost} credits`, { id: 'render-set' });
    } catch (error) {
      const code = (error as { data?: { code?: unknown } }).data?.code;
      toast.error(errorMessage(error, VIEW_SET_MESSAGES.renderSetFailed), { id: 'render-set' });
      if (code === GENERATION_ERROR_CODES.planRequired) navigate('/subscription', { replace: true });
    }
  };

  return { start, starting: state.isLoading, activeRenderId: (set: string) => (active?.set === set ? active.id : null) };
}
