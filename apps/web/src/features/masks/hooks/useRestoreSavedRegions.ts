import { useEffect } from 'react';
import { useLazyGetSavedPromptQuery } from '../../../app/api/prompts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { initialDrafts, mappingsFromDrafts, materialChoices } from '../lib/regionDrafts';
import { savedRegionsRestored } from '../store/regionSettings';
import { useInputMasks } from './useInputMasks';

/**
 * Selecting an input image clears the prompt and the mask mappings (spec §2), but the server keeps
 * what was saved for that image: its prompt (GET /ai-prompt/prompt/{id}) and its regions' styles.
 * While both settings are blank for a selected input image, this fills them back from the server,
 * so what the Prompt and Regions cards show is what Create sends. Only blanks are filled: a
 * prompt or mappings set meanwhile (typed, or restored from a render) win.
 */
export function useRestoreSavedRegions(inputImageId: number | null) {
  const dispatch = useAppDispatch();
  const masks = useInputMasks(inputImageId);
  const [loadSavedPrompt] = useLazyGetSavedPromptQuery();
  const catalog = useAppSelector((s) => s.customization.availableOptions);
  const blank = useAppSelector((s) => s.customization.generatedPrompt.trim() === '' && Object.keys(s.customization.maskMaterialMappings).length === 0);
  const masksReady = !masks.loading && masks.status !== 'processing';
  // The regions' stored styles, as a stable key (the regions list is a new array on every render).
  const stylesKey = masks.regions.map((r) => `${r.id}:${r.materialOption?.id ?? ''}:${r.customizationOption?.id ?? ''}:${r.customText ?? ''}`).join('|');

  useEffect(() => {
    if (inputImageId === null || !blank || !masksReady) return;
    const regions = masks.regions;
    let live = true;
    loadSavedPrompt(inputImageId)
      .unwrap()
      .catch(() => null) // No saved prompt to restore: the cards show the defaults, as Create sends them.
      .then((generatedPrompt) => {
        if (!live) return;
        const maskMaterialMappings = mappingsFromDrafts(regions, initialDrafts(regions, {}), materialChoices(catalog), catalog);
        dispatch(savedRegionsRestored({ maskMaterialMappings, generatedPrompt }));
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the settings are blank for a selected input image whose regions are known
  }, [inputImageId, blank, masksReady, stylesKey]);
}
