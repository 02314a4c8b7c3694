import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { galleryFilterParams, parseGalleryFilters } from '../lib/filters';
import { setGalleryFilters } from '../store/galleryUiSlice';

const search = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The /gallery page keeps its filters in the URL's query string, so a refresh, a link or the
 * back button shows the same filtered gallery: the URL sets the filters on arrival (and on
 * back/forward); a change of the filters replaces the URL. True once the URL has been read.
 */
export function useFiltersInUrl(): boolean {
  const dispatch = useAppDispatch();
  const filters = useAppSelector((s) => s.galleryUi.filters);
  const location = useLocation();
  const navigate = useNavigate();
  const [read, setRead] = useState(false);

  useEffect(() => {
    const fromUrl = parseGalleryFilters(location.search);
    dispatch(setGalleryFilters(fromUrl));
    setRead(true);
    // The URL leads here; the store's own changes come back through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  useEffect(() => {
    if (!read) return;
    const wanted = search(galleryFilterParams(filters, new URLSearchParams(location.search)));
    if (wanted !== location.search) void navigate({ search: wanted }, { replace: true, state: location.state });
  }, [read, filters, location.search, location.state, navigate]);

  return read;
}
