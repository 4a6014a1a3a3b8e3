import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';

/** A 512×512 picture with detail, as the seeded game icons are. */
const picture = (side: number, hue: number) =>
  sharp({
    create: { width: side, height: side, channels: 3, background: { r: hue, g: 120, b: 200 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side / 3}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .webp()
    .toBuffer();

describe('image sizes: GET /uploads/<image>?w=', () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.deps.storage.put('games/7/icon.webp', await picture(512, 40));
    await t.deps.storage.put(
      'posts/wide.png',
      await sharp(await picture(300, 90))
        .resize(600, 300)
        .png()
        .toBuffer(),
    );
    await t.deps.storage.put('videos/demo/clip.mp4', Buffer.alloc(2000, 7));
    await t.deps.storage.put('posts/broken.webp', Buffer.from('RIFF....WEBPnot really an image'));
  });
  afterAll(() => t.close());

  it.each([48, 96, 192, 384])('answers the icon %i px wide as WebP, with caching headers', async (w) => {
    const res = await get(`/uploads/games/7/icon.webp?w=${w}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=604800',
      'accept-ranges': 'bytes',
      etag: expect.stringMatching(/^"/),
      'content-length': String(res.rawPayload.length),
    });
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: w, height: w });
    const original = await get('/uploads/games/7/icon.webp');
    expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it('keeps the aspect ratio of a PNG, and never enlarges', async () => {
    const half = await get('/uploads/posts/wide.png?w=256');
    expect(half.headers['content-type']).toBe('image/webp');
    expect(await sharp(half.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 128,
    });
    const big = await get('/uploads/posts/wide.png?w=1024');
    expect(big.statusCode).toBe(200);
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ width: 600, height: 300 });
    // Without w the original is served as it is stored.
    const original = await get('/uploads/posts/wide.png');
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('serves a WebP no wider than asked as stored, not encoded again', async () => {
    const small = await picture(300, 160);
    await t.deps.storage.put('video-covers/small.webp', small);
    const res = await get('/uploads/video-covers/small.webp?w=384');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload).toEqual(small);
    // Narrower than the original: resized as before.
    const half = await get('/uploads/video-covers/small.webp?w=192');
    expect(await sharp(half.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 192 });
  });

  it('makes a variant once and then serves the stored one (same version, 304 for a cached copy)', async () => {
    const first = await get('/uploads/games/7/icon.webp?w=128');
    const again = await get('/uploads/games/7/icon.webp?w=128');
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
    expect(again.rawPayload).toEqual(first.rawPayload);
    const cached = await get('/uploads/games/7/icon.webp?w=128', {
      'if-none-match': String(first.headers.etag),
    });
    expect(cached.statusCode).toBe(304);
  });

  it('makes a new variant when the original under the same key is replaced', async () => {
    await t.deps.storage.put('games/8/icon.webp', await picture(512, 10));
    const before = await get('/uploads/games/8/icon.webp?w=64');
    await t.deps.storage.put(
      'games/8/icon.webp',
      await sharp(await picture(512, 250))
        .resize(512, 256)
        .webp()
        .toBuffer(),
    );
    const after = await get('/uploads/games/8/icon.webp?w=64');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await sharp(after.rawPayload).metadata()).toMatchObject({ width: 64, height: 32 });
  });

  it('answers byte ranges and HEAD of a variant', async () => {
    const whole = await get('/uploads/games/7/icon.webp?w=256');
    const part = await get('/uploads/games/7/icon.webp?w=256', { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
    const head = await get('/uploads/games/7/icon.webp?w=256', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.headers['content-type']).toBe('image/webp');
  });

  it.each(['95', '0', '-96', '96.0', '1e2', 'abc', '', '99999', '96&w=128'])(
    'refuses w=%s with 400 naming w and the allowed widths',
    async (w) => {
      const res = await get(`/uploads/games/7/icon.webp?w=${w}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/^w: 图片宽度只能是 48、64、96/),
      });
    },
  );

  it('refuses w for a file that is not an image', async () => {
    const res = await get('/uploads/videos/demo/clip.mp4?w=96');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg: 'w: 只有图片可以指定宽度' });
  });

  it.each([
    '/uploads/games/404/icon.webp?w=96',
    '/uploads/packages/1/x.apk?w=96',
    '/uploads/posts/a%20b.webp?w=96',
  ])('answers 404 for %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, msg: '文件不存在' });
  });

  it('serves an original it cannot read as stored instead of failing', async () => {
    expectWarnLog('could not be resized');
    const res = await get('/uploads/posts/broken.webp?w=96');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString()).toBe('RIFF....WEBPnot really an image');
  });
});
