import { vi } from 'vitest';

// A console.error during a test is a failure (React's act and key warnings, a failed render, a
// rejected promise the app logs): the test fails in afterEach with what was logged. A test that
// provokes one on purpose says so with expectConsoleError, and then it must happen.

interface Expected {
  pattern: RegExp;
  seen: boolean;
}

let logged: string[] = [];
let expected: Expected[] = [];
const original = console.error.bind(console);

const asText = (args: unknown[]) =>
  args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');

/** Installs the guard for one test (setup.ts calls it before each test). */
export function watchConsoleErrors(): void {
  logged = [];
  expected = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = asText(args);
    const match = expected.find((e) => e.pattern.test(text));
    if (match) {
      match.seen = true;
      return;
    }
    logged.push(text);
    original(...args);
  });
}

/** This test logs a console.error matching `pattern` on purpose; the test fails if it does not. */
export function expectConsoleError(pattern: RegExp | string): void {
  expected.push({
    pattern: typeof pattern === 'string' ? new RegExp(escapeRegExp(pattern)) : pattern,
    seen: false,
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Throws when the test logged an unexpected console.error or missed an expected one (setup.ts, after each test). */
export function checkConsoleErrors(): void {
  const unexpected = logged;
  const missing = expected.filter((e) => !e.seen).map((e) => String(e.pattern));
  logged = [];
  expected = [];
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called during the test (use expectConsoleError if it is meant to):\n${unexpected.join('\n---\n')}`,
    );
  }
  if (missing.length > 0) throw new Error(`expected console.error matching ${missing.join(', ')}, none came`);
}
