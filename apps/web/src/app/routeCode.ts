// The /gallery route's code, named once: the router loads it, and start-up (main.tsx) asks for it
// before the framework has loaded, so the route's files and the app's arrive together.
import { loadWorkSliceCode } from './workSliceCode';

export const loadShellLayouts = () => import('../features/shell/components/layouts');
export const loadGalleryPage = () => import('../features/gallery/GalleryPage');
export const loadGalleryFirstScreen = () => import('../features/gallery/lib/firstScreen');

export function prefetchGalleryRoute(): void {
  // A failure here is the router's to show, when it asks for the same files.
  Promise.all([loadShellLayouts(), loadWorkSliceCode(), loadGalleryPage(), loadGalleryFirstScreen()]).catch(() => undefined);
}
