import { describe, expect, it } from 'vitest';
import type { AiPromptMaterial, MaskRegion } from '@atelier/contract';
import { toCatalog } from '../../customization';
import { optionsFixture } from '../../customization/testing';
import {
  addLocalMaterial,
  initialDrafts,
  mappingsFromDrafts,
  materialChoices,
  materialFromChoice,
  materialsText,
  mergeMaterials,
  regionName,
  regionOverrides,
  stylesToSave,
  withMaterial,
} from './regionDrafts';
import { maskRegion } from '../testing';

const catalog = toCatalog(optionsFixture());
const choices = materialChoices(catalog);
const brick = choices.get('walls-brick-red-running-bond')!;

const material = (id: number, over: Partial<AiPromptMaterial> = {}): AiPromptMaterial => ({
  id,
  inputImageId: 7,
  materialOptionId: null,
  customizationOptionId: null,
  subCategoryId: null,
  displayName: `Material ${id}`,
  subCategory: null,
  materialOption: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('the save rules (spec §5)', () => {
  const regions: MaskRegion[] = [maskRegion(1, { label: 'facade' }), maskRegion(2, { label: 'sky', position: 1 }), maskRegion(3, { label: 'ground', position: 2 }), maskRegion(4, { position: 3 })];

  it('sends only regions with custom text, a material or option, or a non-blank typed name', () => {
    const drafts = {
      1: withMaterial(undefined, brick),
      2: { displayName: '   ' },
      3: { displayName: '  paved forecourt ' },
      4: { customText: 'glass balustrade' },
    };
    expect(stylesToSave(regions, drafts)).toEqual([
      { maskId: 1, style: { materialOptionId: 'walls-brick-red-running-bond', customizationOptionId: null, subCategoryId: 'walls-brick', customText: null } },
      { maskId: 3, style: { materialOptionId: null, customizationOptionId: null, subCategoryId: null, customText: 'paved forecourt' } },
      { maskId: 4, style: { materialOptionId: null, customizationOptionId: null, subCategoryId: null, customText: 'glass balustrade' } },
    ]);
  });

  it('lets the trimmed typed name win over the stored custom text', () => {
    const drafts = { 1: { customText: 'old brick', displayName: '  new brick  ' }, 2: { customText: 'clouds', displayName: '' } };
    expect(stylesToSave(regions, drafts).map((s) => s.style.customText)).toEqual(['new brick', 'clouds']);
  });

  it('keeps only unsaved materials (negative ids) as new, and never the same material twice', () => {
    let list = [material(12, { displayName: 'Red Brick, Running Bond', materialOptionId: brick.option.id, subCategoryId: 'walls-brick' })];
    list = addLocalMaterial(list, materialFromChoice(7, brick));
    expect(list).toHaveLength(1);
    list = addLocalMaterial(list, { ...materialFromChoice(7, brick), displayName: ' red brick, running bond ' });
    expect(list).toHaveLength(1);
    list = addLocalMaterial(list, materialFromChoice(7, choices.get('walls-concrete-board-formed')!));
    list = addLocalMaterial(list, materialFromChoice(7, choices.get('walls-brick-london-stock')!));
    expect(list.map((m) => m.id)).toEqual([12, -1, -2]);
    expect(list.filter((m) => m.id < 0).map((m) => m.displayName)).toEqual(['Board-formed Concrete', 'London Stock Brick']);
  });

  it('opens with the mappings of the settings, else the stored style', () => {
    const stored = maskRegion(5, { materialOption: { ...brick.option, thumbnailUrl: brick.option.thumbnailUrl ?? '', imageUrl: '', category: 'walls' }, customText: 'old' });
    const drafts = initialDrafts([stored, maskRegion(6)], { mask_6: { materialOptionId: 'walls-concrete-board-formed', subCategoryId: 'walls-concrete', customText: 'raw' } });
    expect(drafts[5]).toEqual({ materialOptionId: 'walls-brick-red-running-bond', customizationOptionId: null, subCategoryId: null, customText: 'old', displayName: '' });
    expect(drafts[6]).toMatchObject({ materialOptionId: 'walls-concrete-board-formed', subCategoryId: 'walls-concrete', customText: 'raw', displayName: '' });
  });

  it('maps the configured regions for a Create, keyed mask_{id}, with names and swatches', () => {
    const mappings = mappingsFromDrafts(regions, { 1: withMaterial({ displayName: ' weathered ' }, brick), 2: {} }, choices, catalog);
    expect(Object.keys(mappings)).toEqual(['mask_1']);
    // Spec §3: the mapping keeps the material's image URLs (thumbnail and image).
    expect(mappings.mask_1.materialOptionThumbnailUrl).toBe('/api/customization/swatches/walls-brick-red-running-bond.webp?v=t');
    expect(mappings.mask_1.materialOptionImageUrl).toBe('/api/customization/swatches/walls-brick-red-running-bond.large.webp?v=t');
    expect(mappings.mask_1).toMatchObject({
      customText: 'weathered',
      materialOptionId: 'walls-brick-red-running-bond',
      materialOptionName: 'Red Brick, Running Bond',
      materialOptionCategory: 'walls',
      subCategoryId: 'walls-brick',
      subCategoryName: 'Brick',
      subCategorySlug: 'brick',
    });
    expect(String(mappings.mask_1.materialOptionThumbnailUrl)).toContain('walls-brick-red-running-bond');
  });

  it('keeps the image URLs of a region’s customization option, from the catalog or from its stored style', () => {
    const lighting = catalog.photorealistic.flatMap((s) => s.groups.flatMap((g) => g.options)).find((o) => o.id.startsWith('lighting-'))!;
    const fromCatalog = mappingsFromDrafts(regions, { 1: { customizationOptionId: lighting.id } }, choices, catalog);
    expect(fromCatalog.mask_1).toMatchObject({ customizationOptionThumbnailUrl: lighting.thumbnailUrl, customizationOptionImageUrl: lighting.imageUrl });
    expect(fromCatalog.mask_1.customizationOptionImageUrl).toMatch(/large\.webp/);
    const stored = maskRegion(1, { customizationOption: { id: 'gone', name: 'gone', displayName: 'Gone', thumbnailUrl: '/t.webp', imageUrl: '/i.webp', category: 'style' } });
    const fromRegion = mappingsFromDrafts([stored], { 1: { customizationOptionId: 'gone' } }, choices, catalog);
    expect(fromRegion.mask_1).toMatchObject({ customizationOptionThumbnailUrl: '/t.webp', customizationOptionImageUrl: '/i.webp' });
  });
});

describe('the AI prompt request', () => {
  it('sends the unsaved region styles of visible regions and the unsaved materials no region names', () => {
    const regions = [maskRegion(1, { label: 'facade' }), maskRegion(2, { isVisible: false, position: 1 })];
    const drafts = { 1: withMaterial({ displayName: 'old stock' }, brick), 2: { customText: 'x' } };
    expect(regionOverrides(regions, drafts)).toEqual([{ maskId: 1, materialOptionId: 'walls-brick-red-running-bond', customizationOptionId: null, customText: 'old stock' }]);
    const unsaved = [material(-1, { materialOptionId: brick.option.id, displayName: 'Red Brick, Running Bond' }), material(-2, { displayName: 'Corten steel' })];
    expect(materialsText(unsaved, drafts)).toBe('Corten steel');
  });

  it('merges the saved materials with the unsaved ones kept in the settings', () => {
    const merged = mergeMaterials([material(3)], [material(-4, { displayName: 'Oak' }), material(9), 'junk']);
    expect(merged.map((m) => m.displayName)).toEqual(['Material 3', 'Oak']);
    expect(merged[1].id).toBeLessThan(0);
  });
});

it('names regions by what they are, else by position', () => {
  expect(regionName(maskRegion(1, { label: 'facade' }))).toBe('Façade');
  expect(regionName(maskRegion(1, { label: 'vegetation' }))).toBe('Planting');
  expect(regionName(maskRegion(1, { label: 'region', position: 4 }))).toBe('Region 5');
});
