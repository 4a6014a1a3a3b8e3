import { describe, expect, it } from 'vitest';
import { addReport, closingLine, emptyTotals } from '../lib/report.mjs';

const test = (fullName, status) => ({ fullName, status });
const report = {
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/apps/server/test/accounts.test.ts',
      status: 'failed',
      assertionResults: [
        test('accounts on sqlite login works', 'passed'),
        test('accounts on sqlite logout works', 'failed'),
        test('accounts on postgres login works', 'skipped'),
        test('accounts on postgres logout works', 'skipped'),
      ],
    },
    {
      name: '/repo/apps/server/test/rate-limit-redis.test.ts',
      status: 'passed',
      assertionResults: [test('rate limits shared through Redis count across processes', 'skipped')],
    },
    {
      name: '/repo/apps/web/src/x.test.ts',
      status: 'passed',
      assertionResults: [test('x renders', 'passed'), test('x one day', 'todo'), test('y', 'passed')],
    },
  ],
};

describe('the closing line of npm test', () => {
  it('counts skipped tests by the service that was off, and names the rest', () => {
    const off = {
      PostgreSQL: 'no PostgreSQL at postgres://127.0.0.1:5432/test (ECONNREFUSED)',
      Redis: 'TEST_REDIS_PROBE_URL=off',
    };
    const totals = addReport(emptyTotals(), report, off);
    expect(closingLine(totals, off)).toBe(
      '3 passed, 1 failed, 4 skipped (2 PostgreSQL cases: no PostgreSQL at postgres://127.0.0.1:5432/test (ECONNREFUSED); 1 Redis case: TEST_REDIS_PROBE_URL=off; 1 marked skip or todo in the code: x one day)',
    );
  });

  it('does not blame a service that was on', () => {
    const totals = addReport(emptyTotals(), report, {});
    expect(totals.skippedBy).toEqual({});
    expect(totals.unexplained).toHaveLength(4);
  });

  it('says 0 skipped when nothing was', () => {
    const totals = addReport(emptyTotals(), { numPassedTests: 2, numFailedTests: 0, testResults: [] });
    expect(closingLine(totals)).toBe('2 passed, 0 failed, 0 skipped');
  });

  it('counts a file that failed outside its tests as a failure', () => {
    const broken = {
      numPassedTests: 1,
      numFailedTests: 0,
      testResults: [{ name: '/repo/a.test.ts', status: 'failed', assertionResults: [test('a', 'passed')] }],
    };
    const totals = addReport(emptyTotals(), broken);
    expect(totals.failed).toBe(1);
    expect(totals.brokenFiles).toEqual(['/repo/a.test.ts']);
  });
});
