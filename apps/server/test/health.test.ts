import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

describeDialects('platform', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers health with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { status: 'up', database: dialect } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an unknown API path with a 404 envelope, never HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '请求地址出错', data: null });
  });

  it('refuses malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
