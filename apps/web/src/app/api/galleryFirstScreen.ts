import { takeEarlyFirstScreen } from '../../features/gallery/lib/earlyFirstScreen';
import { loadGalleryFirstScreen } from '../routeCode';
import { store } from '../store';

/**
 * The /gallery route's loader: a first screen asked for at start-up (main.tsx) is put in the
 * cache before the page renders. Later visits use the gallery's own queries.
 */
export async function galleryFirstScreenLoader(): Promise<null> {
  const started = takeEarlyFirstScreen();
  if (!started) return null;
  try {
    const [reply, { primeGalleryFirstScreen }] = await Promise.all([started.reply, loadGalleryFirstScreen()]);
    if (reply) await primeGalleryFirstScreen(store.dispatch, reply, { mode: 'organize', tz: started.tz });
  } catch {
    // The gallery's code failed to load: the route's own loading shows that.
  }
  return null;
}
