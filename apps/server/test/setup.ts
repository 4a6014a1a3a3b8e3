import { afterEach, vi } from 'vitest';

// A test that makes the server log an error fails: faults must be deliberate and asserted.
afterEach(() => {
  vi.restoreAllMocks();
});
