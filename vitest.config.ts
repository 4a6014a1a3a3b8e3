import { defineConfig } from 'vitest/config';

// One runner, four projects: the test runner's own helpers, pure contract helpers, the API on real
// databases, and web units in jsdom.
// End-to-end tests have their own config (e2e/vitest.config.ts) because they need a built SPA.
export default defineConfig({
  test: {
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
