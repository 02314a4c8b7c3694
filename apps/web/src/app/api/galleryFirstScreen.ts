import type { GalleryFirstScreenResponse, ImageGalleryMode } from '@atelier/contract';
import { readStoredToken } from '../../features/auth/store/storedSession';
import { browserTimeZone } from '../../features/gallery/lib/timeZone';
import { store } from '../store';
import { API_BASE } from './http';

/** The work sidebar's width, about: the grid's width is the window's less this. */
const WORK_SIDEBAR_WIDTH = 84;

/**
 * GET /gallery/first-screen with the stored token, as a bare fetch: it lives in the first JS so
 * the gallery's data is on its way while /auth/me and the gallery's code are. Null when signed
 * out or on any failure: the gallery then asks the usual way, and a 401 is left to /auth/me (the
 * 401 rule runs once, there).
 */
export async function requestGalleryFirstScreen(mode: ImageGalleryMode, tz: string): Promise<GalleryFirstScreenResponse | null> {
  const token = readStoredToken();
  if (!token) return null;
  try {
    const response = await fetch(`${API_BASE}/gallery/first-screen?${new URLSearchParams({ mode, tz })}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    return response.ok ? ((await response.json()) as GalleryFirstScreenResponse) : null;
  } catch {
    return null;
  }
}

let firstVisit = typeof window !== 'undefined' && window.location.pathname === '/gallery';

/**
 * The /gallery route's loader. When the app opens on /gallery (organize), the first screen is
 * asked for in one call while /auth/me and the route's code load, and is in the cache when the
 * page renders; its thumbnails start loading as soon as it arrives. Later visits use the
 * gallery's own queries.
 */
export async function galleryFirstScreenLoader(): Promise<null> {
  if (!firstVisit) return null;
  firstVisit = false;
  // The mode a link asked for (GalleryPage reads the same location state).
  const asked = (window.history.state as { usr?: { mode?: unknown } } | null)?.usr?.mode;
  if (asked !== undefined && asked !== 'organize') return null;
  const tz = browserTimeZone();
  try {
    const [reply, { primeGalleryFirstScreen }] = await Promise.all([
      requestGalleryFirstScreen('organize', tz),
      import('../../features/gallery/lib/firstScreen'),
    ]);
    if (!reply) return null;
    const { layout, imageSize } = store.getState().galleryUi;
    void primeGalleryFirstScreen(store.dispatch, reply, {
      mode: 'organize',
      tz,
      layout,
      size: imageSize,
      width: window.innerWidth - WORK_SIDEBAR_WIDTH,
      height: window.innerHeight,
    });
  } catch {
    // The gallery's code failed to load: the route's own loading shows that.
  }
  return null;
}
