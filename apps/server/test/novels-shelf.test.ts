import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DIALECTS, postForm, type TestApp } from './helpers/app.ts';
import { addChapters, createNovel, type NovelFixture } from './helpers/content.ts';
import { createUser, type TestUser } from './helpers/money.ts';

// Progress, history, subscriptions and reading settings (DESIGN §13), for the novel kind.

describe.each(DIALECTS)('the reader shelf on %s', (dialect) => {
  let t: TestApp;
  let book: NovelFixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    book = await createNovel(t, { title: '进度之书', chapters: 10 });
  });
  afterAll(() => t.close());

  const put = (account: TestUser | undefined, json: unknown) =>
    call(t.app, 'PUT', '/api/v1/progress', { account, json });
  const at = (unit: number, paragraph: number, offset: number, clientTime: number, workId = book.workId) => ({
    kind: 'novel',
    workId,
    unitId: book.unitIds[unit],
    position: { paragraph, offset },
    clientTime,
  });

  describe('progress', () => {
    it('stores the exact position, read back on the detail of any device', async () => {
      const user = await createUser(t);
      const now = t.clock.now();
      const saved = await put(user, at(3, 12, 40, now));
      expect(saved.data).toEqual({
        kind: 'novel',
        workId: book.workId,
        unitId: book.unitIds[3],
        unitIndex: 4,
        unitTitle: '第4章 测试',
        position: { paragraph: 12, offset: 40 },
        clientTime: now,
        percent: 40,
        readTime: new Date(now).toISOString(),
      });
      const detail = await call(t.app, 'GET', `/api/v1/novel/${book.workId}`, { account: user });
      expect(detail.data.progress).toEqual(saved.data);
    });

    it('keeps the newer client time: an older or equal one never overwrites', async () => {
      const user = await createUser(t);
      const now = t.clock.now();
      await put(user, at(5, 3, 0, now));
      const older = await put(user, at(1, 0, 0, now - 60_000));
      expect(older.data).toMatchObject({
        unitIndex: 6,
        position: { paragraph: 3, offset: 0 },
        clientTime: now,
      });
      const equal = await put(user, at(2, 0, 0, now));
      expect(equal.data).toMatchObject({ unitIndex: 6 });
      const newer = await put(user, at(7, 1, 5, now + 1));
      expect(newer.data).toMatchObject({
        unitIndex: 8,
        position: { paragraph: 1, offset: 5 },
        clientTime: now + 1,
      });
      // Two devices at once: whatever the arrival order, the newest wins.
      const writes = Array.from({ length: 20 }, (_, i) => put(user, at(i % 10, i, 0, now + 100 + i)));
      await Promise.all(writes.reverse());
      const detail = await call(t.app, 'GET', `/api/v1/novel/${book.workId}`, { account: user });
      expect(detail.data.progress).toMatchObject({ clientTime: now + 119, position: { paragraph: 19 } });
    });

    it('needs a login (code 2)', async () => {
      expect((await put(undefined, at(0, 0, 0, t.clock.now()))).code).toBe(2);
    });

    it.each([
      [{ kind: 'book' }, 'kind'],
      [{ workId: 'x' }, 'workId'],
      [{ workId: -1 }, 'workId'],
      [{ unitId: 1.5 }, 'unitId'],
      [{ position: { paragraph: -1, offset: 0 } }, 'position.paragraph'],
      [{ position: { paragraph: 1 } }, 'position.offset'],
      [{ position: 'p1' }, 'position'],
      [{ kind: 'video' }, 'position.second'],
      [{ clientTime: 'now' }, 'clientTime'],
      [{ clientTime: 1.5 }, 'clientTime'],
    ] as const)('answers 400 naming the field for %o, and stores nothing', async (change, field) => {
      const user = await createUser(t);
      const answer = await put(user, { ...at(0, 0, 0, t.clock.now()), ...change });
      expect(answer).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining(field) });
      const detail = await call(t.app, 'GET', `/api/v1/novel/${book.workId}`, { account: user });
      expect(detail.data.progress).toBeNull();
    });

    it('refuses a client clock a day ahead, and answers 404 for a chapter of another book or a work of another kind', async () => {
      const user = await createUser(t);
      const ahead = await put(user, at(0, 0, 0, t.clock.now() + 2 * 86_400_000));
      expect(ahead).toMatchObject({ status: 400, msg: expect.stringContaining('clientTime') });
      const other = await createNovel(t, { chapters: 2 });
      expect((await put(user, { ...at(0, 0, 0, t.clock.now()), unitId: other.unitIds[0] })).status).toBe(404);
      expect((await put(user, at(0, 0, 0, t.clock.now(), 999999))).status).toBe(404);
      const comic = {
        kind: 'comic',
        workId: book.workId,
        unitId: book.unitIds[0],
        position: { panel: 1, offset: 0 },
      };
      expect((await put(user, { ...comic, clientTime: t.clock.now() })).status).toBe(404);
    });
  });

  describe('history', () => {
    it('lists works by last read with unit and percent; removes one entry and clears all', async () => {
      const user = await createUser(t);
      const second = await createNovel(t, { title: '第二本', chapters: 4 });
      await put(user, at(0, 0, 0, t.clock.now()));
      t.clock.advance(1000);
      await put(user, {
        kind: 'novel',
        workId: second.workId,
        unitId: second.unitIds[1],
        position: { paragraph: 2, offset: 0 },
        clientTime: t.clock.now(),
      });
      const history = await call(t.app, 'GET', '/api/v1/history', { account: user });
      expect(history.data.records.map((r: { title: string }) => r.title)).toEqual(['第二本', '进度之书']);
      expect(history.data.records[0].progress).toMatchObject({ unitIndex: 2, percent: 50 });
      expect(history.data.nextCursor).toBeNull();

      const paged = await call(t.app, 'GET', '/api/v1/history', {
        account: user,
        query: { pageSize: 1, kind: 'novel' },
      });
      expect(paged.data.records).toHaveLength(1);
      const rest = await call(t.app, 'GET', '/api/v1/history', {
        account: user,
        query: { pageSize: 1, kind: 'novel', cursor: paged.data.nextCursor },
      });
      expect(rest.data.records.map((r: { title: string }) => r.title)).toEqual(['进度之书']);
      expect(
        (await call(t.app, 'GET', '/api/v1/history', { account: user, query: { kind: 'comic' } })).data
          .records,
      ).toEqual([]);

      const removed = await call(t.app, 'DELETE', `/api/v1/history/novel/${second.workId}`, {
        account: user,
      });
      expect(removed).toMatchObject({ code: 0, data: null });
      const after = await call(t.app, 'GET', '/api/v1/history', { account: user });
      expect(after.data.records.map((r: { title: string }) => r.title)).toEqual(['进度之书']);
      // The position stays for 继续阅读; reading again brings the entry back.
      const detail = await call(t.app, 'GET', `/api/v1/novel/${second.workId}`, { account: user });
      expect(detail.data.progress).toMatchObject({ unitIndex: 2 });
      t.clock.advance(1000);
      await put(user, {
        kind: 'novel',
        workId: second.workId,
        unitId: second.unitIds[2],
        position: { paragraph: 0, offset: 0 },
        clientTime: t.clock.now(),
      });
      expect((await call(t.app, 'GET', '/api/v1/history', { account: user })).data.records).toHaveLength(2);

      expect((await call(t.app, 'DELETE', '/api/v1/history', { account: user })).code).toBe(0);
      expect((await call(t.app, 'GET', '/api/v1/history', { account: user })).data.records).toEqual([]);
    });

    it('answers 404, 400 and code 2 where it should', async () => {
      const user = await createUser(t);
      expect((await call(t.app, 'DELETE', '/api/v1/history/novel/999999', { account: user })).status).toBe(
        404,
      );
      const badKind = await call(t.app, 'DELETE', `/api/v1/history/book/${book.workId}`, { account: user });
      expect(badKind).toMatchObject({ status: 400, msg: expect.stringContaining('kind') });
      const badQuery = await call(t.app, 'GET', '/api/v1/history', { account: user, query: { kind: 'x' } });
      expect(badQuery).toMatchObject({ status: 400, msg: expect.stringContaining('kind') });
      const badCursor = await call(t.app, 'GET', '/api/v1/history', {
        account: user,
        query: { cursor: 'abc' },
      });
      expect(badCursor).toMatchObject({ status: 400, msg: expect.stringContaining('cursor') });
      expect((await call(t.app, 'GET', '/api/v1/history')).code).toBe(2);
      expect((await call(t.app, 'DELETE', '/api/v1/history')).code).toBe(2);
    });
  });

  describe('subscriptions', () => {
    it('subscribes once, shows it on the detail and the shelf, and unsubscribes', async () => {
      const user = await createUser(t);
      const shelfBook = await createNovel(t, { title: '书架之书', chapters: 5 });
      expect((await postForm(t.app, `/api/v1/novel/${shelfBook.workId}/subscribe`, {}, user)).code).toBe(0);
      expect((await postForm(t.app, `/api/v1/novel/${shelfBook.workId}/subscribe`, {}, user)).code).toBe(0);
      const detail = await call(t.app, 'GET', `/api/v1/novel/${shelfBook.workId}`, { account: user });
      expect(detail.data.subscribed).toBe(true);
      const shelf = await call(t.app, 'GET', '/api/v1/subscriptions', { account: user });
      expect(shelf.data.records).toHaveLength(1);
      expect(shelf.data.records[0]).toMatchObject({
        id: shelfBook.workId,
        title: '书架之书',
        newUnits: 0,
        progress: null,
      });
      expect(
        (await call(t.app, 'DELETE', `/api/v1/novel/${shelfBook.workId}/subscribe`, { account: user })).code,
      ).toBe(0);
      expect((await call(t.app, 'GET', '/api/v1/subscriptions', { account: user })).data.records).toEqual([]);
      expect(
        (await call(t.app, 'GET', `/api/v1/novel/${shelfBook.workId}`, { account: user })).data.subscribed,
      ).toBe(false);
    });

    it('counts the chapters that came out since the last read (or the subscription)', async () => {
      const user = await createUser(t);
      const running = await createNovel(t, { title: '连载中', chapters: 10 });
      await postForm(t.app, `/api/v1/novel/${running.workId}/subscribe`, {}, user);
      await addChapters(t, running.workId, 11, 3);
      const shelf = async () =>
        (await call(t.app, 'GET', '/api/v1/subscriptions', { account: user })).data.records[0];
      expect((await shelf()).newUnits).toBe(3);
      await put(user, {
        kind: 'novel',
        workId: running.workId,
        unitId: running.unitIds[9],
        position: { paragraph: 0, offset: 0 },
        clientTime: t.clock.now(),
      });
      expect(await shelf()).toMatchObject({ newUnits: 0, progress: { unitIndex: 10, percent: 76 } });
      await addChapters(t, running.workId, 14, 2);
      expect((await shelf()).newUnits).toBe(2);
    });

    it('pages by cursor, filters by kind, and answers 404, 400 and code 2 where it should', async () => {
      const user = await createUser(t);
      const books = [];
      for (let i = 0; i < 3; i++) {
        books.push(await createNovel(t, { title: `订阅${i}`, chapters: 1 }));
        t.clock.advance(10);
        await postForm(t.app, `/api/v1/novel/${books[i].workId}/subscribe`, {}, user);
      }
      const first = await call(t.app, 'GET', '/api/v1/subscriptions', {
        account: user,
        query: { pageSize: 2, kind: 'novel' },
      });
      expect(first.data.records.map((r: { title: string }) => r.title)).toEqual(['订阅2', '订阅1']);
      const rest = await call(t.app, 'GET', '/api/v1/subscriptions', {
        account: user,
        query: { pageSize: 2, kind: 'novel', cursor: first.data.nextCursor },
      });
      expect(rest.data).toMatchObject({ records: [{ title: '订阅0' }], nextCursor: null });
      expect(
        (await call(t.app, 'GET', '/api/v1/subscriptions', { account: user, query: { kind: 'video' } })).data
          .records,
      ).toEqual([]);
      expect((await postForm(t.app, '/api/v1/novel/999999/subscribe', {}, user)).status).toBe(404);
      expect((await call(t.app, 'DELETE', '/api/v1/novel/999999/subscribe', { account: user })).status).toBe(
        404,
      );
      expect((await postForm(t.app, `/api/v1/novel/${book.workId}/subscribe`)).code).toBe(2);
      expect((await call(t.app, 'GET', '/api/v1/subscriptions')).code).toBe(2);
      const bad = await call(t.app, 'GET', '/api/v1/subscriptions', {
        account: user,
        query: { pageSize: 101 },
      });
      expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('pageSize') });
    });
  });

  describe('reading settings', () => {
    it('answers the defaults, then keeps each part that is sent', async () => {
      const user = await createUser(t);
      const get = async () => (await call(t.app, 'GET', '/api/v1/reading/settings', { account: user })).data;
      expect(await get()).toEqual({
        autoUnlock: { enabled: false, dailyCap: 100, todaySpent: 0 },
        reader: { fontSize: 18, lineHeight: 1.8, theme: 'white', mode: 'scroll' },
      });
      const put1 = await call(t.app, 'PUT', '/api/v1/reading/settings', {
        account: user,
        json: { reader: { fontSize: 22, theme: 'night' } },
      });
      expect(put1.data.reader).toEqual({ fontSize: 22, lineHeight: 1.8, theme: 'night', mode: 'scroll' });
      await call(t.app, 'PUT', '/api/v1/reading/settings', {
        account: user,
        json: { autoUnlock: { enabled: true, dailyCap: 300 }, reader: { lineHeight: 2.2, mode: 'page' } },
      });
      expect(await get()).toEqual({
        autoUnlock: { enabled: true, dailyCap: 300, todaySpent: 0 },
        reader: { fontSize: 22, lineHeight: 2.2, theme: 'night', mode: 'page' },
      });
    });

    it.each([
      [{}, 'autoUnlock'],
      [{ autoUnlock: { enabled: 'yes', dailyCap: 10 } }, 'autoUnlock.enabled'],
      [{ autoUnlock: { enabled: true, dailyCap: -1 } }, 'autoUnlock.dailyCap'],
      [{ autoUnlock: { enabled: true, dailyCap: 1.5 } }, 'autoUnlock.dailyCap'],
      [{ autoUnlock: { enabled: true } }, 'autoUnlock.dailyCap'],
      [{ reader: { fontSize: 11 } }, 'reader.fontSize'],
      [{ reader: { fontSize: 33 } }, 'reader.fontSize'],
      [{ reader: { lineHeight: 1.1 } }, 'reader.lineHeight'],
      [{ reader: { lineHeight: 1.85 } }, 'reader.lineHeight'],
      [{ reader: { theme: 'pink' } }, 'reader.theme'],
      [{ reader: { mode: 'flip' } }, 'reader.mode'],
    ] as const)('answers 400 naming the field for %o, changing nothing', async (json, field) => {
      const user = await createUser(t);
      const answer = await call(t.app, 'PUT', '/api/v1/reading/settings', { account: user, json });
      expect(answer).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining(field) });
      const settings = await call(t.app, 'GET', '/api/v1/reading/settings', { account: user });
      expect(settings.data.reader.fontSize).toBe(18);
    });

    it('needs a login (code 2)', async () => {
      expect((await call(t.app, 'GET', '/api/v1/reading/settings')).code).toBe(2);
      expect(
        (await call(t.app, 'PUT', '/api/v1/reading/settings', { json: { reader: { fontSize: 20 } } })).code,
      ).toBe(2);
    });
  });
});
