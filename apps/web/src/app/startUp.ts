import { initializeAuth } from '../features/auth/store/authSlice';
import { startGalleryFirstScreen } from './api/galleryFirstScreen';
import { store } from './store';

// Start-up (spec §4): once, before the first render, so StrictMode cannot run it twice. Imported
// by main.tsx before the app, so these calls leave before the router asks for the route's code.
void store.dispatch(initializeAuth());
startGalleryFirstScreen();
