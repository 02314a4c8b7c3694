import {
  aiMaterialKey,
  isMaskConfigured,
  MASK_LIMITS,
  maskTextToSave,
  type AiPromptMaterial,
  type MaskDraft,
  type MaskMaterialMapping,
  type MaskRegion,
  type UpdateMaskStyleRequest,
} from '@atelier/contract';
import type { CustomizationCatalog, OptionTile } from '../../customization';

/**
 * The prompt modal's region configuration as plain functions (spec §3 mask material mapping,
 * §4 AI prompt materials, §5 the save rules): drafts per region, what Save sends, the mappings a
 * Create sends, the materials text for the AI prompt, and local prompt materials.
 */

/** Sections of the catalog whose options are materials a region can take. */
export const MATERIAL_SECTIONS = ['walls', 'floors', 'context'] as const;

/** A catalog material with where it sits in the catalog. */
export interface MaterialChoice {
  option: OptionTile;
  /** walls, floors or context. */
  section: string;
  /** The material category (brick, wood, …) and its name. */
  categorySlug: string;
  categoryName: string;
  /** The category's id on the server: {section}-{slug}. */
  subCategoryId: string;
}

/** A region's configuration in the modal (keyed by mask id). */
export type RegionDraft = MaskDraft;
export type RegionDrafts = Record<number, RegionDraft>;

export const maskKey = (maskId: number) => `mask_${maskId}`;

/** How the user sees a region: its label, else "Region n" by position. */
export function regionName(region: Pick<MaskRegion, 'label' | 'position'>): string {
  switch (region.label) {
    case 'facade':
      return 'Façade';
    case 'sky':
      return 'Sky';
    case 'ground':
      return 'Ground';
    case 'vegetation':
      return 'Planting';
    case 'roof':
      return 'Roof';
    case 'window':
      return 'Glazing';
    case 'door':
      return 'Door';
    case 'water':
      return 'Water';
    case 'people_vehicles':
      return 'People & vehicles';
    case 'wall':
      return 'Wall';
    case 'floor':
      return 'Floor';
    case 'ceiling':
      return 'Ceiling';
    case 'region':
    case '':
      return `Region ${region.position + 1}`;
    default:
      // A name the user or the model's material pass gave (ID pass, rename).
      return region.label;
  }
}

/** A region's share of the image: whole percent, or "<1%". */
export const areaText = (area: number) => (area < 0.005 ? '<1%' : `${Math.round(area * 100)}%`);

/** Every material of the catalog by option id. */
export function materialChoices(catalog: CustomizationCatalog | null): Map<string, MaterialChoice> {
  const out = new Map<string, MaterialChoice>();
  for (const section of catalog?.photorealistic ?? []) {
    if (!(MATERIAL_SECTIONS as readonly string[]).includes(section.key)) continue;
    for (const group of section.groups)
      for (const option of group.options)
        out.set(option.id, { option, section: section.key, categorySlug: group.key, categoryName: group.label, subCategoryId: `${section.key}-${group.key}` });
  }
  return out;
}

/**
 * The drafts a modal opens with: each region's mapping of the customization settings (mask_{id})
 * if it has one, else the style stored with the region. Nothing typed yet.
 */
export function initialDrafts(regions: MaskRegion[], mappings: Record<string, MaskMaterialMapping>): RegionDrafts {
  const drafts: RegionDrafts = {};
  const str = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  for (const r of regions) {
    const m = mappings[maskKey(r.id)];
    drafts[r.id] = m
      ? {
          materialOptionId: str(m.materialOptionId),
          customizationOptionId: str(m.customizationOptionId),
          subCategoryId: str(m.subCategoryId),
          customText: str(m.customText),
          displayName: '',
        }
      : {
          materialOptionId: r.materialOption?.id ?? null,
          customizationOptionId: r.customizationOption?.id ?? null,
          subCategoryId: r.subCategory?.id ?? null,
          customText: r.customText,
          displayName: '',
        };
  }
  return drafts;
}

/** A region's draft after picking a material: the material and its category; text stays. */
export function withMaterial(draft: RegionDraft | undefined, choice: MaterialChoice): RegionDraft {
  return { ...(draft ?? {}), materialOptionId: choice.option.id, subCategoryId: choice.subCategoryId };
}

/** A region's draft cleared of everything. */
export const emptyDraft = (): RegionDraft => ({ materialOptionId: null, customizationOptionId: null, subCategoryId: null, customText: null, displayName: '' });

/** Whether a region has a style stored on the server (clearing it needs DELETE). */
export function hasStoredStyle(r: MaskRegion): boolean {
  return !!(r.materialOption || r.customizationOption || r.subCategory || r.customText);
}

/**
 * Spec §5: the styles Save sends, one PUT per region that has custom text, a material or a
 * customization option, or a non-blank typed name; the trimmed typed name wins over the stored
 * custom text.
 */
export function stylesToSave(regions: MaskRegion[], drafts: RegionDrafts): Array<{ maskId: number; style: UpdateMaskStyleRequest }> {
  const out: Array<{ maskId: number; style: UpdateMaskStyleRequest }> = [];
  for (const r of regions) {
    const d = drafts[r.id];
    if (!d || !isMaskConfigured(d)) continue;
    out.push({
      maskId: r.id,
      style: {
        materialOptionId: d.materialOptionId ?? null,
        customizationOptionId: d.customizationOptionId ?? null,
        subCategoryId: d.subCategoryId ?? null,
        customText: maskTextToSave(d),
      },
    });
  }
  return out;
}

