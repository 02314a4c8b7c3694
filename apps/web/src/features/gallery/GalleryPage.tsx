import { GALLERY_MODES, type GalleryMode } from '@atelier/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { usePageTitle } from '../../lib/usePageTitle';
import { GalleryView } from './components/GalleryView';
import { useFiltersInUrl } from './hooks/useFiltersInUrl';
import { setGalleryMode } from './store/galleryUiSlice';

/**
 * /gallery: the gallery as a page. It opens in organize mode unless the link names another
 * (state.mode), with the filters its URL names (?module, renderType, visibility, dateFrom, dateTo).
 */
export function GalleryPage() {
  usePageTitle('Gallery');
  const dispatch = useAppDispatch();
  const state = useLocation().state as { mode?: string } | null;
  const asked = GALLERY_MODES.includes(state?.mode as GalleryMode) ? (state!.mode as GalleryMode) : 'organize';
  useEffect(() => {
    dispatch(setGalleryMode(asked));
  }, [asked, dispatch]);
  const filtersRead = useFiltersInUrl();
  return filtersRead ? <GalleryView variant="page" /> : null;
}
