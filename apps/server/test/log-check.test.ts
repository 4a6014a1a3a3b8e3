import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { expectErrorLog, takeLogProblems } from './helpers/logs.ts';

// The check after each test (test/setup.ts) is what keeps a server fault from passing unnoticed;
// these cases show it catching one, and a declared fault passing.
describeDialects('the log check of every server test', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // A missing table makes the FAQ a server fault: a 500 and an error line.
    await sql`drop table faqs`.execute(t.deps.db.kysely);
  });
  afterAll(() => t.close());

  it('reports a server fault the test did not declare', async () => {
    const res = await call(t.app, 'GET', '/api/v1/faq');
    expect(res.status).toBe(500);
    expect(res.raw.json()).toEqual({ code: 500, msg: '服务器内部错误', data: null });
    // What the check after this test would throw; taken here so that this test itself passes.
    expect(takeLogProblems()).toEqual([
      expect.stringMatching(/^unexpected error log: request failed \(.*faqs/),
    ]);
  });

  it('lets a declared fault pass, with no internals in the answer', async () => {
    expectErrorLog(/request failed .*faqs/);
    const res = await call(t.app, 'GET', '/api/v1/faq');
    expect(res.status).toBe(500);
    expect(res.raw.body).not.toContain('faqs');
  });

  it('reports a declared fault that never came', () => {
    expectErrorLog('request failed');
    expect(takeLogProblems()).toEqual(['expected an error log matching request failed, but none came']);
  });

  it('reports console.error and console.warn', () => {
    console.error('a fault printed by hand');
    console.warn('a warning printed by hand');
    expect(takeLogProblems()).toEqual([
      'unexpected error console.error: a fault printed by hand',
      'unexpected warn console.warn: a warning printed by hand',
    ]);
  });
});
