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

interface EarlyFirstScreen {
  tz: string;
  reply: Promise<GalleryFirstScreenResponse | null>;
  primer: Promise<typeof import('../../features/gallery/lib/firstScreen')>;
}
let early: EarlyFirstScreen | null = null;

/**
 * Start-up, when the app opens on /gallery (organize): asks for the gallery's first screen and
 * its code at once, ahead of the route's chunks (the browser gives a host six connections; the
 * data must not queue behind forty files).
 */
export function startGalleryFirstScreen(): void {
  if (window.location.pathname !== '/gallery' || !readStoredToken()) return;
  // The mode a link asked for (GalleryPage reads the same location state).
  const asked = (window.history.state as { usr?: { mode?: unknown } } | null)?.usr?.mode;
  if (asked !== undefined && asked !== 'organize') return;
  const tz = browserTimeZone();
  early = { tz, reply: requestGalleryFirstScreen('organize', tz), primer: import('../../features/gallery/lib/firstScreen') };
}

/**
 * The /gallery route's loader: a first screen asked for at start-up is put in the cache before
 * the page renders, and its thumbnails start loading as soon as it arrives (not awaited). Later visits use
 * the gallery's own queries.
 */
export async function galleryFirstScreenLoader(): Promise<null> {
  const started = early;
  early = null;
  if (!started) return null;
  try {
    const [reply, { primeGalleryFirstScreen }] = await Promise.all([started.reply, started.primer]);
    if (!reply) return null;
    const { layout, imageSize } = store.getState().galleryUi;
    await primeGalleryFirstScreen(store.dispatch, reply, {
      mode: 'organize',
      tz: started.tz,
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
