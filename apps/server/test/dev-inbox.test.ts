import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';

// The dev inbox hands out SMS codes to anyone who asks: only DEV_INBOX=1 may open it (DESIGN §4).
describeDialects('the dev SMS inbox', (dialect) => {
  let closed: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    closed = await createTestApp(dialect, { DEV_INBOX: '0' });
    open = await createTestApp(dialect, { DEV_INBOX: '1' });
  });
  afterAll(async () => {
    await closed.close();
    await open.close();
  });

  const sendCode = (t: TestApp, phone: string) =>
    postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': randomIp(),
    });
  const inbox = (t: TestApp, phone: string) =>
    call(t.app, 'GET', '/api/v1/dev/sms/latest', { query: { phone } });

  it('answers 404 with DEV_INBOX off, after a code was sent, like any unknown path', async () => {
    const phone = '13911112222';
    expect((await sendCode(closed, phone)).code).toBe(0);
    const res = await inbox(closed, phone);
    expect(res.status).toBe(404);
    expect(res.raw.json()).toEqual({ code: 404, msg: '请求地址出错', data: null });
    expect(res.raw.body).not.toMatch(/\d{6}/);
    const unknown = await call(closed.app, 'GET', '/api/v1/dev/nothing-here', { query: { phone } });
    expect(unknown.raw.json()).toEqual({
      code: 404,
      msg: '请求地址出错',
      data: null,
    });
  });

  it('answers the latest code with DEV_INBOX=1 (so the 404 above is the switch, not a broken route)', async () => {
    const phone = '13911113333';
    expect((await sendCode(open, phone)).code).toBe(0);
    const res = await inbox(open, phone);
    expect(res.status).toBe(200);
    expect(res.data.code).toMatch(/^\d{6}$/);
  });

  it('is never in the API document', async () => {
    for (const t of [closed, open]) {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths).filter((p) => p.includes('/dev/'))).toEqual([]);
    }
  });
});
