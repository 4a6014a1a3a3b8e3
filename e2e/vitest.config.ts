import { defineConfig } from 'vitest/config';

// End-to-end: one real portal (built SPA + API on a temporary SQLite database) for the run,
// Debian Chromium per file. Files run one at a time: two cores are not enough for more browsers.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    setupFiles: ['src/report-failures.ts'],
    fileParallelism: false,
    // Well above Playwright's 30 s for one action: an action that hangs late in a long test then
    // fails with its call log (what it waited for), not with a bare test timeout that names no step
    // (a console test on a CI machine busy with three suites, 2026-12-03).
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // expect.poll waits on password hashing, lazy chunks and image re-encoding: on a busy machine
    // that takes longer than the 1 s default. A poll that never comes true still fails, after 15 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
