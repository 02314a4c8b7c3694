import type { CustomizationOption, MaskSubCategory } from '@atelier/contract';
import { getCustomizationOptions } from '../customization/index.js';

/**
 * The customization catalog as the masks and prompts modules read it: every option by id (as
 * GET /customization/options presents it, with its swatch URLs) and every material category
 * (walls-brick, floors-wood, context-exterior, …) by id.
 */
interface CatalogIndex {
  options: Map<string, CustomizationOption>;
  subCategories: Map<string, MaskSubCategory>;
  /** The category of each material option (grouped sections only). */
  subCategoryOf: Map<string, MaskSubCategory>;
}

let index: CatalogIndex | null = null;

function catalogIndex(): CatalogIndex {
  if (index) return index;
  const built: CatalogIndex = { options: new Map(), subCategories: new Map(), subCategoryOf: new Map() };
  const { photorealistic, art } = getCustomizationOptions();
  for (const section of [...photorealistic, ...art]) {
    for (const o of section.options) built.options.set(o.id, o);
    for (const sub of section.subcategories) {
      const category: MaskSubCategory = { id: sub.id, slug: sub.slug, displayName: sub.displayName };
      built.subCategories.set(sub.id, category);
      for (const o of sub.options) {
        built.options.set(o.id, o);
        built.subCategoryOf.set(o.id, category);
      }
    }
  }
  index = built;
  return built;
}

/** Any option of the catalog. */
export function catalogOption(id: string | null | undefined): CustomizationOption | null {
  return id ? (catalogIndex().options.get(id) ?? null) : null;
}

/** A material: an option of a grouped section (walls, floors, context), which has a category. */
export function catalogMaterial(id: string | null | undefined): CustomizationOption | null {
  return id && catalogIndex().subCategoryOf.has(id) ? (catalogIndex().options.get(id) ?? null) : null;
}

export function catalogSubCategory(id: string | null | undefined): MaskSubCategory | null {
  return id ? (catalogIndex().subCategories.get(id) ?? null) : null;
}

/** The category a material belongs to. */
export function subCategoryOfMaterial(id: string | null | undefined): MaskSubCategory | null {
  return id ? (catalogIndex().subCategoryOf.get(id) ?? null) : null;
}
