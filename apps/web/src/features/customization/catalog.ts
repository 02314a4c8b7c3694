import type { CustomizationOptionsResponse, CustomizationSection, RenderMode } from '@atelier/contract';

/**
 * The option catalog as the inspector shows it: per style, sections (accordion items), each
 * with groups of option tiles. Walls, floors and context are grouped by material category;
 * the other sections have one unnamed group.
 */
export interface OptionTile {
  id: string;
  name: string;
  displayName: string;
  thumbnailUrl: string | null;
  /** The larger swatch or sample (kept with a region's mask material mapping, spec §3). */
  imageUrl: string | null;
}

export interface OptionGroup {
  /** '' for an ungrouped section. */
  key: string;
  label: string;
  options: OptionTile[];
}

export interface OptionSection {
  key: string;
  label: string;
  groups: OptionGroup[];
}

export type CustomizationCatalog = Record<RenderMode, OptionSection[]>;

const tile = (o: { id: string; name: string; displayName: string; thumbnailUrl: string; imageUrl: string }): OptionTile => ({
  id: o.id,
  name: o.name,
  displayName: o.displayName,
  thumbnailUrl: o.thumbnailUrl || null,
  imageUrl: o.imageUrl || null,
});

function toSection(section: CustomizationSection): OptionSection {
  const groups: OptionGroup[] = section.grouped
    ? section.subcategories.map((sub) => ({ key: sub.slug, label: sub.displayName, options: sub.options.map(tile) }))
    : [{ key: '', label: '', options: section.options.map(tile) }];
  return { key: section.key, label: section.displayName, groups: groups.filter((g) => g.options.length > 0) };
}

/** GET /customization/options → the inspector's catalog (empty sections left out). */
export function toCatalog(response: CustomizationOptionsResponse): CustomizationCatalog {
  const sections = (list: CustomizationSection[] | undefined) => (list ?? []).map(toSection).filter((s) => s.groups.length > 0);
  return { photorealistic: sections(response.photorealistic), art: sections(response.art) };
}

/** The tile of an option id, wherever it is in the catalog. */
export function findTile(catalog: CustomizationCatalog | null, optionId: string): OptionTile | undefined {
  if (!catalog) return undefined;
  for (const style of ['photorealistic', 'art'] as const)
    for (const section of catalog[style])
      for (const group of section.groups) {
        const found = group.options.find((o) => o.id === optionId);
        if (found) return found;
      }
  return undefined;
}