/** The mask material mappings a Create sends (spec §3, keyed mask_{id}), for the configured regions. */
export function mappingsFromDrafts(
  regions: MaskRegion[],
  drafts: RegionDrafts,
  choices: Map<string, MaterialChoice>,
  catalog: CustomizationCatalog | null,
): Record<string, MaskMaterialMapping> {
  const out: Record<string, MaskMaterialMapping> = {};
  for (const { maskId, style } of stylesToSave(regions, drafts)) {
    const region = regions.find((r) => r.id === maskId);
    const material = style.materialOptionId ? choices.get(String(style.materialOptionId)) : undefined;
    const materialOption = material?.option ?? (region?.materialOption?.id === style.materialOptionId ? region?.materialOption : null);
    const customization = style.customizationOptionId ? findTileAnywhere(catalog, String(style.customizationOptionId)) : undefined;
    const subCategory = material
      ? { id: material.subCategoryId, name: material.categoryName, slug: material.categorySlug }
      : region?.subCategory && region.subCategory.id === style.subCategoryId
        ? { id: region.subCategory.id, name: region.subCategory.displayName, slug: region.subCategory.slug }
        : null;
    out[maskKey(maskId)] = {
      customText: style.customText ?? null,
      materialOptionId: style.materialOptionId ?? null,
      materialOptionName: materialOption?.displayName ?? null,
      materialOptionThumbnailUrl: materialOption?.thumbnailUrl ?? null,
      materialOptionImageUrl: materialOption?.imageUrl ?? null,
      materialOptionCategory: material?.section ?? region?.materialOption?.category ?? null,
      customizationOptionId: style.customizationOptionId ?? null,
      customizationOptionName: customization?.displayName ?? region?.customizationOption?.displayName ?? null,
      customizationOptionThumbnailUrl: customization?.thumbnailUrl ?? region?.customizationOption?.thumbnailUrl ?? null,
      customizationOptionImageUrl: customization?.imageUrl ?? region?.customizationOption?.imageUrl ?? null,
      subCategoryId: subCategory?.id ?? style.subCategoryId ?? null,
      subCategoryName: subCategory?.name ?? null,
      subCategorySlug: subCategory?.slug ?? null,
    };
  }
  return out;
}

function findTileAnywhere(catalog: CustomizationCatalog | null, id: string): OptionTile | undefined {
  for (const style of ['photorealistic', 'art'] as const)
    for (const section of catalog?.[style] ?? []) for (const g of section.groups) for (const o of g.options) if (o.id === id) return o;
  return undefined;
}

/** The modal's region styles for the AI prompt request (each replaces its region's stored style), visible regions only. */
export function regionOverrides(regions: MaskRegion[], drafts: RegionDrafts) {
  return regions
    .filter((r) => r.isVisible && drafts[r.id])
    .map((r) => {
      const d = drafts[r.id];
      return { maskId: r.id, materialOptionId: d.materialOptionId ?? null, customizationOptionId: d.customizationOptionId ?? null, customText: maskTextToSave(d) };
    });
}

/**
 * The materials text of the AI prompt request: the prompt materials not saved yet that no region
 * already names, separated by semicolons.
 */
export function materialsText(unsaved: AiPromptMaterial[], drafts: RegionDrafts): string {
  const onRegions = new Set(Object.values(drafts).map((d) => d.materialOptionId).filter(Boolean));
  return unsaved
    .filter((m) => !m.materialOptionId || !onRegions.has(m.materialOptionId))
    .map((m) => m.displayName)
    .join('; ');
}

/** Spec §4: prompt materials not saved yet have a negative id. */
export const isUnsaved = (m: Pick<AiPromptMaterial, 'id'>) => m.id < 0;

/** Adds a prompt material locally with the next temporary (negative) id, unless the same one is there. */
export function addLocalMaterial(list: AiPromptMaterial[], candidate: Omit<AiPromptMaterial, 'id' | 'createdAt'>): AiPromptMaterial[] {
  const key = aiMaterialKey(candidate);
  if (list.some((m) => aiMaterialKey(m) === key)) return list;
  const nextId = Math.min(0, ...list.map((m) => m.id)) - 1;
  return [...list, { ...candidate, id: nextId, createdAt: new Date().toISOString() }];
}

/** The prompt materials the modal opens with: the saved ones, then the unsaved ones kept in the settings. */
export function mergeMaterials(saved: AiPromptMaterial[], kept: unknown[]): AiPromptMaterial[] {
  let list = [...saved];
  for (const m of kept) {
    if (!isMaterial(m) || !isUnsaved(m)) continue;
    list = addLocalMaterial(list, m);
  }
  return list;
}

function isMaterial(m: unknown): m is AiPromptMaterial {
  return !!m && typeof m === 'object' && typeof (m as AiPromptMaterial).id === 'number' && typeof (m as AiPromptMaterial).displayName === 'string';
}

/** A prompt material for a catalog material. */
export function materialFromChoice(inputImageId: number, choice: MaterialChoice): Omit<AiPromptMaterial, 'id' | 'createdAt'> {
  return {
    inputImageId,
    materialOptionId: choice.option.id,
    customizationOptionId: null,
    subCategoryId: choice.subCategoryId,
    displayName: choice.option.displayName,
    subCategory: { id: choice.subCategoryId, slug: choice.categorySlug, displayName: choice.categoryName },
    materialOption: null,
  };
}

/**
 * Why a generated region is marked unsure, or null: the engine's confidence is under
 * MASK_LIMITS.unsureBelow (an unnamed "Region N" is one it would not guess).
 */
export function unsureText(region: Pick<MaskRegion, 'label' | 'confidence'>): string | null {
  if (region.confidence === null || region.confidence >= MASK_LIMITS.unsureBelow) return null;
  const sure = `${Math.round(region.confidence * 100)} % confidence`;
  return region.label === 'region' || region.label === '' ? `Not named: the regions model could not tell what this is (${sure})` : `Unsure of this name (${sure}): check it`;
}
