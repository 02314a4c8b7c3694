import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter';
import './index.css';
import { App } from './app/App';
import { initializeAuth } from './features/auth/store/authSlice';
import { store } from './app/store';

// Start-up (spec §4): once, before the first render, so StrictMode cannot run it twice.
void store.dispatch(initializeAuth());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
