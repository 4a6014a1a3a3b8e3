import { defineConfig } from 'vitest/config';

// The cluster as production runs it (docs/decisions/0056-cluster.md): nginx in front of two
// compiled server processes on PostgreSQL and Redis, driven over real HTTP and in Chromium, and
// put through faults (a process killed, a rolling restart, PostgreSQL restarted). After the
// end-to-end stage of `npm test`; skipped, with the reason, without PostgreSQL, Redis or nginx.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['cluster/**/*.test.ts'],
    globalSetup: ['cluster/global-setup.ts'],
    setupFiles: ['src/report-failures.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
