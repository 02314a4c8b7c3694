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
