import { z } from 'zod';
import { ART_STYLES, PHOTOREALISTIC_SECTIONS } from './generation.js';

/**
 * GET /api/customization/options: the inspector's catalog. Photorealistic sections (type,
 * walls, floors, context, style, weather, lighting) and art sections (illustration, …).
 * Walls, floors and context are grouped by material category into subcategories; every
 * other section is a flat list. Every option has a thumbnail the server draws itself
 * (GET /api/customization/swatches/{id}.webp, public and cached for a year: the URL
 * carries the catalog version).
 */
/** The art sections are the art styles (generation.ts). */
export const ART_SECTIONS = ART_STYLES;
/** Sections whose options are grouped by material category. */
export const GROUPED_SECTIONS = ['walls', 'floors', 'context'] as const;
export const MATERIAL_CATEGORIES = ['brick', 'ceramics', 'concrete', 'glass', 'marble', 'metal', 'plaster', 'steel', 'stone', 'terrazzo', 'wood', 'exterior', 'cityscape'] as const;

export type PhotorealisticSection = (typeof PHOTOREALISTIC_SECTIONS)[number];
export type ArtSection = (typeof ART_SECTIONS)[number];
export type CustomizationSectionKey = PhotorealisticSection | ArtSection;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

export const customizationOptionSchema = z.object({
  /** Stable id, e.g. walls-brick-red-running-bond, weather-overcast, aquarelle-loose-wash. */
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  /** 256 px WEBP. */
  thumbnailUrl: z.string(),
  /** 640 px WEBP of the same swatch or sample. */
  imageUrl: z.string(),
  /** The section the option belongs to (type, walls, …, or an art section). */
  category: z.string(),
  /** For grouped sections: the material category slug (brick, wood, cityscape, …). */
  subCategory: z.string().optional(),
});
export type CustomizationOption = z.infer<typeof customizationOptionSchema>;

export const customizationSubcategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  displayName: z.string(),
  options: z.array(customizationOptionSchema),
});
export type CustomizationSubcategory = z.infer<typeof customizationSubcategorySchema>;

export const customizationSectionSchema = z.object({
  key: z.string(),
  displayName: z.string(),
  /** Whether the options are grouped in `subcategories` (walls, floors, context). */
  grouped: z.boolean(),
  /** Flat sections' options ([] when grouped). */
  options: z.array(customizationOptionSchema),
  /** Grouped sections' subcategories ([] when flat). */
  subcategories: z.array(customizationSubcategorySchema),
});
export type CustomizationSection = z.infer<typeof customizationSectionSchema>;

export const customizationOptionsResponseSchema = z.object({
  /** Changes whenever the catalog or its drawings change (part of every thumbnail URL). */
  version: z.string(),
  photorealistic: z.array(customizationSectionSchema),
  art: z.array(customizationSectionSchema),
});
export type CustomizationOptionsResponse = z.infer<typeof customizationOptionsResponseSchema>;
