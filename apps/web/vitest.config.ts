import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    sequence: { groupOrder: 1 },
    // A loaded 2-core machine (CI, or tests beside a build) makes a slow render look like a
    // failure; these bound how long a broken test hangs, they measure nothing.
    testTimeout: 30_000,
  },
});
