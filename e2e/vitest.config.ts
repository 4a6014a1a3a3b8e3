import { defineConfig } from 'vitest/config';

// End-to-end: one real portal (built SPA + API on a temporary SQLite database) for the run,
// Debian Chromium per file. Files run one at a time: two cores are not enough for more browsers.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
