import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A form test types a few dozen keys through user-event: well under a second alone, but 5 s (the
    // default) was not enough on a busy two-core machine running the whole suite.
    testTimeout: 20_000,
  },
});
