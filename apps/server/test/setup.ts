import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { recordConsole, takeLogProblems } from './helpers/logs.ts';

// A test that makes the server log a warning or an error, or calls console.error/console.warn,
// fails unless it declared that line with `expectErrorLog` (helpers/logs.ts): faults must be
// deliberate and asserted. Test apps log into `logSink` (helpers/app.ts).
beforeEach(() => {
  const { error, warn } = console;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    recordConsole('error', args);
    error(...args);
  });
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    recordConsole('warn', args);
    warn(...args);
  });
});

function failOnLogProblems(when: string) {
  const problems = takeLogProblems();
  if (problems.length > 0) throw new Error(`${when}:\n  ${problems.join('\n  ')}`);
}

afterEach(() => {
  vi.restoreAllMocks();
  failOnLogProblems('the server logged what the test did not expect');
});

// Lines logged by set-up and tear-down hooks (outside any test) fail the file.
afterAll(() => failOnLogProblems('the server logged outside a test'));
