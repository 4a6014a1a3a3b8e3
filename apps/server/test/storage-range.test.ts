import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../src/platform/send-stored-file.ts';
import { isValidKey, keyOfUrl } from '../src/platform/storage.ts';
import { createTestApp, postForm, type TestApp } from './helpers/app.ts';
import { createGame, createType, createUser } from './helpers/money.ts';

const SIZE = 1000;
/** Bytes that differ from their neighbours, so a wrong offset shows. */
const CLIP = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7 + 3) % 251));
const CLIP_URL = '/uploads/videos/demo/clip.mp4';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['', { kind: 'whole' }],
    ['bytes=0-99', { kind: 'part', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'part', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'part', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'part', start: 0, end: 999 }],
    ['bytes=0-999999', { kind: 'part', start: 0, end: 999 }],
    ['bytes=999-999', { kind: 'part', start: 999, end: 999 }],
    [' Bytes = 10 - 19 ', { kind: 'part', start: 10, end: 19 }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
  ] as const)('%j answers %j for 1000 bytes', (header, answer) => {
    expect(parseRange(header, SIZE)).toEqual(answer);
  });

  it.each(['bytes=abc', 'bytes=-', 'bytes=5', 'bytes=50-10', 'bytes=1.5-2', 'bytes 0-1', '=0-1'])(
    '%j is malformed',
    (header) => {
      expect(parseRange(header, SIZE)).toEqual({
        kind: 'refused',
        message: expect.stringMatching(/^Range: 格式/),
      });
    },
  );

  it.each([
    ['bytes=999999-', SIZE],
    ['bytes=1000-', SIZE],
    ['bytes=-0', SIZE],
    ['bytes=0-', 0],
    ['bytes=-10', 0],
  ])('%j cannot be satisfied for %i bytes', (header, size) => {
    expect(parseRange(header, size)).toEqual({
      kind: 'refused',
      message: `Range: 超出文件范围（文件共 ${size} 字节）`,
    });
  });
});

