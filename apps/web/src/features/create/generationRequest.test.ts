import { describe, expect, it } from 'vitest';
import { initialCustomizationState } from '../customization';
import { buildGenerationRequest, promptToSend, settingsToSave } from './generationRequest';

describe('the generation request', () => {
  it('sends CREATE AN ARCHITECTURAL VISUALIZATION for an empty prompt', () => {
    expect(promptToSend('  ')).toBe('CREATE AN ARCHITECTURAL VISUALIZATION');
    expect(promptToSend(' a villa ')).toBe('a villa');
  });

  it('carries the slider values as set and the selections by section', () => {
    const request = buildGenerationRequest(
      { ...initialCustomizationState, variations: 4, creativity: 4, selections: { walls: 'walls-brick-red-running-bond', lighting: 'lighting-sunset', type: 'type-villa' } },
      7,
    );
    expect(request).toMatchObject({
      prompt: 'CREATE AN ARCHITECTURAL VISUALIZATION',
      inputImageId: 7,
      variations: 4,
      settings: {
        mode: 'photorealistic',
        creativity: 4,
        expressivity: 2,
        resemblance: 3,
        buildingType: 'type-villa',
        artStyle: null,
        selections: { walls: 'walls-brick-red-running-bond', lighting: 'lighting-sunset', type: 'type-villa' },
      },
    });
  });

  it('sends the chosen render type with the settings and saves it with the input settings', () => {
    const state = { ...initialCustomizationState, renderType: 'aerial' as const };
    expect(buildGenerationRequest(state, 7).settings?.renderType).toBe('aerial');
    expect(settingsToSave(state).renderType).toBe('aerial');
    expect(buildGenerationRequest(initialCustomizationState, 7).settings?.renderType).toBe('exterior');
  });

  it('sends the mask mappings and, keyed alike, the text of each region as its mask prompt', () => {
    const maskMaterialMappings = { mask_11: { materialOptionId: 'walls-brick-red-running-bond', customText: ' weathered ' }, mask_12: { materialOptionId: 'floors-wood-oak-planks', customText: null } };
    const request = buildGenerationRequest({ ...initialCustomizationState, maskMaterialMappings }, 7);
    expect(request.maskMaterialMappings).toEqual(maskMaterialMappings);
    expect(request.maskPrompts).toEqual({ mask_11: 'weathered' });
  });

  it('names the art section as the art style in art mode', () => {
    const request = buildGenerationRequest({ ...initialCustomizationState, selectedStyle: 'art', selections: { linocut: 'linocut-black-ink' } }, 7);
    expect(request.settings).toMatchObject({ mode: 'art', artStyle: 'linocut', category: 'linocut' });
  });

  it('saves the prompt with the settings only when there is one', () => {
    expect(settingsToSave({ ...initialCustomizationState, generatedPrompt: '' }).generatedPrompt).toBeNull();
    expect(settingsToSave({ ...initialCustomizationState, generatedPrompt: 'LOFT' })).toMatchObject({ generatedPrompt: 'LOFT', creativity: 3 });
  });
});
