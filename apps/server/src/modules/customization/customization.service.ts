import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { CustomizationOption, CustomizationOptionsResponse, CustomizationSection } from '@atelier/contract';
import { renderCatalogThumbnail, type ThumbnailSpec } from '../../engines/local/index.js';
import { ART_SECTIONS, CATALOG, CATEGORY_NAMES, findOption, GROUPED_SECTIONS, PHOTOREALISTIC_SECTIONS, SECTION_NAMES, subcategoriesOf, type CatalogOption, type SectionKey } from './catalog.js';

/**
 * The catalog as the inspector reads it, and its thumbnails: drawn by our own code on first
 * request, then kept in memory and in DATA_DIR/cache/swatches/<version>/ so a restart does
 * not redraw them. Thumbnail URLs carry the catalog version, so they can be cached forever.
 */

/** Bump when a drawing changes without the catalog data changing. */
const DRAWING_REVISION = 1;

export const SWATCH_SIZES = { small: 256, large: 640 } as const;
export type SwatchSize = keyof typeof SWATCH_SIZES;

export const CATALOG_VERSION = crypto
  .createHash('sha1')
  .update(JSON.stringify(CATALOG))
  .update(String(DRAWING_REVISION))
  .digest('hex')
  .slice(0, 10);

export function swatchPath(id: string, size: SwatchSize = 'small'): string {
  return `/api/customization/swatches/${id}${size === 'large' ? '.large' : ''}.webp?v=${CATALOG_VERSION}`;
}

function present(o: CatalogOption): CustomizationOption {
  return {
    id: o.id,
    name: o.name,
    displayName: o.displayName,
    thumbnailUrl: swatchPath(o.id, 'small'),
    imageUrl: swatchPath(o.id, 'large'),
    category: o.section,
    ...(o.subcategory ? { subCategory: o.subcategory } : {}),
  };
}

function section(key: SectionKey): CustomizationSection {
  const grouped = (GROUPED_SECTIONS as readonly string[]).includes(key);
  const inSection = CATALOG.filter((o) => o.section === key);
  return {
    key,
    displayName: SECTION_NAMES[key],
    grouped,
    options: grouped ? [] : inSection.map(present),
    subcategories: grouped
      ? subcategoriesOf(key).map((slug) => ({
          id: `${key}-${slug}`,
          slug,
          displayName: CATEGORY_NAMES[slug],
          options: inSection.filter((o) => o.subcategory === slug).map(present),
        }))
      : [],
  };
}

let optionsCache: CustomizationOptionsResponse | null = null;

export function getCustomizationOptions(): CustomizationOptionsResponse {
  optionsCache ??= {
    version: CATALOG_VERSION,
    photorealistic: PHOTOREALISTIC_SECTIONS.map(section),
    art: ART_SECTIONS.map(section),
  };
  return optionsCache;
}

/** What a thumbnail shows for a catalog option. */
export function thumbnailSpec(o: CatalogOption): ThumbnailSpec {
  const seed = parseInt(crypto.createHash('md5').update(o.id).digest('hex').slice(0, 8), 16);
  if (o.recipe) return { kind: 'material', recipe: o.recipe, seed };
  switch (o.section) {
    case 'type':
      return { kind: 'type', shape: o.shape ?? 'default', seed };
    case 'weather':
      return { kind: 'look', weather: o.look, seed };
    case 'lighting':
      return { kind: 'look', lighting: o.look, seed };
    case 'style':
      return { kind: 'look', style: o.look, seed };
    default:
      return { kind: 'art', style: o.section, variant: o.variant ?? '', seed };
  }
}

export interface SwatchStore {
  /** The WEBP bytes of an option's thumbnail, or null for an unknown id. */
  get(id: string, size: SwatchSize): Promise<Buffer | null>;
}

export function createSwatchStore(dataDir: string): SwatchStore {
  const memory = new Map<string, Promise<Buffer>>();
  const dir = path.join(dataDir, 'cache', 'swatches', CATALOG_VERSION);
  const draw = async (o: CatalogOption, size: SwatchSize): Promise<Buffer> => {
    const file = path.join(dir, `${o.id}${size === 'large' ? '.large' : ''}.webp`);
    try {
      return await fs.readFile(file);
    } catch {
      // Not drawn yet.
    }
    const raw = await renderCatalogThumbnail(thumbnailSpec(o), SWATCH_SIZES[size]);
    const webp = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.length), {
      raw: { width: raw.width, height: raw.height, channels: 3 },
    })
      .webp({ quality: 84, effort: 4 })
      .toBuffer();
    // Best effort: a read-only DATA_DIR only costs a redraw after restart.
    await fs
      .mkdir(dir, { recursive: true })
      .then(() => fs.writeFile(`${file}.${process.pid}.tmp`, webp))
      .then(() => fs.rename(`${file}.${process.pid}.tmp`, file))
      .catch(() => undefined);
    return webp;
  };
  return {
    async get(id, size) {
      const o = findOption(id);
      if (!o) return null;
      const key = `${id}:${size}`;
      let p = memory.get(key);
      if (!p) {
        p = draw(o, size);
        memory.set(key, p);
        p.catch(() => memory.delete(key));
      }
      return p;
    },
  };
}
