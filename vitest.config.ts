import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one on a two-core machine. The API files
// spend much of their time waiting on PostgreSQL, Redis and the processes they start, and the
// jsdom files leave the other core idle, so each project runs a worker per core, at least two
// (docs/decisions/0008-npm-test-sets-up-and-reports.md, "Two workers").
const workers = Math.max(2, os.availableParallelism());

// One runner, four projects: the test runner's own helpers, pure contract helpers, the API on real
// databases, and web units in jsdom.
// End-to-end tests have their own config (e2e/vitest.config.ts) because they need a built SPA.
export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['test/**/*.test.mjs'] } },
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          setupFiles: ['test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
