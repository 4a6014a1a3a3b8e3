import { format } from 'node:util';

/** One warn-or-worse line the app logged (pino's JSON), or a `console.error`/`console.warn` call. */
export interface LogRecord {
  level: number;
  msg: string;
  source: 'app' | 'console';
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

type Level = 'warn' | 'error';
const LEVELS: Record<Level, number> = { warn: 40, error: 50 };

interface Expectation {
  level: Level;
  pattern: string | RegExp;
  hits: number;
}

const seen: LogRecord[] = [];
const expected: Expectation[] = [];

/**
 * The pino destination of every test app: warn and error lines are kept for the check after each
 * test (`test/setup.ts`), which fails the test unless it declared them with `expectErrorLog`.
 */
export const logSink = {
  write(line: string) {
    const record = JSON.parse(line) as LogRecord;
    if (record.level >= LEVELS.warn) seen.push({ ...record, source: 'app' });
  },
};

/** Records a console call as if the app had logged it (`console.error` counts as an error). */
export function recordConsole(level: Level, args: unknown[]): void {
  seen.push({ level: LEVELS[level], msg: format(...args), source: 'console' });
}

const ROUTINE = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'source', 'reqId', 'req', 'res']);

/** The message, the error's message and the line's own fields: `payment notify refused {"reason":"bad signature"}`. */
function describe(r: LogRecord): string {
  const fields = Object.fromEntries(Object.entries(r).filter(([key]) => !ROUTINE.has(key)));
  const error = r.err?.message ? ` (${r.err.type ?? 'Error'}: ${r.err.message})` : '';
  return `${r.msg}${error}${Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : ''}`;
}

const matches = (e: Expectation, r: LogRecord) => {
  if (r.level < LEVELS[e.level]) return false;
  const text = describe(r);
  return typeof e.pattern === 'string' ? text.includes(e.pattern) : e.pattern.test(text);
};

/**
 * Declares that the running test makes the server log at `level` (default error) a line whose
 * description (message, error message and fields, see `describe`) contains or matches `pattern`.
 * The test fails if no such line comes, and any other warn or error line still fails it.
 */
export function expectErrorLog(pattern: string | RegExp, level: Level = 'error'): void {
  expected.push({ level, pattern, hits: 0 });
}

/** Warn-level variant of `expectErrorLog`. */
export const expectWarnLog = (pattern: string | RegExp) => expectErrorLog(pattern, 'warn');

/** What went wrong since the last call (unexpected lines, expectations never met); clears both lists. */
export function takeLogProblems(): string[] {
  const problems: string[] = [];
  for (const record of seen) {
    const expectation = expected.find((e) => matches(e, record));
    if (expectation) expectation.hits += 1;
    else {
      const what = record.source === 'console' ? `console.${record.level >= 50 ? 'error' : 'warn'}` : 'log';
      problems.push(`unexpected ${record.level >= 50 ? 'error' : 'warn'} ${what}: ${describe(record)}`);
    }
  }
  for (const e of expected) {
    if (e.hits === 0)
      problems.push(
        `expected ${e.level === 'error' ? 'an' : 'a'} ${e.level} log matching ${String(e.pattern)}, but none came`,
      );
  }
  seen.length = 0;
  expected.length = 0;
  return problems;
}
