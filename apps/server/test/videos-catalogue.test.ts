import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { createUser } from './helpers/money.ts';
import { createVideo, createVideoCategory, drawClip, removeClips } from './helpers/videos.ts';

// Videos (DESIGN §13, docs/decisions/0038-videos.md): the list, the player's detail, the signed
// file served with HTTP Range, views once per viewer and day, progress { second }.

const HOUR = 3600_000;

describeDialects('videos: list, detail, file, views, progress', (dialect) => {
  let t: TestApp;
  let clip: string;
  let categoryId: number;
  let free: Awaited<ReturnType<typeof createVideo>>;
  let priced: Awaited<ReturnType<typeof createVideo>>;
  let vip: Awaited<ReturnType<typeof createVideo>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    clip = await drawClip(`catalogue-${dialect}.mp4`, { seconds: 3 });
    categoryId = await createVideoCategory(t, '测试动漫');
    const now = t.clock.now();
    free = await createVideo(t, clip, {
      categoryId,
      title: '免费的猫',
      createdAt: now - 3 * HOUR,
      views: 50,
    });
    priced = await createVideo(t, clip, {
      categoryId,
      title: '付费的狗',
      price: 15,
      createdAt: now - HOUR,
      views: 10,
    });
    vip = await createVideo(t, clip, {
      title: '会员的鸟',
      price: 20,
      vip: true,
      createdAt: now - 2 * HOUR,
      views: 30,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await removeClips();
  });

  const detail = (id: number | string, opts: Parameters<typeof call>[3] = {}) =>
    call(t.app, 'GET', `/api/v1/video/${id}`, opts);
  const fetchFile = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  describe('list', () => {
    it('answers cards with duration, cover, price and VIP, hottest first', async () => {
      const list = await call(t.app, 'GET', '/api/v1/video/list');
      expect(list.code).toBe(0);
      expect(list.data.records.map((r: { title: string }) => r.title)).toEqual([
        '免费的猫',
        '会员的鸟',
        '付费的狗',
      ]);
      const card = list.data.records[0];
      expect(card).toMatchObject({
        id: free.id,
        kind: 'video',
        author: '测试作者',
        category: { id: categoryId, name: '测试动漫' },
        status: 1,
        unitCount: 1,
        latestUnit: { id: free.id, index: 1, title: '免费的猫' },
        viewCount: 50,
        price: 0,
        vip: false,
      });
      expect(card.duration).toBeGreaterThan(2.9);
      expect(card.duration).toBeLessThan(3.2);
      expect(card.cover).toMatch(/^\/uploads\/video-covers\/[0-9a-f]+\.webp$/);
      expect(list.data.records[1]).toMatchObject({ price: 20, vip: true });
      expect(list.data.records[2]).toMatchObject({ price: 15, vip: false });
      expect(list.data).toMatchObject({ total: 3, current: 1, nextCursor: null });
    });

    it('filters by category and keyword, sorts by latest, pages by cursor', async () => {
      const inCategory = await call(t.app, 'GET', '/api/v1/video/list', { query: { category: categoryId } });
      expect(inCategory.data.records.map((r: { id: number }) => r.id)).toEqual([free.id, priced.id]);
      const found = await call(t.app, 'GET', '/api/v1/video/list', { query: { keyword: '狗' } });
      expect(found.data.records.map((r: { id: number }) => r.id)).toEqual([priced.id]);
      const latest = await call(t.app, 'GET', '/api/v1/video/list', { query: { sort: 2 } });
      expect(latest.data.records.map((r: { id: number }) => r.id)).toEqual([priced.id, vip.id, free.id]);
      const first = await call(t.app, 'GET', '/api/v1/video/list', { query: { sort: 2, pageSize: 2 } });
      expect(first.data.nextCursor).toEqual(expect.any(String));
      const rest = await call(t.app, 'GET', '/api/v1/video/list', {
        query: { sort: 2, pageSize: 2, cursor: first.data.nextCursor },
      });
      expect(rest.data.records.map((r: { id: number }) => r.id)).toEqual([free.id]);
      expect(rest.data.nextCursor).toBeNull();
    });

    it('answers an empty page for a category without videos', async () => {
      const empty = await createVideoCategory(t);
      const list = await call(t.app, 'GET', '/api/v1/video/list', { query: { category: empty } });
      expect(list.data).toMatchObject({ records: [], total: 0, nextCursor: null });
      const categories = await call(t.app, 'GET', '/api/v1/video/categories');
      expect(categories.data.map((c: { name: string }) => c.name)).toContain('测试动漫');
    });

    it.each([
      [{ category: 'abc' }, 'category'],
      [{ category: -3 }, 'category'],
      [{ sort: 9 }, 'sort'],
      [{ keyword: '长'.repeat(51) }, 'keyword'],
      [{ currentPage: 0 }, 'currentPage'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ cursor: 'no spaces!' }, 'cursor'],
    ] as const)('answers 400 naming the field for %o', async (query, field) => {
      const answer = await call(t.app, 'GET', '/api/v1/video/list', { query });
      expect(answer).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining(field) });
    });
  });

  describe('detail', () => {
    it('answers a free video with its src, duration, cover and unit id = its id', async () => {
      const answer = await detail(free.id);
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({
        id: free.id,
        unitId: free.id,
        title: '免费的猫',
        intro: '一段测试用的视频。',
        cover: free.cover,
        unlocked: true,
        locked: null,
        charged: 0,
        subscribed: false,
        progress: null,
        price: 0,
        vip: false,
      });
      expect(answer.data.duration).toBeCloseTo(free.durationMs / 1000, 3);
      expect(answer.data.src).toMatch(
        new RegExp(`^/api/v1/video/${free.id}/file\\?expires=\\d+&sig=[0-9a-f]{64}$`),
      );
      expect(answer.data.next).toMatchObject({ id: priced.id, title: '付费的狗', price: 15 });
      // The last video's next wraps to the first.
      expect((await detail(vip.id)).data.next).toMatchObject({ id: free.id });
    });

    it('answers a locked video with no src and the lock (price, vip, balance)', async () => {
      const guest = await detail(vip.id);
      expect(guest.code).toBe(0);
      expect(guest.data).toMatchObject({
        unlocked: false,
        src: null,
        locked: { price: 20, vip: true, coinNum: null },
        cover: vip.cover,
      });
      const user = await createUser(t, { coins: 7 });
      const answer = await detail(priced.id, { account: user });
      expect(answer.data).toMatchObject({
        unlocked: false,
        src: null,
        locked: { price: 15, vip: false, coinNum: 7 },
      });
    });

    it('answers 404 for an unknown id or a work of another kind, 400 for a bad id', async () => {
      expect(await detail(999_999)).toMatchObject({ status: 404, code: 404, msg: '视频不存在' });
      const novel = await createNovel(t, { chapters: 1 });
      expect(await detail(novel.workId)).toMatchObject({ status: 404, msg: '视频不存在' });
      expect((await call(t.app, 'GET', `/api/v1/novel/${free.id}`)).status).toBe(404);
      expect(await detail('abc')).toMatchObject({ status: 400, msg: expect.stringContaining('id') });
      expect(await detail(0)).toMatchObject({ status: 400, msg: expect.stringContaining('id') });
    });
  });

  describe('the file', () => {
    it('serves the MP4 whole and by HTTP Range, with the right bytes', async () => {
      const src = (await detail(free.id)).data.src as string;
      const stored = (await t.deps.storage.read(free.fileKey)) as Buffer;
      const whole = await fetchFile(src);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(stored)).toBe(true);
      // moov before mdat (faststart): a player starts before the whole file arrives.
      expect(stored.indexOf('moov')).toBeLessThan(stored.indexOf('mdat'));

      const part = await fetchFile(src, { range: 'bytes=100-1099' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1099/${stored.length}`);
      expect(part.headers['content-length']).toBe('1000');
      expect(part.rawPayload.equals(stored.subarray(100, 1100))).toBe(true);

      const tail = await fetchFile(src, { range: 'bytes=-10' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(stored.subarray(stored.length - 10))).toBe(true);

      const head = await fetchFile(src, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(stored.length));
    });

    it.each(['bytes=abc', 'bytes=-', 'bytes=50-10', 'bytes 0-1'])(
      'answers 416 for the malformed Range %j',
      async (range) => {
        const src = (await detail(free.id)).data.src as string;
        const size = ((await t.deps.storage.read(free.fileKey)) as Buffer).length;
        const answer = await fetchFile(src, { range });
        expect(answer.statusCode).toBe(416);
        expect(answer.headers['content-range']).toBe(`bytes */${size}`);
        expect(answer.json()).toMatchObject({ code: 416, data: null });
      },
    );

    it('answers 416 for a Range outside the file', async () => {
      const src = (await detail(free.id)).data.src as string;
      const size = ((await t.deps.storage.read(free.fileKey)) as Buffer).length;
      for (const range of [`bytes=${size}-`, 'bytes=99999999-', 'bytes=-0']) {
        const answer = await fetchFile(src, { range });
        expect(answer.statusCode).toBe(416);
        expect(answer.json().msg).toContain('超出文件范围');
      }
    });

    it('keeps a locked file from anyone without a signed src: forged, expired, another video’s, or by its storage path', async () => {
      const src = (await detail(free.id)).data.src as string;
      const query = src.slice(src.indexOf('?'));
      // The free video's signature does not open the priced one.
      const other = await fetchFile(`/api/v1/video/${priced.id}/file${query}`);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ code: 403, msg: expect.stringContaining('视频链接无效或已过期') });
      const forged = query.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? 'sig=1' : 'sig=0'));
      expect((await fetchFile(`/api/v1/video/${free.id}/file${forged}`)).statusCode).toBe(403);
      expect((await fetchFile(`/api/v1/video/${priced.id}/file`)).statusCode).toBe(400);
      // Storage keeps videos in a folder /uploads/ never serves.
      expect(priced.fileKey).toMatch(/^video-files\//);
      expect((await fetchFile(`/uploads/${priced.fileKey}`)).statusCode).toBe(404);
      expect((await fetchFile(`/uploads/${priced.fileKey}`, { range: 'bytes=0-9' })).statusCode).toBe(404);
      // A src stops working a few hours after it was handed out.
      t.clock.advance(4 * HOUR);
      expect((await fetchFile(src)).statusCode).toBe(403);
    });
  });

  describe('views', () => {
    // docs/decisions/0046-video-views-apart.md: the detail only reads (the server asks for it for the
    // page's HTML); the page counts its view with POST /view, once per viewer and Asia/Shanghai day.
    const view = async (
      id: number | string,
      opts: { account?: Awaited<ReturnType<typeof createUser>>; deviceId?: string; ip?: string } = {},
    ) => {
      const form = new URLSearchParams({
        appID: '2008',
        ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
      });
      const raw = await t.app.inject({
        method: 'POST',
        url: `/api/v1/video/${id}/view`,
        payload: form.toString(),
        remoteAddress: opts.ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...authHeaders(opts.account) },
      });
      const body = raw.json();
      return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data };
    };

    it('count once per user, guest device or address per Asia/Shanghai day', async () => {
      const video = await createVideo(t, clip, { categoryId, title: '计数' });
      const views = async () =>
        (await call(t.app, 'GET', '/api/v1/video/list', { query: { keyword: '计数' } })).data.records[0]
          .viewCount;
      const a = await createUser(t);
      const b = await createUser(t);
      expect((await view(video.id, { account: a })).data).toEqual({ viewCount: 1, counted: true });
      expect((await view(video.id, { account: a })).data).toEqual({ viewCount: 1, counted: false });
      // The detail shows the count, and reading it counts nothing.
      expect((await detail(video.id, { account: a })).data.viewCount).toBe(1);
      await Promise.all(Array.from({ length: 10 }, () => view(video.id, { account: b })));
      // A logged-in viewer is counted by account, whatever device id it sends.
      await view(video.id, { account: b, deviceId: 'device-of-b' });
      await view(video.id, { deviceId: 'device-1' });
      await view(video.id, { deviceId: 'device-1' });
      await view(video.id, { deviceId: 'device-2' });
      // Without a device id the address stands in.
      await view(video.id, { ip: '203.0.113.9' });
      await view(video.id, { ip: '203.0.113.9' });
      expect(await views()).toBe(5);
      // A guest's device is not the account of who logs in on it: a user is a viewer of their own.
      expect((await view(video.id, { account: a, deviceId: 'device-1' })).data.counted).toBe(false);
      expect((await view(video.id, { deviceId: 'device-of-b' })).data).toEqual({
        viewCount: 6,
        counted: true,
      });
      // The next Asia/Shanghai day starts at 16:00 UTC: everyone counts again.
      const now = t.clock.now();
      const nextDay = Math.floor((now + 8 * HOUR) / (24 * HOUR) + 1) * 24 * HOUR - 8 * HOUR;
      t.clock.advance(nextDay - now - 1000);
      await view(video.id, { account: a });
      expect(await views()).toBe(6);
      t.clock.advance(2000);
      await view(video.id, { account: a });
      await view(video.id, { account: a });
      expect(await views()).toBe(7);
    });

    it('are never counted by reading the detail, as a guest, a device or a user', async () => {
      const video = await createVideo(t, clip, { categoryId, title: '只读', views: 3 });
      const user = await createUser(t);
      await detail(video.id);
      await detail(video.id, { account: user });
      // An older client's device id in the query is ignored, not an error and not a view.
      expect((await detail(video.id, { query: { deviceId: 'device-9' } })).code).toBe(0);
      expect((await detail(video.id, { account: user })).data.viewCount).toBe(3);
      expect((await view(video.id, { account: user })).data).toEqual({ viewCount: 4, counted: true });
      expect((await detail(video.id)).data.viewCount).toBe(4);
    });

    it('counts a locked video’s page too, as before', async () => {
      const user = await createUser(t, { coins: 0 });
      const before = (await detail(priced.id, { account: user })).data;
      expect(before.unlocked).toBe(false);
      const counted = await view(priced.id, { account: user });
      expect(counted.data).toEqual({ viewCount: before.viewCount + 1, counted: true });
    });

    it('answers 404 for an unknown video or a work of another kind, 400 for a bad id or deviceId', async () => {
      expect(await view(999_999)).toMatchObject({ status: 404, code: 404, msg: '视频不存在' });
      const novel = await createNovel(t, { chapters: 1 });
      expect(await view(novel.workId)).toMatchObject({ status: 404, msg: '视频不存在' });
      expect(await view('abc')).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining('id') });
      expect(await view(0)).toMatchObject({ status: 400, msg: expect.stringContaining('id') });
      const bad = await view(free.id, { deviceId: 'has space' });
      expect(bad).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining('deviceId') });
      const long = await view(free.id, { deviceId: 'x'.repeat(65) });
      expect(long).toMatchObject({ status: 400, msg: expect.stringContaining('deviceId') });
      // A JSON body and no body at all are accepted (the address is then the viewer).
      const json = await call(t.app, 'POST', `/api/v1/video/${free.id}/view`, {
        json: { deviceId: 'json-1' },
      });
      expect(json.data.counted).toBe(true);
      const empty = await t.app.inject({ method: 'POST', url: `/api/v1/video/${free.id}/view` });
      expect(empty.json()).toMatchObject({ code: 0, data: { counted: expect.any(Boolean) } });
    });
  });

  describe('progress', () => {
    const put = (
      account: Awaited<ReturnType<typeof createUser>> | undefined,
      body: Record<string, unknown>,
    ) => call(t.app, 'PUT', '/api/v1/progress', { account, json: body });

    it('keeps { second } with the unit id = the video id; the newer client time wins', async () => {
      const user = await createUser(t);
      const now = t.clock.now();
      const at = (second: number, clientTime: number) => ({
        kind: 'video',
        workId: free.id,
        unitId: free.id,
        position: { second },
        clientTime,
      });
      const saved = await put(user, at(1.5, now));
      expect(saved.data).toMatchObject({
        kind: 'video',
        workId: free.id,
        unitId: free.id,
        unitIndex: 1,
        position: { second: 1.5 },
        percent: 100,
      });
      const older = await put(user, at(0.5, now - 1));
      expect(older.data.position).toEqual({ second: 1.5 });
      await Promise.all(Array.from({ length: 10 }, (_, i) => put(user, at(i / 10, now + 10 + i))).reverse());
      const shown = await detail(free.id, { account: user });
      expect(shown.data.progress).toMatchObject({
        unitId: free.id,
        position: { second: 0.9 },
        clientTime: now + 19,
      });
      const history = await call(t.app, 'GET', '/api/v1/history', {
        account: user,
        query: { kind: 'video' },
      });
      expect(history.data.records[0]).toMatchObject({
        id: free.id,
        kind: 'video',
        progress: { unitId: free.id },
      });
    });

    it.each([
      [{ position: { second: -1 } }, 'position.second', 400],
      [{ position: { paragraph: 1, offset: 0 } }, 'position.second', 400],
      [{ position: { second: 'x' } }, 'position.second', 400],
    ] as const)('answers 400 naming the field for %o', async (change, field, status) => {
      const user = await createUser(t);
      const body = {
        kind: 'video',
        workId: free.id,
        unitId: free.id,
        position: { second: 1 },
        clientTime: t.clock.now(),
      };
      const answer = await put(user, { ...body, ...change });
      expect(answer).toMatchObject({ status, msg: expect.stringContaining(field) });
    });

    it('answers 404 for a unit id other than the video id, or an unknown video', async () => {
      const user = await createUser(t);
      const body = {
        kind: 'video',
        workId: free.id,
        unitId: free.unitId + 1000,
        position: { second: 1 },
        clientTime: t.clock.now(),
      };
      expect((await put(user, body)).status).toBe(404);
      expect((await put(user, { ...body, workId: 999_999, unitId: 999_999 })).status).toBe(404);
      expect((await put(user, { ...body, unitId: priced.id })).status).toBe(404);
    });
  });

  describe('subscribe', () => {
    it('adds the video to the bookshelf and removes it', async () => {
      const user = await createUser(t);
      expect((await call(t.app, 'POST', `/api/v1/video/${free.id}/subscribe`, { account: user })).code).toBe(
        0,
      );
      expect((await detail(free.id, { account: user })).data.subscribed).toBe(true);
      const shelf = await call(t.app, 'GET', '/api/v1/subscriptions', {
        account: user,
        query: { kind: 'video' },
      });
      expect(shelf.data.records.map((r: { id: number }) => r.id)).toEqual([free.id]);
      expect(
        (await call(t.app, 'DELETE', `/api/v1/video/${free.id}/subscribe`, { account: user })).code,
      ).toBe(0);
      expect((await detail(free.id, { account: user })).data.subscribed).toBe(false);
      expect((await call(t.app, 'POST', `/api/v1/video/${free.id}/subscribe`)).code).toBe(2);
      expect((await call(t.app, 'POST', '/api/v1/video/999999/subscribe', { account: user })).status).toBe(
        404,
      );
    });
  });
});
