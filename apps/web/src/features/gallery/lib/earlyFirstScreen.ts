import type { GalleryFirstScreenResponse, ImageGalleryMode } from '@atelier/contract';
import { API_BASE } from '../../../app/api/http';
import { readStoredToken } from '../../auth/store/storedSession';
import { workspaceHeaders } from '../../teams/store/storedWorkspace';
import { activeFilterCount, parseGalleryFilters } from './filters';
import { firstScreenThumbnails } from './firstScreenThumbnails';
import { readStoredView } from './storedView';
import { preloadThumbnails } from './thumbnailPreload';
import { browserTimeZone } from './timeZone';

// No Redux or React here: main.tsx starts this before the framework loads.

/** The work sidebar's width, about: the grid's width is the window's less this. */
const WORK_SIDEBAR_WIDTH = 84;

/**
 * GET /gallery/first-screen with the stored token, as a bare fetch. Null when signed out or on
 * any failure: the gallery then asks the usual way, and a 401 is left to /auth/me (the 401 rule
 * runs once, there).
 */
export async function requestGalleryFirstScreen(mode: ImageGalleryMode, tz: string): Promise<GalleryFirstScreenResponse | null> {
  const token = readStoredToken();
  if (!token) return null;
  try {
    const response = await fetch(`${API_BASE}/gallery/first-screen?${new URLSearchParams({ mode, tz })}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...workspaceHeaders() },
    });
    return response.ok ? ((await response.json()) as GalleryFirstScreenResponse) : null;
  } catch {
    return null;
  }
}

export interface EarlyFirstScreen {
  tz: string;
  reply: Promise<GalleryFirstScreenResponse | null>;
}
let early: EarlyFirstScreen | null = null;

/**
 * Start-up, when the app opens on /gallery (organize): asks for the gallery's first screen, and
 * fetches and decodes its thumbnails as soon as the reply is there, while the app's code loads.
 * True when it did.
 */
export function startGalleryFirstScreen(): boolean {
  if (window.location.pathname !== '/gallery' || !readStoredToken()) return false;
  // A filtered gallery asks with its filters, once the app runs.
  if (activeFilterCount(parseGalleryFilters(window.location.search)) > 0) return false;
  // The mode a link asked for (GalleryPage reads the same location state).
  const asked = (window.history.state as { usr?: { mode?: unknown } } | null)?.usr?.mode;
  if (asked !== undefined && asked !== 'organize') return false;
  const tz = browserTimeZone();
  const reply = requestGalleryFirstScreen('organize', tz);
  void reply.then((r) => {
    if (!r) return;
    const { layout, imageSize } = readStoredView();
    const area = { layout, size: imageSize, width: window.innerWidth - WORK_SIDEBAR_WIDTH, height: window.innerHeight };
    return preloadThumbnails(firstScreenThumbnails(r, area));
  });
  early = { tz, reply };
  return true;
}

/** The first screen asked for at start-up, once (later visits use the gallery's own queries). */
export function takeEarlyFirstScreen(): EarlyFirstScreen | null {
  const started = early;
  early = null;
  return started;
}
