import { and, eq, gte, lt, ne, or, isNull, sql, type SQL } from 'drizzle-orm';
import type { GalleryFilters } from '@atelier/contract';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { generatedImages } from '../../db/schema/index.js';

/**
 * The gallery's filters (spec §3) as SQL on generated_images, added to queries that already hold
 * the caller's id in their WHERE clause. Render type is the settings snapshot's `renderType`
 * (renders made before render types count as exterior; index generated_images_user_render_type_idx,
 * migration 0240); Upscale is a REFINE image made at a scale factor above 1 (operation `upscale`).
 */
export function imageFilterConditions(filters: GalleryFilters): SQL[] {
  const conditions: SQL[] = [];
  switch (filters.module) {
    case 'CREATE':
    case 'TWEAK':
      conditions.push(eq(generatedImages.moduleType, filters.module));
      break;
    case 'REFINE':
      conditions.push(
        and(eq(generatedImages.moduleType, 'REFINE'), or(isNull(generatedImages.operationType), ne(generatedImages.operationType, 'upscale')))!,
      );
      break;
    case 'UPSCALE':
      conditions.push(and(eq(generatedImages.moduleType, 'REFINE'), eq(generatedImages.operationType, 'upscale'))!);
      break;
    default:
      break;
  }
  if (filters.renderType) conditions.push(sql`${renderTypeOf(generatedImages.settingsSnapshot)} = ${filters.renderType}`);
  if (filters.visibility) conditions.push(eq(generatedImages.isPublic, filters.visibility === 'shared'));
  return conditions;
}

/** The render type of a settings snapshot: what it holds, else exterior (the same expression as the index). */
const renderTypeOf = (snapshot: AnyPgColumn) => sql`coalesce(${snapshot}->>'renderType', 'exterior')`;

/** dateFrom and dateTo (inclusive days in tz) as instants on `column`, so its created_at index serves them. */
export function dateFilterConditions(column: AnyPgColumn, tz: string, filters: GalleryFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.dateFrom) conditions.push(gte(column, sql`((${filters.dateFrom}::date)::timestamp AT TIME ZONE ${tz})`));
  if (filters.dateTo) conditions.push(lt(column, sql`(((${filters.dateTo}::date) + 1)::timestamp AT TIME ZONE ${tz})`));
  return conditions;
}

/** Whether any filter is set (without one, the gallery's prepared queries answer). */
export function hasFilters(filters: GalleryFilters): boolean {
  return Boolean(filters.module || filters.renderType || filters.visibility || filters.dateFrom || filters.dateTo);
}

/** The filters alone, from a query that carries other parameters too. */
export function filtersOf(query: GalleryFilters): GalleryFilters {
  const { module, renderType, visibility, dateFrom, dateTo } = query;
  return { module, renderType, visibility, dateFrom, dateTo };
}
