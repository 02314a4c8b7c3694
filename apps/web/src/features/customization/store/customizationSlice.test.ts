import { describe, expect, it } from 'vitest';
import { logout } from '../../auth/store/authSlice';
import {
  creativityChanged,
  customizationReducer,
  expressivityChanged,
  initialCustomizationState,
  inputImageSelected,
  optionToggled,
  optionsRequested,
  promptChanged,
  queryParamsApplied,
  resemblanceChanged,
  sectionToggled,
  settingsLoaded,
  styleChanged,
  variationsChanged,
  type CustomizationState,
} from './customizationSlice';

const reduce = (actions: Array<{ type: string }>, from: CustomizationState = initialCustomizationState) =>
  actions.reduce((s, a) => customizationReducer(s, a), from);

describe('customization slice', () => {
  it('starts photorealistic with 1 variation and creativity 3, expressivity 2, resemblance 3', () => {
    const s = customizationReducer(undefined, { type: 'init' });
    expect(s).toMatchObject({ selectedStyle: 'photorealistic', variations: 1, creativity: 3, expressivity: 2, resemblance: 3, generatedPrompt: '' });
  });

  it('keeps the sliders in their ranges: creativity 2–4, expressivity 1–6, resemblance 1–10, variations 1–4', () => {
    expect(reduce([creativityChanged(9)]).creativity).toBe(4);
    expect(reduce([creativityChanged(0)]).creativity).toBe(2);
    expect(reduce([expressivityChanged(7)]).expressivity).toBe(6);
    expect(reduce([expressivityChanged(-2)]).expressivity).toBe(1);
    expect(reduce([resemblanceChanged(11)]).resemblance).toBe(10);
    expect(reduce([resemblanceChanged(0)]).resemblance).toBe(1);
    expect(reduce([variationsChanged(5)]).variations).toBe(4);
    expect(reduce([variationsChanged(0)]).variations).toBe(1);
    expect(reduce([creativityChanged(3.4)]).creativity).toBe(3);
  });

  it('picks one option per section and unpicks it when picked again', () => {
    let s = reduce([optionToggled({ section: 'walls', optionId: 'walls-brick-red' }), optionToggled({ section: 'lighting', optionId: 'lighting-sunset' })]);
    expect(s.selections).toEqual({ walls: 'walls-brick-red', lighting: 'lighting-sunset' });
    s = reduce([optionToggled({ section: 'walls', optionId: 'walls-concrete' })], s);
    expect(s.selections.walls).toBe('walls-concrete');
    s = reduce([optionToggled({ section: 'walls', optionId: 'walls-concrete' })], s);
    expect(s.selections).toEqual({ lighting: 'lighting-sunset' });
  });

  it('keeps the context pick as the context selection too', () => {
    let s = reduce([optionToggled({ section: 'context', optionId: 'context-forest', displayName: 'Forest' })]);
    expect(s.contextSelection).toEqual({ id: 'context-forest', displayName: 'Forest' });
    s = reduce([optionToggled({ section: 'context', optionId: 'context-forest' })], s);
    expect(s.contextSelection).toBeNull();
  });

  it('clears the selections when the style changes', () => {
    const s = reduce([optionToggled({ section: 'walls', optionId: 'walls-brick-red' }), styleChanged('art')]);
    expect(s.selectedStyle).toBe('art');
    expect(s.selections).toEqual({});
    // Choosing the same style again changes nothing.
    const same = reduce([optionToggled({ section: 'walls', optionId: 'w' }), styleChanged('photorealistic')]);
    expect(same.selections).toEqual({ walls: 'w' });
  });

  it('applies one art style at a time', () => {
    const s = reduce([
      styleChanged('art'),
      optionToggled({ section: 'aquarelle', optionId: 'aquarelle-loose-wash' }),
      optionToggled({ section: 'linocut', optionId: 'linocut-black-ink' }),
    ]);
    expect(s.selections).toEqual({ linocut: 'linocut-black-ink' });
  });

  it('opens one section at a time per style', () => {
    let s = reduce([sectionToggled('walls'), sectionToggled('lighting')]);
    expect(s.openSection).toEqual({ photorealistic: 'lighting', art: null });
    s = reduce([styleChanged('art'), sectionToggled('linocut'), styleChanged('photorealistic')], s);
    expect(s.openSection).toEqual({ photorealistic: 'lighting', art: 'linocut' });
    s = reduce([sectionToggled('lighting')], s);
    expect(s.openSection.photorealistic).toBeNull();
  });

  it('clears mask mappings, context selection, prompt and materials when an input image is selected, and keeps the rest', () => {
    const loaded = reduce([
      settingsLoaded({
        selectedStyle: 'photorealistic',
        variations: 4,
        creativity: 4,
        selections: { walls: 'walls-brick-red' },
        maskMaterialMappings: { mask_1: { customText: 'brick' } },
        contextSelection: { id: 'context-forest' },
        generatedPrompt: 'A VILLA AT DUSK',
        aiMaterials: [{ id: 1 }],
      }),
    ]);
    const s = reduce([inputImageSelected()], loaded);
    expect(s).toMatchObject({ maskMaterialMappings: {}, contextSelection: null, generatedPrompt: '', aiMaterials: [] });
    expect(s).toMatchObject({ variations: 4, creativity: 4, selections: { walls: 'walls-brick-red' } });
  });

  it('restores settings from a batch or image, with 3/2/3 for missing levels', () => {
    const s = reduce([
      creativityChanged(4),
      expressivityChanged(6),
      resemblanceChanged(9),
      settingsLoaded({ selectedStyle: 'art', selections: { linocut: 'linocut-black-ink', artStyle: 'linocut' }, generatedPrompt: 'INK' }),
    ]);
    expect(s).toMatchObject({ selectedStyle: 'art', variations: 1, creativity: 3, expressivity: 2, resemblance: 3, generatedPrompt: 'INK' });
    expect(s.selections).toEqual({ linocut: 'linocut-black-ink' });
  });

  it('restores stored levels and clamps bad ones', () => {
    const s = reduce([settingsLoaded({ variations: 3, creativity: 2, expressivity: 5, resemblance: 40 })]);
    expect(s).toMatchObject({ selectedStyle: 'photorealistic', variations: 3, creativity: 2, expressivity: 5, resemblance: 10 });
  });

  it('takes prompt and levels from the query parameters, leaving the others', () => {
    const s = reduce([queryParamsApplied({ prompt: 'Loft', creativity: '4', variations: '9', resemblance: 'x' })]);
    expect(s).toMatchObject({ generatedPrompt: 'Loft', creativity: 4, variations: 4, resemblance: 3, expressivity: 2 });
  });

  it('forgets everything, including the once-per-session options flag, on logout', () => {
    const s = reduce([optionsRequested(), promptChanged('x'), { type: logout.fulfilled.type }]);
    expect(s).toEqual(initialCustomizationState);
  });
});
