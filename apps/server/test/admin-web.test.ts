import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The console's build served at /admin by the same process (platform/admin-web.ts), on a small
// stand-in build: what matters is which answer each address gets.
describe('the operator console served at /admin', () => {
  let t: TestApp;
  let noBuild: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-admin-dist-'));
  const html =
    '<!doctype html><html lang="zh-CN"><head><title>蓝钻乐园 管理后台</title><script type="module" src="/admin/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
    t = await createTestApp('sqlite', { ADMIN_DIST: dist });
    noBuild = await createTestApp('sqlite', { ADMIN_DIST: path.join(dist, 'missing') });
  });
  afterAll(async () => {
    await t?.close();
    await noBuild?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers the console page at /admin and every console address, never cached', async () => {
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/bulletins/edit/3?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(html);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // antd's CSS-in-JS writes <style> elements; no inline script is allowed.
      expect(String(res.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'; ");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves hashed assets for a year, precompressed, and a missing one as 404 rather than the page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404 });
    expect((await t.app.inject({ method: 'GET', url: '/admin/favicon.ico' })).statusCode).toBe(404);
  });

  it('serves a file the build gained after the start, and answers anything but a read with 405, not the page', async () => {
    // The build's files are one route, not one each: a file that came later is served too.
    fs.writeFileSync(path.join(dist, 'assets/late-def456.js'), script);
    const late = await t.app.inject({ method: 'GET', url: '/admin/assets/late-def456.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe(script);
    const head = await t.app.inject({ method: 'HEAD', url: '/admin/users' });
    expect(head.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/admin/users', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toContain('GET');
    expect(post.json()).toMatchObject({ code: 405 });
  });

  it('keeps the admin API apart: unknown admin API paths are 404 envelopes, not the page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/v1/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('says how to build the console when there is no build, instead of showing the portal', async () => {
    const res = await noBuild.app.inject({ method: 'GET', url: '/admin', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 503,
      msg: '管理后台尚未构建：请运行 npm run build（或 npm start）后再打开 /admin',
    });
  });
});
