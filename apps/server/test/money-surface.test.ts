import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyOnce, ownedRefs, spentSince } from '../src/modules/purchases/public.ts';
import { membershipOf } from '../src/modules/vip/public.ts';
import { applyBalanceChange, grantDiamonds, lockWallet } from '../src/modules/wallet/public.ts';
import { AppError } from '../src/platform/errors.ts';
import { createTestApp, DIALECTS, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser, ledgerOf } from './helpers/money.ts';

const DAY = 86_400_000;

/** Awaits a promise that must fail with an AppError and answers it. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function purchasesOf(t: TestApp, userId: number) {
  return t.deps.db.kysely
    .selectFrom('purchases')
    .select(['kind', 'ref', 'price'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The ledger adds up: rows sum to the balance and each row's balance follows the one before. */
async function expectLedgerMatchesBalance(t: TestApp, userId: number) {
  const ledger = await ledgerOf(t, userId);
  let running = 0;
  for (const row of ledger) {
    running += Number(row.delta);
    expect(Number(row.balance_after)).toBe(running);
  }
  expect(await balanceOf(t, userId)).toBe(running);
}

describe.each(DIALECTS)('the money surface on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const chapter = (userId: number, ref: string, price: number, memberFree = false) =>
    buyOnce(t.deps, { userId, kind: 'chapter', ref, price, memberFree, note: `第${ref}章` });

  describe('buyOnce', () => {
    it('charges once, through the ledger, and answers owned afterwards', async () => {
      const user = await createUser(t, { coins: 100 });
      expect(await chapter(user.id, '1', 30)).toEqual({ charged: 30, coinNum: 70, via: 'bought' });
      expect(await chapter(user.id, '1', 30)).toEqual({ charged: 0, coinNum: 70, via: 'owned' });
      expect(await purchasesOf(t, user.id)).toEqual([{ kind: 'chapter', ref: '1', price: 30 }]);
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.map((r) => [r.reason, Number(r.delta), r.note])).toEqual([
        ['gift', 100, ''],
        ['chapter', -30, '第1章'],
      ]);
      // The statement shows the reason's text and the note.
      const statement = await postForm(t.app, '/api/user/center/coin/all', { appID: 2008 }, user);
      expect(statement.data.records[0]).toMatchObject({
        delta: -30,
        reason: 'chapter',
        reasonText: '购买章节：第1章',
      });
    });

    it('keeps kinds apart: the same ref of another kind is another purchase', async () => {
      const user = await createUser(t, { coins: 100 });
      await chapter(user.id, '7', 10);
      const episode = await buyOnce(t.deps, {
        userId: user.id,
        kind: 'episode',
        ref: '7',
        price: 10,
        memberFree: false,
      });
      expect(episode.via).toBe('bought');
      expect(await balanceOf(t, user.id)).toBe(80);
    });

    it('gives free things to everyone without a row or a ledger entry', async () => {
      const user = await createUser(t, { coins: 5 });
      expect(await chapter(user.id, '2', 0)).toEqual({ charged: 0, coinNum: 5, via: 'free' });
      expect(await purchasesOf(t, user.id)).toEqual([]);
      expect(await ledgerOf(t, user.id)).toHaveLength(1);
    });

    it('lets members have member-free things without paying, and charges them for the rest', async () => {
      const member = await createUser(t, { coins: 50, levelType: 1, expTime: t.clock.now() + DAY });
      expect(await chapter(member.id, '3', 20, true)).toEqual({ charged: 0, coinNum: 50, via: 'member' });
      expect(await purchasesOf(t, member.id)).toEqual([]);
      expect(await chapter(member.id, '4', 20, false)).toEqual({ charged: 20, coinNum: 30, via: 'bought' });
    });

    it('charges a lapsed member like anyone else', async () => {
      const lapsed = await createUser(t, { coins: 50, levelType: 1, expTime: t.clock.now() - 1 });
      expect(await chapter(lapsed.id, '3', 20, true)).toEqual({ charged: 20, coinNum: 30, via: 'bought' });
    });

    it('answers 1001 with the balance and the price when short, and leaves nothing behind', async () => {
      const user = await createUser(t, { coins: 25 });
      const error = await refusal(chapter(user.id, '5', 30));
      expect(error.code).toBe(ErrorCode.balanceInsufficient);
      expect(error.status).toBe(200);
      expect(error.data).toEqual({ coinNum: 25, price: 30 });
      expect(error.message).toContain('余额不足');
      expect(await purchasesOf(t, user.id)).toEqual([]);
      expect(await ledgerOf(t, user.id)).toHaveLength(1);
      expect(await balanceOf(t, user.id)).toBe(25);
    });

    it("runs inside the caller's transaction and rolls back with it", async () => {
      const user = await createUser(t, { coins: 40 });
      const failed = t.deps.db.kysely.transaction().execute(async (trx) => {
        await buyOnce(
          t.deps,
          { userId: user.id, kind: 'chapter', ref: '6', price: 30, memberFree: false },
          trx,
        );
        throw new Error('the caller changed its mind');
      });
      await expect(failed).rejects.toThrow('the caller changed its mind');
      expect(await purchasesOf(t, user.id)).toEqual([]);
      expect(await balanceOf(t, user.id)).toBe(40);
      expect(await chapter(user.id, '6', 30)).toMatchObject({ charged: 30, via: 'bought' });
    });

    it('refuses a negative price or an empty ref as a programming error', async () => {
      const user = await createUser(t, { coins: 10 });
      await expect(chapter(user.id, '8', -1)).rejects.toThrow('non-negative');
      await expect(chapter(user.id, '', 1)).rejects.toThrow('1-64');
    });
  });

  describe('ownedRefs and spentSince', () => {
    it('marks owned refs of one kind in a list', async () => {
      const user = await createUser(t, { coins: 100 });
      await chapter(user.id, '11', 5);
      await chapter(user.id, '13', 5);
      await buyOnce(t.deps, { userId: user.id, kind: 'video', ref: '12', price: 5, memberFree: false });
      const owned = await ownedRefs(t.deps.db.kysely, user.id, 'chapter', ['11', '12', '13', '14']);
      expect([...owned].sort()).toEqual(['11', '13']);
      expect(await ownedRefs(t.deps.db.kysely, user.id, 'chapter', [])).toEqual(new Set());
    });

    it('sums what was charged for the kinds since a time', async () => {
      const user = await createUser(t, { coins: 100 });
      await chapter(user.id, '21', 7);
      t.clock.advance(DAY);
      const today = t.clock.now();
      await chapter(user.id, '22', 11);
      await buyOnce(t.deps, { userId: user.id, kind: 'episode', ref: '22', price: 13, memberFree: false });
      await chapter(user.id, '22', 11); // owned: no charge
      const db = t.deps.db.kysely;
      expect(await spentSince(db, user.id, ['chapter'], today)).toBe(11);
      expect(await spentSince(db, user.id, ['chapter', 'episode'], today)).toBe(24);
      expect(await spentSince(db, user.id, ['chapter'], 0)).toBe(18);
      expect(await spentSince(db, user.id, [], 0)).toBe(0);
    });
  });

  describe('at the same moment', () => {
    it('charges once when 50 buy the same ref at once', async () => {
      const user = await createUser(t, { coins: 1000 });
      const results = await Promise.all(Array.from({ length: 50 }, () => chapter(user.id, '31', 40)));
      expect(results.filter((r) => r.via === 'bought')).toHaveLength(1);
      expect(results.filter((r) => r.via === 'owned')).toHaveLength(49);
      expect(await balanceOf(t, user.id)).toBe(960);
      expect(await purchasesOf(t, user.id)).toHaveLength(1);
      await expectLedgerMatchesBalance(t, user.id);
    });

    it('lets exactly the funded K of N different buys succeed, and the ledger sums to the balance', async () => {
      const price = 15;
      const funded = 12;
      const user = await createUser(t, { coins: price * funded });
      const settled = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) => chapter(user.id, `k${i}`, price)),
      );
      const bought = settled.filter((s) => s.status === 'fulfilled');
      const refused = settled.filter((s) => s.status === 'rejected');
      expect(bought).toHaveLength(funded);
      expect(refused).toHaveLength(40 - funded);
      for (const r of refused) expect((r.reason as AppError).code).toBe(ErrorCode.balanceInsufficient);
      expect(await balanceOf(t, user.id)).toBe(0);
      expect(await purchasesOf(t, user.id)).toHaveLength(funded);
      await expectLedgerMatchesBalance(t, user.id);
    });

    it('holds a daily cap checked with spentSince under parallel calls', async () => {
      const price = 10;
      const cap = 50;
      const user = await createUser(t, { coins: 1000 });
      const since = t.clock.now() - DAY;
      // Auto-unlock's shape: lock, read today's spend, buy only within the cap, all in one transaction.
      const autoUnlock = (ref: string) =>
        t.deps.db.kysely.transaction().execute(async (trx) => {
          await lockWallet(trx, user.id);
          const spent = await spentSince(trx, user.id, ['chapter'], since);
          if (spent + price > cap) return 'capped';
          await buyOnce(t.deps, { userId: user.id, kind: 'chapter', ref, price, memberFree: false }, trx);
          return 'bought';
        });
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => autoUnlock(`cap${i}`)));
      expect(results.filter((r) => r === 'bought')).toHaveLength(cap / price);
      expect(await spentSince(t.deps.db.kysely, user.id, ['chapter'], since)).toBe(cap);
      expect(await balanceOf(t, user.id)).toBe(1000 - cap);
    });
  });

  describe('the ledger', () => {
    it('grants once per reason and ref, and keeps the note', async () => {
      const user = await createUser(t);
      const grant = {
        userId: user.id,
        amount: 8,
        reason: 'gift' as const,
        ref: `once-${user.id}`,
        note: '第3天',
      };
      expect(await grantDiamonds(t.deps, grant)).toEqual({ balance: 8, applied: true });
      expect(await grantDiamonds(t.deps, grant)).toEqual({ balance: 8, applied: false });
      const statement = await postForm(t.app, '/api/user/center/coin/all', { appID: 2008 }, user);
      expect(statement.data.records).toHaveLength(1);
      expect(statement.data.records[0]).toMatchObject({ delta: 8, reasonText: '系统赠送：第3天' });
    });

    it("grants inside the caller's transaction and rolls back with it", async () => {
      const user = await createUser(t);
      const failed = t.deps.db.kysely.transaction().execute(async (trx) => {
        await grantDiamonds(
          t.deps,
          { userId: user.id, amount: 5, reason: 'gift', ref: `trx-${user.id}` },
          trx,
        );
        throw new Error('rolled back');
      });
      await expect(failed).rejects.toThrow('rolled back');
      expect(await balanceOf(t, user.id)).toBe(0);
      expect(await ledgerOf(t, user.id)).toEqual([]);
    });

    it('never lets a balance go below zero', async () => {
      const user = await createUser(t, { coins: 5 });
      const result = await t.deps.db.kysely.transaction().execute((trx) =>
        applyBalanceChange(trx, {
          userId: user.id,
          delta: -6,
          reason: 'game',
          ref: `neg-${user.id}`,
          now: t.clock.now(),
        }),
      );
      expect(result).toEqual({ ok: false, balance: 5 });
      expect(await ledgerOf(t, user.id)).toHaveLength(1);
    });

    it('refuses a zero or fractional change and a non-positive grant as programming errors', async () => {
      const user = await createUser(t, { coins: 5 });
      const change = (delta: number) =>
        t.deps.db.kysely
          .transaction()
          .execute((trx) =>
            applyBalanceChange(trx, { userId: user.id, delta, reason: 'gift', ref: 'x', now: t.clock.now() }),
          );
      await expect(change(0)).rejects.toThrow('non-zero integer');
      await expect(change(1.5)).rejects.toThrow('non-zero integer');
      await expect(
        grantDiamonds(t.deps, { userId: user.id, amount: 0, reason: 'gift', ref: 'y' }),
      ).rejects.toThrow('positive integer');
      expect(await balanceOf(t, user.id)).toBe(5);
    });
  });

  describe('membershipOf', () => {
    it('answers member only for levelType >= 1 with expTime in the future', async () => {
      const now = t.clock.now();
      const db = t.deps.db.kysely;
      const never = await createUser(t);
      const current = await createUser(t, { levelType: 2, expTime: now + DAY });
      const lapsed = await createUser(t, { levelType: 1, expTime: now });
      const levelZero = await createUser(t, { levelType: 0, expTime: now + DAY });
      expect(await membershipOf(db, never.id, now)).toEqual({ isMember: false, levelType: 0, expTime: null });
      expect(await membershipOf(db, current.id, now)).toEqual({
        isMember: true,
        levelType: 2,
        expTime: now + DAY,
      });
      expect(await membershipOf(db, lapsed.id, now)).toEqual({ isMember: false, levelType: 1, expTime: now });
      expect((await membershipOf(db, levelZero.id, now)).isMember).toBe(false);
    });
  });
});
