import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { bootChunk, signedInAppChunk, signInChunk } from './src/build/chunkGroups';

/** lucide-react's files for the icons /login and the app frame show (toast, Alert, AuthLayout, CredentialStrip). */
const SIGN_IN_ICONS = /[\\/]icons[\\/](x|triangle-exclamation-point|circle-slash|circle-exclamation-point|circle-check|info|check|award)\.mjs$/;

const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3000,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
      '/files': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Which files each route loads: the first-JS budget of /login (issue #19) reads it.
    manifest: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The contract's schemas are plain values: one a page does not use is dropped, so a
      // screen that needs only a constant of a contract module does not bring zod along.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // What every screen runs first, in one file: a dozen small shared chunks cost more
          // (gzip and requests) than they save.
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|@reduxjs|immer|reselect|use-sync-external-store|react-hot-toast|goober|clsx)[\\/]/ },
            // The signed-in screens' icons in one file (one request, not forty); the sign-in
            // screens' own few stay out of it, so /login does not load the rest.
            {
              name: 'icons',
              test: (id) => /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && !SIGN_IN_ICONS.test(id),
              includeDependenciesRecursively: false,
            },
            // The sign-in screens' few icons with lucide's own helpers: one file, not eight.
            {
              name: 'sign-in-icons',
              test: (id) => SIGN_IN_ICONS.test(id) || /lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/.test(id),
              includeDependenciesRecursively: false,
            },
            // Radix with its helpers: one file, loaded by the screens that use it.
            {
              name: 'radix',
              test: /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib)[\\/]/,
            },
            // The app's own start-up code in one file (src/build/chunkGroups.ts).
            { name: bootChunk(), includeDependenciesRecursively: false },
            // The sign-in page's own code in one file (src/build/chunkGroups.ts).
            { name: signInChunk(), includeDependenciesRecursively: false },
            // The signed-in shell and the gallery in one file (src/build/chunkGroups.ts). Its
            // modules' imports stay where they are: a sign-in screen's must not join it.
            { name: signedInAppChunk(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
