import type { AiPromptMaterial, MaskMaterialMapping } from '@atelier/contract';
import type { AppDispatch, RootState } from '../../../app/store';
import { settingsLoaded } from '../../customization';

/**
 * Puts the prompt modal's saved configuration into the customization settings (the mask material
 * mappings a Create sends, the AI prompt materials and the prompt), leaving every other setting as
 * it is: the customization slice's settingsLoaded with the current values and these three.
 */
export function regionSettingsSaved(patch: { maskMaterialMappings: Record<string, MaskMaterialMapping>; aiMaterials: AiPromptMaterial[]; generatedPrompt: string }) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const c = getState().customization;
    dispatch(
      settingsLoaded({
        selectedStyle: c.selectedStyle,
        variations: c.variations,
        creativity: c.creativity,
        expressivity: c.expressivity,
        resemblance: c.resemblance,
        selections: c.selections,
        contextSelection: c.contextSelection,
        maskMaterialMappings: patch.maskMaterialMappings,
        aiMaterials: patch.aiMaterials,
        generatedPrompt: patch.generatedPrompt,
      }),
    );
  };
}

/**
 * What the server saved for a freshly selected input image (its prompt, its regions' styles as
 * mappings) fills the settings that are still blank; a prompt or mappings set meanwhile win.
 */
export function savedRegionsRestored(saved: { maskMaterialMappings: Record<string, MaskMaterialMapping>; generatedPrompt: string | null }) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const c = getState().customization;
    const promptBlank = c.generatedPrompt.trim() === '';
    const mappingsBlank = Object.keys(c.maskMaterialMappings).length === 0;
    const prompt = promptBlank ? (saved.generatedPrompt ?? '').trim() : c.generatedPrompt;
    const mappings = mappingsBlank ? saved.maskMaterialMappings : c.maskMaterialMappings;
    const fillsPrompt = promptBlank && prompt !== '';
    const fillsMappings = mappingsBlank && Object.keys(mappings).length > 0;
    if (!fillsPrompt && !fillsMappings) return;
    dispatch(regionSettingsSaved({ maskMaterialMappings: mappings, aiMaterials: c.aiMaterials as AiPromptMaterial[], generatedPrompt: prompt }));
  };
}
