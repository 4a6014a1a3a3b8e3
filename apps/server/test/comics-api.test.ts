import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DIALECTS, postForm, type TestApp } from './helpers/app.ts';
import { createComic, createComicCategory, TEST_PANEL_HEIGHTS } from './helpers/comics.ts';
import { balanceOf, createUser, ledgerOf, type TestUser } from './helpers/money.ts';

// Comics on the shared content model (DESIGN §13, issue 9): the list, detail, episode menu and the
// episode with its panels (sizes known before the images load), 404s and 400s naming the field,
// locked episodes (1005), purchases charged once, members reading VIP free, progress in a panel.

const DAY = 86_400_000;

describe.each(DIALECTS)('comics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const read = (workId: number, eid: number | string, account?: TestUser) =>
    call(t.app, 'GET', `/api/v1/comic/${workId}/episode/${eid}`, { account });
  const unlock = (workId: number, eid: number, account?: TestUser) =>
    postForm(t.app, `/api/v1/comic/${workId}/unit/${eid}/unlock`, {}, account);
  const episodePurchases = (userId: number) =>
    t.deps.db.kysely
      .selectFrom('purchases')
      .select(['ref', 'price'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'episode')
      .execute();

  describe('browsing', () => {
    it('lists comics by category and keyword, never novels', async () => {
      const categoryId = await createComicCategory(t, '列表分类');
      const a = await createComic(t, { episodes: 3, categoryId, title: '列表漫画甲', hot: 50 });
      const b = await createComic(t, { episodes: 2, categoryId, title: '列表漫画乙', hot: 10 });
      const list = await call(t.app, 'GET', '/api/v1/comic/list', { query: { category: categoryId } });
      expect(list.code).toBe(0);
      expect(list.data.records.map((w: { id: number }) => w.id)).toEqual([a.workId, b.workId]);
      expect(list.data.records[0]).toMatchObject({
        kind: 'comic',
        title: '列表漫画甲',
        unitCount: 3,
        category: { id: categoryId, name: '列表分类' },
        latestUnit: { index: 3, title: '第3话 测试' },
      });
      const found = await call(t.app, 'GET', '/api/v1/comic/list', { query: { keyword: '漫画乙' } });
      expect(found.data.records.map((w: { id: number }) => w.id)).toEqual([b.workId]);
      const novels = await call(t.app, 'GET', '/api/v1/novel/list', { query: { keyword: '列表漫画' } });
      expect(novels.data.records).toEqual([]);
      const categories = await call(t.app, 'GET', '/api/v1/comic/categories');
      expect(categories.data).toContainEqual({ id: categoryId, name: '列表分类' });
    });

    it('answers the detail and the episode menu with free / VIP / price and unlocked marks', async () => {
      const comic = await createComic(t, { episodes: 4, free: 2, price: 12 });
      const detail = await call(t.app, 'GET', `/api/v1/comic/${comic.workId}`);
      expect(detail.data).toMatchObject({ id: comic.workId, kind: 'comic', unitCount: 4, progress: null });
      const menu = await call(t.app, 'GET', `/api/v1/comic/${comic.workId}/episodes`, {
        query: { order: 'desc' },
      });
      expect(menu.data.total).toBe(4);
      expect(
        menu.data.records.map((r: { index: number; price: number; vip: boolean; unlocked: boolean }) => [
          r.index,
          r.price,
          r.vip,
          r.unlocked,
        ]),
      ).toEqual([
        [4, 12, true, false],
        [3, 12, true, false],
        [2, 0, false, true],
        [1, 0, false, true],
      ]);
    });

    it('answers an episode with its panels, their sizes, prev/next and what the next one costs', async () => {
      const comic = await createComic(t, { episodes: 3, free: 2, price: 9 });
      const [first, second, third] = comic.unitIds;
      const answer = await read(comic.workId, second);
      expect(answer.code).toBe(0);
      expect(answer.data).toEqual({
        id: second,
        workId: comic.workId,
        index: 2,
        title: '第2话 测试',
        panels: TEST_PANEL_HEIGHTS.map((height, idx) => ({
          url: `/uploads/comics/test/${comic.workId}/e2/p${idx}.webp`,
          width: 720,
          height,
        })),
        prevId: first,
        nextId: third,
        prev: { id: first, title: '第1话 测试', price: 0, vip: false, unlocked: true },
        next: { id: third, title: '第3话 测试', price: 9, vip: true, unlocked: false },
        commentCount: 0,
        price: 0,
        vip: false,
        charged: 0,
      });
      const firstAnswer = await read(comic.workId, first);
      expect(firstAnswer.data).toMatchObject({
        prevId: null,
        prev: null,
        nextId: second,
        next: { unlocked: true },
      });
    });

    it('answers 404 for an unknown comic or episode, and for a novel or another comic’s episode', async () => {
      const comic = await createComic(t, { episodes: 2 });
      const other = await createComic(t, { episodes: 2 });
      expect((await call(t.app, 'GET', '/api/v1/comic/999999')).status).toBe(404);
      expect((await read(999999, comic.unitIds[0])).status).toBe(404);
      expect((await read(comic.workId, 999999)).status).toBe(404);
      expect((await read(comic.workId, other.unitIds[0])).status).toBe(404);
      expect((await call(t.app, 'GET', `/api/v1/novel/${comic.workId}`)).status).toBe(404);
      const missing = await read(comic.workId, 999999);
      expect(missing).toMatchObject({ code: 404, msg: '话不存在' });
    });

    it('answers 400 naming the field for bad ids and queries', async () => {
      const comic = await createComic(t, { episodes: 2 });
      const cases: Array<[string, Record<string, string | number> | undefined, string]> = [
        ['/api/v1/comic/abc', undefined, 'id'],
        [`/api/v1/comic/0/episode/${comic.unitIds[0]}`, undefined, 'id'],
        [`/api/v1/comic/${comic.workId}/episode/x`, undefined, 'eid'],
        [`/api/v1/comic/${comic.workId}/episode/-3`, undefined, 'eid'],
        ['/api/v1/comic/list', { sort: 9 }, 'sort'],
        ['/api/v1/comic/list', { category: 'x' }, 'category'],
        ['/api/v1/comic/list', { pageSize: 1000 }, 'pageSize'],
        ['/api/v1/comic/list', { keyword: '长'.repeat(51) }, 'keyword'],
        ['/api/v1/comic/list', { cursor: '!!' }, 'cursor'],
        [`/api/v1/comic/${comic.workId}/episodes`, { order: 'up' }, 'order'],
        [`/api/v1/comic/${comic.workId}/episodes`, { pageSize: 501 }, 'pageSize'],
      ];
      for (const [url, query, field] of cases) {
        const answer = await call(t.app, 'GET', url, { query });
        expect({ url, query, status: answer.status }).toEqual({ url, query, status: 400 });
        expect(answer.msg).toContain(field);
      }
    });
  });

  describe('locked episodes and money', () => {
    it('answers 1005 with price, vip and coinNum (null for a guest) and charges nothing', async () => {
      const comic = await createComic(t, { episodes: 3, free: 1, price: 15 });
      const user = await createUser(t, { coins: 7 });
      expect(await read(comic.workId, comic.unitIds[1], user)).toMatchObject({
        status: 200,
        code: 1005,
        data: { price: 15, vip: true, coinNum: 7 },
      });
      expect((await read(comic.workId, comic.unitIds[1])).data).toEqual({
        price: 15,
        vip: true,
        coinNum: null,
      });
      expect(await balanceOf(t, user.id)).toBe(7);
    });

    it('buys an episode once through the ledger (购买漫画), then it opens; short balance is 1001', async () => {
      const comic = await createComic(t, { episodes: 3, free: 1, price: 10, title: '账本漫画' });
      const user = await createUser(t, { coins: 15 });
      expect((await unlock(comic.workId, comic.unitIds[1], user)).data).toEqual({ charged: 10, coinNum: 5 });
      expect((await read(comic.workId, comic.unitIds[1], user)).data).toMatchObject({ index: 2, charged: 0 });
      expect(await unlock(comic.workId, comic.unitIds[2], user)).toMatchObject({
        code: 1001,
        data: { coinNum: 5, price: 10 },
      });
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.map((r) => [r.reason, Number(r.delta), r.note])).toEqual([
        ['gift', 15, ''],
        ['episode', -10, '账本漫画·第2话 测试'],
      ]);
    });

    it('names a locked previous episode with its title and price, open once bought', async () => {
      // Reading up from a bought episode: the reader names the locked one above it (上一话：title).
      const comic = await createComic(t, { episodes: 3, free: 1, price: 10 });
      const [, second, third] = comic.unitIds;
      const user = await createUser(t, { coins: 30 });
      expect((await unlock(comic.workId, third, user)).code).toBe(0);
      const answer = await read(comic.workId, third, user);
      expect(answer.data).toMatchObject({
        prevId: second,
        prev: { id: second, title: '第2话 测试', price: 10, vip: true, unlocked: false },
        nextId: null,
        next: null,
      });
      expect((await unlock(comic.workId, second, user)).code).toBe(0);
      expect((await read(comic.workId, third, user)).data.prev).toEqual({
        id: second,
        title: '第2话 测试',
        price: 10,
        vip: true,
        unlocked: true,
      });
    });

    it('charges once for 50 parallel unlocks of one episode', async () => {
      const comic = await createComic(t, { episodes: 2, free: 1, price: 10 });
      const user = await createUser(t, { coins: 1000 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => unlock(comic.workId, comic.unitIds[1], user)),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect(answers.reduce((sum, a) => sum + a.data.charged, 0)).toBe(10);
      expect(await balanceOf(t, user.id)).toBe(990);
      expect(await episodePurchases(user.id)).toEqual([{ ref: String(comic.unitIds[1]), price: 10 }]);
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.filter((r) => r.reason === 'episode')).toHaveLength(1);
    });

    it('lets members read VIP episodes free, recording no purchase; a priced non-VIP one still locks', async () => {
      const vip = await createComic(t, { episodes: 3, free: 1, price: 10, vip: true });
      const priced = await createComic(t, { episodes: 3, free: 1, price: 10, vip: false });
      const member = await createUser(t, { coins: 50, levelType: 1, expTime: t.clock.now() + DAY });
      expect((await read(vip.workId, vip.unitIds[2], member)).data).toMatchObject({
        index: 3,
        vip: true,
        charged: 0,
      });
      expect((await read(priced.workId, priced.unitIds[1], member)).code).toBe(1005);
      expect(await episodePurchases(member.id)).toEqual([]);
      expect(await balanceOf(t, member.id)).toBe(50);
    });

    it('auto-unlock buys the episode on opening within the daily cap, then asks', async () => {
      const comic = await createComic(t, { episodes: 4, free: 1, price: 10 });
      const user = await createUser(t, { coins: 100 });
      const settings = await call(t.app, 'PUT', '/api/v1/reading/settings', {
        account: user,
        json: { autoUnlock: { enabled: true, dailyCap: 15 } },
      });
      expect(settings.code).toBe(0);
      expect((await read(comic.workId, comic.unitIds[1], user)).data).toMatchObject({
        index: 2,
        charged: 10,
      });
      expect((await read(comic.workId, comic.unitIds[2], user)).data).toEqual({
        price: 10,
        vip: true,
        coinNum: 90,
      });
      expect(await balanceOf(t, user.id)).toBe(90);
    });
  });

  describe('progress inside a panel', () => {
    const put = (account: TestUser, json: unknown) =>
      call(t.app, 'PUT', '/api/v1/progress', { account, json });

    it('stores { panel, offset }, keeps the newer client time and shows it on the detail', async () => {
      const comic = await createComic(t, { episodes: 3, free: 3 });
      const user = await createUser(t);
      const base = { kind: 'comic', workId: comic.workId, unitId: comic.unitIds[1] };
      const now = t.clock.now();
      const saved = await put(user, { ...base, position: { panel: 1, offset: 2310 }, clientTime: now });
      expect(saved.data).toMatchObject({ kind: 'comic', unitIndex: 2, position: { panel: 1, offset: 2310 } });
      const older = await put(user, {
        ...base,
        unitId: comic.unitIds[0],
        position: { panel: 0, offset: 5 },
        clientTime: now - 1000,
      });
      expect(older.data).toMatchObject({ unitId: comic.unitIds[1], position: { panel: 1, offset: 2310 } });
      const newer = await put(user, {
        ...base,
        unitId: comic.unitIds[2],
        position: { panel: 2, offset: 40 },
        clientTime: now + 1000,
      });
      expect(newer.data).toMatchObject({ unitId: comic.unitIds[2], position: { panel: 2, offset: 40 } });
      const detail = await call(t.app, 'GET', `/api/v1/comic/${comic.workId}`, { account: user });
      expect(detail.data.progress).toMatchObject({
        unitId: comic.unitIds[2],
        position: { panel: 2, offset: 40 },
      });
      const menu = await call(t.app, 'GET', `/api/v1/comic/${comic.workId}/episodes`, { account: user });
      expect(menu.data.records.map((r: { read: boolean }) => r.read)).toEqual([true, true, true]);
    });

    it('answers 400 naming the position field for a novel position or bad numbers', async () => {
      const comic = await createComic(t, { episodes: 1 });
      const user = await createUser(t);
      const base = {
        kind: 'comic',
        workId: comic.workId,
        unitId: comic.unitIds[0],
        clientTime: t.clock.now(),
      };
      const cases: Array<[unknown, string]> = [
        [{ paragraph: 1, offset: 0 }, 'position.panel'],
        [{ panel: -1, offset: 0 }, 'position.panel'],
        [{ panel: 1.5, offset: 0 }, 'position.panel'],
        [{ panel: 0, offset: 'x' }, 'position.offset'],
        [{ panel: 0, offset: 2_000_000 }, 'position.offset'],
        ['top', 'position'],
      ];
      for (const [position, field] of cases) {
        const answer = await put(user, { ...base, position });
        expect({ position, status: answer.status }).toEqual({ position, status: 400 });
        expect(answer.msg).toContain(field);
      }
      expect((await put(user, { ...base, unitId: 999999, position: { panel: 0, offset: 0 } })).status).toBe(
        404,
      );
    });
  });
});
