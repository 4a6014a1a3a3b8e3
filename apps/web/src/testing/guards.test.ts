import { describe, expect, it } from 'vitest';
import { http } from '../shared/http/client';
import { checkConsoleErrors, expectConsoleError, watchConsoleErrors } from './console';
import { checkFakeServer, fail, fakeServer } from './fake-server';

describe('the console.error guard', () => {
  it('fails a test that logs an unexpected console.error, naming what was logged', () => {
    watchConsoleErrors();
    console.error('boom: something broke');
    expect(() => checkConsoleErrors()).toThrow(/console.error was called during the test[\s\S]*boom/);
    watchConsoleErrors();
  });

  it('lets a test expect one, and fails it when the expected error never comes', () => {
    expectConsoleError(/pending request handles/);
    console.error('pending request handles exceed 20: 21');
    expect(() => checkConsoleErrors()).not.toThrow();
    watchConsoleErrors();
    expectConsoleError('never logged');
    expect(() => checkConsoleErrors()).toThrow(/expected console.error matching \/never logged\//);
    watchConsoleErrors();
  });
});

describe('the fake server', () => {
  it('answers with the envelope and records the request', async () => {
    const server = fakeServer().on('POST /v1/gift/:packId/claim', () => ({ code: 'ABC' }));
    expect(await http.post('/v1/gift/5/claim')).toEqual({ code: 'ABC' });
    expect(server.requestsTo('POST /v1/gift/:packId/claim')[0].params).toEqual({ packId: '5' });
    expect(() => checkFakeServer()).not.toThrow();
  });

  it('fails the test when a fake answer drifts from the contract', async () => {
    // A fake that forgot `code` and sent a number where the contract has a string.
    fakeServer().on('POST /user/login', () => ({ uid: 7 }) as never);
    await http.post('/user/login', { loginName: 'a', password: 'b' });
    expect(() => checkFakeServer()).toThrow(/POST \/user\/login does not match the contract: .*uid/);
  });

  it('fails the test on a request nobody expected', async () => {
    fakeServer();
    await expect(http.get('/v1/faq', undefined, { quiet: true })).rejects.toThrow();
    expect(() => checkFakeServer()).toThrow('unexpected request GET /api/v1/faq');
  });

  it('sends refusals as the server does', async () => {
    fakeServer().on('POST /user/smsCode', () =>
      fail(429, '验证码发送过于频繁', { status: 429, data: { retryAfter: 42 } }),
    );
    await expect(http.post('/user/smsCode', {}, { quiet: true })).rejects.toMatchObject({
      code: 429,
      status: 429,
      data: { retryAfter: 42 },
    });
  });
});
