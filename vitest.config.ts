import { defineConfig } from 'vitest/config';

// One runner for the whole repo: `npm run test:unit` runs both projects.
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract'],
  },
});
