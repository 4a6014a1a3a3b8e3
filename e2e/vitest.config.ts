import { configDefaults, defineConfig } from 'vitest/config';

/** The operator console's files (1280×800); the others drive the phone (390×844). */
const CONSOLE_FILES = 'tests/admin-*.test.ts';
/**
 * `E2E_PART=console` runs the console's files only, `phone` the others, unset both: `npm test` runs
 * the two parts side by side, each with a portal of its own (docs/decisions/0008).
 */
const part = process.env.E2E_PART || undefined;
if (part !== undefined && part !== 'console' && part !== 'phone')
  throw new Error(`E2E_PART is "${part}": "console", "phone", or unset for every file`);

// End-to-end: one real portal (built SPA + API on a temporary SQLite database) for the run,
// Debian Chromium per file. Files run one at a time: two cores are not enough for more browsers.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: [part === 'console' ? CONSOLE_FILES : 'tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(part === 'phone' ? [CONSOLE_FILES] : [])],
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
