import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two cores, so two forks.
    pool: 'forks',
    maxWorkers: 2,
    // Runs after the contract and web projects (vitest needs distinct groups for distinct maxWorkers).
    sequence: { groupOrder: 2 },
  },
});