describe('storage keys', () => {
  it.each(['avatars/a.webp', 'packages/12/ab-cd/game_1.apk', 'x'])('accepts %s', (key) => {
    expect(isValidKey(key)).toBe(true);
  });
  it.each(['', '../portal.sqlite', 'a/../../b', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', 'a/b c', 'a/%2e%2e'])(
    'refuses %j',
    (key) => {
      expect(isValidKey(key)).toBe(false);
    },
  );
  it('maps public URLs back to keys', () => {
    expect(keyOfUrl('/uploads/posts/a.webp')).toBe('posts/a.webp');
    expect(keyOfUrl('/uploads/../test.sqlite')).toBeNull();
    expect(keyOfUrl('https://elsewhere.example/uploads/a.webp')).toBeNull();
  });
});

describe('stored files over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.deps.storage.put('videos/demo/clip.mp4', CLIP);
    await t.deps.storage.put('notes/readme.txt', Buffer.from('说明'.repeat(1000)));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  describe('storage', () => {
    it('stats, reads and streams a range of a file, and knows nothing of a missing one', async () => {
      const file = await t.deps.storage.stat('videos/demo/clip.mp4');
      expect(file).toMatchObject({ key: 'videos/demo/clip.mp4', size: SIZE, contentType: 'video/mp4' });
      expect(file!.etag).toMatch(/^"[\w-]{16}"$/);
      expect(await t.deps.storage.read('videos/demo/clip.mp4')).toEqual(CLIP);
      const chunks: Buffer[] = [];
      for await (const chunk of t.deps.storage.createReadStream('videos/demo/clip.mp4', {
        start: 10,
        end: 19,
      })) {
        chunks.push(chunk as Buffer);
      }
      expect(Buffer.concat(chunks)).toEqual(CLIP.subarray(10, 20));
      expect(await t.deps.storage.stat('videos/none.mp4')).toBeNull();
      expect(await t.deps.storage.read('videos/none.mp4')).toBeNull();
      expect(await t.deps.storage.stat('../test.sqlite')).toBeNull();
      await expect(t.deps.storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(
        'not a storage key',
      );
    });
  });

  describe('GET /uploads/…', () => {
    it('answers the whole file with its length, type, ranges and caching', async () => {
      const res = await get(CLIP_URL);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(CLIP);
      expect(res.headers).toMatchObject({
        'accept-ranges': 'bytes',
        'content-length': String(SIZE),
        'content-type': 'video/mp4',
        'cache-control': 'public, max-age=604800',
        etag: expect.stringMatching(/^"/),
        'last-modified': expect.stringMatching(/GMT$/),
      });
      expect(res.headers['content-range']).toBeUndefined();
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, 999],
      ['bytes=-100', 900, 999],
      ['bytes=990-5000', 990, 999],
    ])('answers 206 with the part for Range %s', async (range, start, end) => {
      const res = await get(CLIP_URL, { range });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${SIZE}`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload).toEqual(CLIP.subarray(start, end + 1));
    });

    it.each([
      ['bytes=999999-', '超出文件范围'],
      ['bytes=abc', '格式应为'],
      ['bytes=50-10', '格式应为'],
    ])('answers 416 in the envelope for Range %s', async (range, words) => {
      const res = await get(CLIP_URL, { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${SIZE}`);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['cache-control']).toBeUndefined();
      const body = res.json();
      expect(body).toEqual({ code: 416, msg: expect.stringContaining(words), data: null });
      expect(body.msg).toMatch(/^Range: /);
    });

    it('answers several ranges with the whole file', async () => {
      const res = await get(CLIP_URL, { range: 'bytes=0-9,20-29' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(SIZE));
      expect(res.rawPayload).toEqual(CLIP);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const whole = await get(CLIP_URL, {}, 'HEAD');
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-length']).toBe(String(SIZE));
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.length).toBe(0);
      const part = await get(CLIP_URL, { range: 'bytes=0-99' }, 'HEAD');
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-length']).toBe('100');
      expect(part.headers['content-range']).toBe(`bytes 0-99/${SIZE}`);
      expect(part.rawPayload.length).toBe(0);
    });

    it('answers 304 for the copy the client has, and a range only of the version it started from', async () => {
      const { etag } = (await get(CLIP_URL)).headers as { etag: string };
      const unchanged = await get(CLIP_URL, { 'if-none-match': etag });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      const resumed = await get(CLIP_URL, { range: 'bytes=500-', 'if-range': etag });
      expect(resumed.statusCode).toBe(206);
      const changed = await get(CLIP_URL, { range: 'bytes=500-', 'if-range': '"an-older-version"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.rawPayload).toEqual(CLIP);
    });

    it('compresses a whole text file but never a part of one', async () => {
      const whole = await get('/uploads/notes/readme.txt', { 'accept-encoding': 'gzip' });
      expect(whole.headers['content-encoding']).toBe('gzip');
      const part = await get('/uploads/notes/readme.txt', { 'accept-encoding': 'gzip', range: 'bytes=0-5' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.body).toBe('说明');
    });

    it.each([
      '/uploads/videos/none.mp4',
      '/uploads/..%2F..%2Ftest.sqlite',
      '/uploads/%2e%2e/test.sqlite',
      '/uploads/videos/demo/..%2F..%2F..%2Ftest.sqlite',
      '/uploads/videos',
    ])('answers 404 in the envelope for %s', async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    });

    it('never serves game packages as uploads', async () => {
      await t.deps.storage.put('packages/9/secret/game.apk', Buffer.from('APK'));
      const res = await get('/uploads/packages/9/secret/game.apk');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    });
  });

  describe('a game package behind its signed link', () => {
    it('downloads with ranges and HEAD, as an attachment nobody caches', async () => {
      const typeId = await createType(t, '范围');
      const game = await createGame(t, { typeId, name: '断点续传', price: 0, ios: false });
      const user = await createUser(t);
      const answer = await postForm(t.app, `/api/user/game/download/${game.id}`, { platformType: 1 }, user);
      const link = new URL(answer.data.url);
      const url = `${link.pathname}${link.search}`;
      const whole = await get(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe(`APK of ${game.appId}`);
      expect(whole.headers).toMatchObject({
        'content-type': 'application/vnd.android.package-archive',
        'cache-control': 'private, no-store',
        'accept-ranges': 'bytes',
        'content-disposition': expect.stringContaining("filename*=UTF-8''"),
      });
      const part = await get(url, { range: 'bytes=7-' });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe(String(game.appId));
      expect(part.headers['content-range']).toBe(`bytes 7-${whole.body.length - 1}/${whole.body.length}`);
      const head = await get(url, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(whole.body.length));
      expect(head.rawPayload.length).toBe(0);
      const refused = await get(url, { range: 'bytes=abc' });
      expect(refused.statusCode).toBe(416);
      const unsigned = await get(url.replace(/sig=[0-9a-f]+/, `sig=${'0'.repeat(64)}`));
      expect(unsigned.statusCode).toBe(403);
    });
  });

  it('reads a stream of a whole stored file', async () => {
    expect(await text(t.deps.storage.createReadStream('notes/readme.txt'))).toBe('说明'.repeat(1000));
  });
});
