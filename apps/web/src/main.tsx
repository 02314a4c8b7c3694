// The entry, without React: it sends the start-up requests (spec §4's /auth/me, and on /gallery
// the first screen with its thumbnails and the route's code) before the framework loads, then
// loads the app (boot.tsx).
import '@fontsource-variable/inter';
import './index.css';
import { startEarlyMe } from './app/api/http';
import { prefetchGalleryRoute } from './app/routeCode';
import { startGalleryFirstScreen } from './features/gallery/lib/earlyFirstScreen';

startEarlyMe();
if (startGalleryFirstScreen()) prefetchGalleryRoute();
void import('./boot');
