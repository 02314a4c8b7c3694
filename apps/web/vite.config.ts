import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
    rolldownOptions: {
      // The contract's schemas are plain values: one a page does not use is dropped, so a
      // screen that needs only a constant of a contract module does not bring zod along.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // What every screen runs first, in one file: a dozen small shared chunks cost more
          // (gzip and requests) than they save.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|redux|redux-thunk|@reduxjs|immer|reselect|use-sync-external-store|react-hot-toast|goober|clsx)[\\/]/ }],
        },
      },
    },
  },
});
