import { ART_STYLES, DEFAULT_PROMPT, type SaveInputSettingsRequest } from '@atelier/contract';
import type { CreateGenerationRequest } from '../../app/api/generation';
import type { CustomizationState } from '../customization';

const isArtStyle = (key: string) => (ART_STYLES as readonly string[]).includes(key);

/** The prompt sent: what the user wrote, else CREATE AN ARCHITECTURAL VISUALIZATION (spec §5). */
export function promptToSend(prompt: string): string {
  const p = prompt.trim();
  return p === '' ? DEFAULT_PROMPT : p;
}

/**
 * POST /runpod/generate from the customization state (spec §3): the slider values as the user
 * set them (the server derives the engine values), the section selections, and in art mode
 * the chosen art section as the art style.
 */
export function buildGenerationRequest(c: CustomizationState, inputImageId: number): CreateGenerationRequest {
  const artStyle = c.selectedStyle === 'art' ? (Object.keys(c.selections).find(isArtStyle) ?? null) : null;
  return {
    prompt: promptToSend(c.generatedPrompt),
    inputImageId,
    variations: c.variations,
    settings: {
      mode: c.selectedStyle,
      renderType: c.renderType,
      creativity: c.creativity,
      expressivity: c.expressivity,
      resemblance: c.resemblance,
      structureFidelity: c.structureFidelity,
      buildingType: c.selections.type ?? null,
      context: c.selections.context ?? null,
      styleSelection: c.selections.style ?? null,
      category: artStyle,
      artStyle,
      selections: { ...c.selections },
    },
    maskPrompts: maskPromptsOf(c.maskMaterialMappings),
    maskMaterialMappings: c.maskMaterialMappings,
    aiPromptMaterials: c.aiMaterials,
    contextSelection: c.contextSelection,
    sliderSettings: { creativity: c.creativity, expressivity: c.expressivity, resemblance: c.resemblance, selectedStyle: c.selectedStyle },
  };
}

/** Spec §3 maskPrompts (keyed mask_{id}): the text of each region's mapping. */
export function maskPromptsOf(mappings: CustomizationState['maskMaterialMappings']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, m] of Object.entries(mappings)) if (typeof m.customText === 'string' && m.customText.trim()) out[key] = m.customText.trim().slice(0, 1000);
  return out;
}

/** The settings saved to the original input before continuing from one of its renders. */
export function settingsToSave(c: CustomizationState): SaveInputSettingsRequest {
  return {
    selectedStyle: c.selectedStyle,
    renderType: c.renderType,
    variations: c.variations,
    creativity: c.creativity,
    expressivity: c.expressivity,
    resemblance: c.resemblance,
    selections: { ...c.selections },
    maskMaterialMappings: c.maskMaterialMappings,
    contextSelection: c.contextSelection,
    generatedPrompt: c.generatedPrompt.trim() || null,
    aiMaterials: c.aiMaterials,
  };
}
