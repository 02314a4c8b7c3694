import { initializeAuth } from '../features/auth/store/authSlice';
import { store } from './store';

// Start-up (spec §4): once, before the first render, so StrictMode cannot run it twice. Its
// /auth/me reply is the one main.tsx asked for already (apiRequest takes it).
void store.dispatch(initializeAuth());
