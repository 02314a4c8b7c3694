import type { GalleryFilters } from '@atelier/contract';
import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { filtersForMode } from '../lib/filters';

/** The filters the gallery's queries send in the current mode (undefined when none applies). */
export function useGalleryQueryFilters(): GalleryFilters | undefined {
  const filters = useAppSelector((s) => s.galleryUi.filters);
  const mode = useAppSelector((s) => s.galleryUi.mode);
  return useMemo(() => filtersForMode(filters, mode), [filters, mode]);
}
