import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('serving the built SPA from the same process', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>蓝钻乐园</title><div id="root"></div>',
    );
    fs.writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(5000))});`,
    );
    // What the build's precompress plugin writes beside a chunk (apps/web/precompress-plugin.ts).
    const vendor = Buffer.from(`export const v = ${JSON.stringify('v'.repeat(4000))};`);
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js'), vendor);
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.br'), zlib.brotliCompressSync(vendor));
    fs.writeFileSync(path.join(dist, 'assets', 'vendor-def456.js.gz'), zlib.gzipSync(vendor, { level: 9 }));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    t = await createTestApp('sqlite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends pages compressed as the browser takes them, the same page in each encoding', async () => {
    const answers: Record<string, string> = {};
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/games',
        headers: { accept: 'text/html', ...(accept ? { 'accept-encoding': accept } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const body = res.rawPayload;
      const text =
        encoding === 'br'
          ? zlib.brotliDecompressSync(body).toString()
          : encoding === 'gzip'
            ? zlib.gunzipSync(body).toString()
            : body.toString();
      expect(Number(res.headers['content-length'])).toBe(body.length);
      answers[accept ?? 'none'] = text;
    }
    const pages = new Set(Object.values(answers));
    expect(pages.size).toBe(1);
    expect([...pages][0]).toContain('<div id="root">');
  });

  it('sends the build-time Brotli or gzip file as it is, and the plain file to a client that takes neither', async () => {
    const file = path.join(dist, 'assets', 'vendor-def456.js');
    for (const [accept, encoding, stored] of [
      ['gzip, deflate, br', 'br', `${file}.br`],
      ['gzip, deflate', 'gzip', `${file}.gz`],
      ['identity', undefined, file],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/vendor-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(fs.readFileSync(stored))).toBe(true);
      // A script is never a document: the document-only policies are left off (0045).
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('falls back to index.html for app routes, never cached', async () => {
    for (const url of ['/games/3', '/post/12?from=square', '/profile']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      // Every page carries the document policies.
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('answers the page to clients that take anything (curl, link previews, uptime checks) and to HEAD', async () => {
    for (const headers of [{ accept: '*/*' }, {}, { accept: 'text/*, */*;q=0.8' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/games?type=2', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>蓝钻乐园</title>');
    }
    // Over real HTTP, as an uptime check sends it: the page's headers, no body.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const head = await fetch(`${address}/profile`, { method: 'HEAD', headers: { accept: '*/*' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(head.headers.get('cache-control')).toBe('no-cache');
    expect(await head.text()).toBe('');
  });

  it('answers a page whose address ends in a number after a dot (a cut link) with the page, not a 404', async () => {
    for (const url of ['/post/1.5', '/bookinfo/8.0']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('never answers a missing file or a JSON-only client with the page', async () => {
    for (const url of [
      '/assets/index-gone999.js',
      '/assets/chunk',
      '/icons/none.png',
      '/sw-old.js',
      '/a.7z',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: '请求地址出错' });
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/games',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().code).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/games', headers: { accept: '*/*' } });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.headers['content-type']).toContain('application/json');
  });

  it('serves other files as they are, with security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.body).toBe('User-agent: *');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keeps unknown API paths and missing uploads as JSON 404s, even for a browser', async () => {
    for (const url of ['/api/nope', '/uploads/none.webp']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404);
    }
  });
});
