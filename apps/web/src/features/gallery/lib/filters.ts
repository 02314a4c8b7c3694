import {
  GALLERY_FILTER_KEYS,
  GALLERY_FILTER_MODULE_LABELS,
  GALLERY_FILTER_MODULES,
  GALLERY_RENDER_TYPES,
  GALLERY_VISIBILITIES,
  GALLERY_VISIBILITY_LABELS,
  type GalleryFilters,
  type GalleryMode,
} from '@atelier/contract';
import { formatDate, titleCase } from '../../../lib/format';

// The gallery's filters (spec §3 "filters, filter panel") in the /gallery URL and as chips. No
// Redux or zod here: the start-up code reads the URL before the store exists.

export type GalleryFilterKey = (typeof GALLERY_FILTER_KEYS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (d: string) => DATE.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters a URL's query string names; unknown or malformed values are left out (never sent). */
export function parseGalleryFilters(search: string | URLSearchParams): GalleryFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const dateFrom = params.get('dateFrom');
  const dateTo = params.get('dateTo');
  const filters: GalleryFilters = {
    module: oneOf(GALLERY_FILTER_MODULES, params.get('module')),
    renderType: oneOf(GALLERY_RENDER_TYPES, params.get('renderType')),
    visibility: oneOf(GALLERY_VISIBILITIES, params.get('visibility')),
    dateFrom: dateFrom && isDate(dateFrom) ? dateFrom : undefined,
    dateTo: dateTo && isDate(dateTo) ? dateTo : undefined,
  };
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) filters.dateTo = undefined;
  return compactFilters(filters);
}

/** Only the filters that are set (an empty object when none). */
export function compactFilters(filters: GalleryFilters): GalleryFilters {
  const out: GalleryFilters = {};
  for (const key of GALLERY_FILTER_KEYS) if (filters[key]) Object.assign(out, { [key]: filters[key] });
  return out;
}

export function activeFilterCount(filters: GalleryFilters): number {
  return GALLERY_FILTER_KEYS.filter((key) => filters[key]).length;
}

/** The filters as query parameters, in a fixed order, with `base` (other parameters) kept. */
export function galleryFilterParams(filters: GalleryFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of GALLERY_FILTER_KEYS) {
    params.delete(key);
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** A YYYY-MM-DD day in the shared en-US short format ('May 2, 2025'), as the calendar day it names. */
function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatDate(new Date(y, m - 1, d));
}

/** The active filters as removable chips, in the panel's order. */
export function filterChips(filters: GalleryFilters): Array<{ key: GalleryFilterKey; label: string }> {
  const chips: Array<{ key: GalleryFilterKey; label: string }> = [];
  if (filters.module) chips.push({ key: 'module', label: GALLERY_FILTER_MODULE_LABELS[filters.module] });
  if (filters.renderType) chips.push({ key: 'renderType', label: titleCase(filters.renderType) });
  if (filters.visibility) chips.push({ key: 'visibility', label: GALLERY_VISIBILITY_LABELS[filters.visibility] });
  if (filters.dateFrom) chips.push({ key: 'dateFrom', label: `From ${formatDay(filters.dateFrom)}` });
  if (filters.dateTo) chips.push({ key: 'dateTo', label: `Until ${formatDay(filters.dateTo)}` });
  return chips;
}

/**
 * The filters that apply in a mode: the module filter only in organize (the other modes are
 * each one module already). Undefined when none applies, so the queries keep their plain keys.
 */
export function filtersForMode(filters: GalleryFilters, mode: GalleryMode): GalleryFilters | undefined {
  const applied = mode === 'organize' ? filters : { ...filters, module: undefined };
  return activeFilterCount(applied) > 0 ? compactFilters(applied) : undefined;
}
