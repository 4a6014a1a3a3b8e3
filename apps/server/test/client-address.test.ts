import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';

// Per-IP limits count the address the request came from. Only behind a proxy that overwrites
// X-Forwarded-For (TRUST_PROXY=1) may that header name it; otherwise anyone could dodge a limit
// by sending a new made-up address with every request.
describeDialects('the client address of per-IP limits', (dialect) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp(dialect, { TRUST_PROXY: '0' });
    proxied = await createTestApp(dialect, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  /** Six registrations (the limit is 5 a minute per address), each claiming another address. */
  async function registerSixWithForgedAddresses(t: TestApp, prefix: string) {
    const answers = [];
    for (let i = 1; i <= 6; i++) {
      answers.push(
        await postForm(
          t.app,
          '/api/user/registerWithName',
          { loginName: `${prefix}_${i}`, password: 'secret123' },
          undefined,
          {
            'x-forwarded-for': `203.0.113.${i}`,
          },
        ),
      );
    }
    return answers;
  }

  it('with TRUST_PROXY=0 ignores a forged X-Forwarded-For: the sixth registration from one socket is refused', async () => {
    const answers = await registerSixWithForgedAddresses(direct, 'direct');
    expect(answers.slice(0, 5).map((a) => a.code)).toEqual([0, 0, 0, 0, 0]);
    expect(answers[5].status).toBe(429);
    expect(answers[5].msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    const rows = await direct.deps.db.kysely
      .selectFrom('users')
      .select('login_name')
      .where('login_name', 'like', 'direct_%')
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('with TRUST_PROXY=0 limits logins from one socket whatever address the header claims', async () => {
    const answers = [];
    // The per-address login limit is a flood guard of 60 a minute (docs/decisions/0022-login-limits.md).
    for (let i = 1; i <= 61; i++) {
      answers.push(
        await postForm(
          direct.app,
          '/api/user/login',
          { loginName: `nobody_${i}`, password: 'wrong123' },
          undefined,
          {
            'x-forwarded-for': `198.51.100.${i}`,
          },
        ),
      );
    }
    expect(answers.slice(0, 60).every((a) => a.status === 200 && a.code === 1)).toBe(true);
    expect(answers[60].status).toBe(429);
  });

  it('with TRUST_PROXY=1 counts the address the proxy names (so the limit above is the switch)', async () => {
    const answers = await registerSixWithForgedAddresses(proxied, 'proxied');
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
