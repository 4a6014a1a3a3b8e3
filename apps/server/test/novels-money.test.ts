import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DIALECTS, postForm, type TestApp } from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { balanceOf, createUser, ledgerOf, type TestUser } from './helpers/money.ts';

// Paid chapters (DESIGN §7, §13): bought once through the ledger, members read VIP chapters free,
// auto-unlock never passes its daily cap, parallel requests included.

const DAY = 86_400_000;

describe.each(DIALECTS)('paid chapters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const unlock = (workId: number, unitId: number, account?: TestUser) =>
    postForm(t.app, `/api/v1/novel/${workId}/unit/${unitId}/unlock`, {}, account);
  const read = (workId: number, unitId: number, account?: TestUser) =>
    call(t.app, 'GET', `/api/v1/novel/${workId}/chapter/${unitId}`, { account });
  const chapterPurchases = (userId: number) =>
    t.deps.db.kysely
      .selectFrom('purchases')
      .select(['ref', 'price'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'chapter')
      .execute();
  async function expectLedgerMatchesBalance(userId: number) {
    const ledger = await ledgerOf(t, userId);
    let running = 0;
    for (const row of ledger) {
      running += Number(row.delta);
      expect(Number(row.balance_after)).toBe(running);
    }
    expect(await balanceOf(t, userId)).toBe(running);
  }
  const settings = (account: TestUser, autoUnlock: { enabled: boolean; dailyCap: number }) =>
    call(t.app, 'PUT', '/api/v1/reading/settings', { account, json: { autoUnlock } });

  describe('unlock', () => {
    it('needs a login (code 2)', async () => {
      const book = await createNovel(t, { chapters: 4, free: 1, price: 10 });
      expect((await unlock(book.workId, book.unitIds[1])).code).toBe(2);
    });

    it('charges once through the ledger, then the chapter opens; buying again charges nothing', async () => {
      const book = await createNovel(t, { title: '账本之书', chapters: 4, free: 1, price: 10 });
      const user = await createUser(t, { coins: 25 });
      expect((await unlock(book.workId, book.unitIds[1], user)).data).toEqual({ charged: 10, coinNum: 15 });
      expect((await unlock(book.workId, book.unitIds[1], user)).data).toEqual({ charged: 0, coinNum: 15 });
      expect((await read(book.workId, book.unitIds[1], user)).data).toMatchObject({ index: 2, charged: 0 });
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.map((r) => [r.reason, Number(r.delta), r.note])).toEqual([
        ['gift', 25, ''],
        ['chapter', -10, '账本之书·第2章 测试'],
      ]);
      const menu = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, { account: user });
      expect(menu.data.records.map((r: { unlocked: boolean }) => r.unlocked)).toEqual([
        true,
        true,
        false,
        false,
      ]);
    });

    it('answers 1001 with the balance and price when short, and changes nothing', async () => {
      const book = await createNovel(t, { chapters: 3, free: 1, price: 30 });
      const user = await createUser(t, { coins: 29 });
      const answer = await unlock(book.workId, book.unitIds[1], user);
      expect(answer).toMatchObject({ status: 200, code: 1001, data: { coinNum: 29, price: 30 } });
      expect(await balanceOf(t, user.id)).toBe(29);
      expect(await chapterPurchases(user.id)).toEqual([]);
      expect((await read(book.workId, book.unitIds[1], user)).code).toBe(1005);
    });

    it('lets members read VIP chapters free, with no purchase; a priced non-VIP chapter charges them', async () => {
      const vipBook = await createNovel(t, { chapters: 3, free: 1, price: 10, vip: true });
      const pricedBook = await createNovel(t, { chapters: 3, free: 1, price: 10, vip: false });
      const member = await createUser(t, { coins: 50, levelType: 1, expTime: t.clock.now() + DAY });
      expect((await read(vipBook.workId, vipBook.unitIds[2], member)).data).toMatchObject({
        index: 3,
        vip: true,
      });
      expect((await unlock(vipBook.workId, vipBook.unitIds[1], member)).data).toEqual({
        charged: 0,
        coinNum: 50,
      });
      expect((await read(pricedBook.workId, pricedBook.unitIds[1], member)).code).toBe(1005);
      expect((await unlock(pricedBook.workId, pricedBook.unitIds[1], member)).data).toEqual({
        charged: 10,
        coinNum: 40,
      });
      expect(await chapterPurchases(member.id)).toEqual([{ ref: String(pricedBook.unitIds[1]), price: 10 }]);
      // When membership lapses, VIP chapters lock again (nothing was bought).
      const lapsed = await createUser(t, { coins: 5, levelType: 1, expTime: t.clock.now() - 1 });
      expect((await read(vipBook.workId, vipBook.unitIds[2], lapsed)).data).toEqual({
        price: 10,
        vip: true,
        coinNum: 5,
      });
    });

    it('answers 404 for an unknown book or chapter and 400 for a malformed id, charging nothing', async () => {
      const book = await createNovel(t, { chapters: 2, free: 1, price: 10 });
      const user = await createUser(t, { coins: 100 });
      expect((await unlock(999999, book.unitIds[1], user)).status).toBe(404);
      expect((await unlock(book.workId, 999999, user)).status).toBe(404);
      const bad = await unlock(book.workId, 0, user);
      expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('unitId') });
      expect(await balanceOf(t, user.id)).toBe(100);
    });

    it('charges once for 50 parallel unlocks of one chapter by one user', async () => {
      const book = await createNovel(t, { chapters: 3, free: 1, price: 10 });
      const user = await createUser(t, { coins: 1000 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => unlock(book.workId, book.unitIds[1], user)),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect(answers.reduce((sum, a) => sum + a.data.charged, 0)).toBe(10);
      expect(await balanceOf(t, user.id)).toBe(990);
      expect(await chapterPurchases(user.id)).toHaveLength(1);
      await expectLedgerMatchesBalance(user.id);
    });

    it('sells exactly 100 of 200 parallel unlocks of different chapters to an account funded for 100', async () => {
      const book = await createNovel(t, { chapters: 201, free: 1, price: 7 });
      const user = await createUser(t, { coins: 700 });
      const answers = await Promise.all(
        book.unitIds.slice(1).map((unitId) => unlock(book.workId, unitId, user)),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(100);
      expect(answers.filter((a) => a.code === 1001)).toHaveLength(100);
      expect(answers.every((a) => a.code === 0 || a.code === 1001)).toBe(true);
      expect(await balanceOf(t, user.id)).toBe(0);
      expect(await chapterPurchases(user.id)).toHaveLength(100);
      await expectLedgerMatchesBalance(user.id);
    });
  });

  describe('auto-unlock', () => {
    it('is off by default: a priced chapter answers 1005 and charges nothing', async () => {
      const book = await createNovel(t, { chapters: 3, free: 1, price: 10 });
      const user = await createUser(t, { coins: 100 });
      expect((await read(book.workId, book.unitIds[1], user)).code).toBe(1005);
      expect(await balanceOf(t, user.id)).toBe(100);
    });

    it('buys on opening within the daily cap, then stops; the next Shanghai day starts afresh', async () => {
      const book = await createNovel(t, { chapters: 10, free: 1, price: 10 });
      const user = await createUser(t, { coins: 100 });
      await settings(user, { enabled: true, dailyCap: 25 });
      const second = await read(book.workId, book.unitIds[1], user);
      expect(second.data).toMatchObject({ index: 2, charged: 10 });
      expect((await read(book.workId, book.unitIds[1], user)).data.charged).toBe(0);
      expect((await read(book.workId, book.unitIds[2], user)).data.charged).toBe(10);
      const capped = await read(book.workId, book.unitIds[3], user);
      expect(capped).toMatchObject({ code: 1005, data: { price: 10, coinNum: 80 } });
      const mine = await call(t.app, 'GET', '/api/v1/reading/settings', { account: user });
      expect(mine.data.autoUnlock).toEqual({ enabled: true, dailyCap: 25, todaySpent: 20 });
      // The test clock is 12:00 in Shanghai; 12 hours on is the next day there.
      t.clock.advance(12 * 3600_000);
      expect((await read(book.workId, book.unitIds[3], user)).data.charged).toBe(10);
      const next = await call(t.app, 'GET', '/api/v1/reading/settings', { account: user });
      expect(next.data.autoUnlock.todaySpent).toBe(10);
      await expectLedgerMatchesBalance(user.id);
    });

    it('counts chapters bought by hand toward the cap, and leaves a short balance locked (1005)', async () => {
      const book = await createNovel(t, { chapters: 5, free: 1, price: 10 });
      const user = await createUser(t, { coins: 15 });
      await settings(user, { enabled: true, dailyCap: 100 });
      await unlock(book.workId, book.unitIds[1], user);
      const short = await read(book.workId, book.unitIds[2], user);
      expect(short).toMatchObject({ code: 1005, data: { price: 10, vip: true, coinNum: 5 } });
      const mine = await call(t.app, 'GET', '/api/v1/reading/settings', { account: user });
      expect(mine.data.autoUnlock.todaySpent).toBe(10);
    });

    it('never passes the cap under 20 parallel opens of different chapters', async () => {
      const book = await createNovel(t, { chapters: 21, free: 1, price: 10 });
      const user = await createUser(t, { coins: 1000 });
      await settings(user, { enabled: true, dailyCap: 45 });
      const answers = await Promise.all(
        book.unitIds.slice(1).map((unitId) => read(book.workId, unitId, user)),
      );
      expect(answers.filter((a) => a.code === 0)).toHaveLength(4);
      expect(answers.filter((a) => a.code === 1005)).toHaveLength(16);
      expect(await balanceOf(t, user.id)).toBe(960);
      await expectLedgerMatchesBalance(user.id);
    });

    it('charges once when one chapter is opened 20 times at once', async () => {
      const book = await createNovel(t, { chapters: 3, free: 1, price: 10 });
      const user = await createUser(t, { coins: 100 });
      await settings(user, { enabled: true, dailyCap: 100 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => read(book.workId, book.unitIds[1], user)),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect(answers.reduce((sum, a) => sum + a.data.charged, 0)).toBe(10);
      expect(await balanceOf(t, user.id)).toBe(90);
    });

    it('lets a member open VIP chapters without spending the cap', async () => {
      const book = await createNovel(t, { chapters: 3, free: 1, price: 10 });
      const member = await createUser(t, { coins: 10, levelType: 1, expTime: t.clock.now() + DAY });
      await settings(member, { enabled: true, dailyCap: 10 });
      expect((await read(book.workId, book.unitIds[1], member)).data.charged).toBe(0);
      expect((await read(book.workId, book.unitIds[2], member)).data.charged).toBe(0);
      expect(await balanceOf(t, member.id)).toBe(10);
    });
  });
});
