import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createTestApp, DIALECTS, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createGame, createType, createUser, fund, ledgerOf } from './helpers/money.ts';

const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

/**
 * A database with game purchases made before the purchases table: after the upgrade the buyers
 * still download free, and the next purchase gets an id (its ledger key) no old row has.
 */
describe.each(DIALECTS)('purchases migration on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<any>;
  let buyer: { id: number; uid: string; token: string };
  let games: Array<{ id: number; appId: number }>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { periodicJobs: false });
    db = t.deps.db.kysely as Kysely<any>;
    const typeId = await createType(t, '迁移');
    games = [
      await createGame(t, { typeId, name: '旧账一', price: 20 }),
      await createGame(t, { typeId, name: '旧账二', price: 30 }),
      await createGame(t, { typeId, name: '新账', price: 25 }),
    ];
    buyer = await createUser(t, { coins: 100 });
    const back = await new Migrator({ db, provider }).migrateTo('2026112205-game-list-indexes');
    expect(back.error).toBeUndefined();
    // Two purchases as the games flow wrote them: the purchase row, and a ledger row keyed by its id.
    const now = t.clock.now();
    let balance = 100;
    for (const [i, game] of games.slice(0, 2).entries()) {
      const price = i === 0 ? 20 : 30;
      const row = await db
        .insertInto('game_purchases')
        .values({ user_id: buyer.id, game_id: game.id, price, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      balance -= price;
      await db.updateTable('users').set({ coin_num: balance }).where('id', '=', buyer.id).execute();
      await db
        .insertInto('coin_ledger')
        .values({
          user_id: buyer.id,
          delta: -price,
          balance_after: balance,
          reason: 'game',
          ref: String(row.id),
          note: '',
          idem_key: `game:${row.id}`,
          created_at: now,
        })
        .execute();
    }
    await migrateToLatest(db);
  });
  afterAll(() => t.close());

  const download = (gameId: number) =>
    postForm(t.app, `/api/user/game/download/${gameId}`, { appID: 2008, platformType: 1 }, buyer);

  it('carries the purchases over: earlier buyers download free and see them as bought', async () => {
    for (const game of games.slice(0, 2)) {
      const res = await download(game.id);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ charged: 0, coinNum: 50 });
    }
    const list = await postForm(t.app, '/api/web/game/list', { appID: 2008, pageSize: 10 }, buyer);
    const purchased = Object.fromEntries(
      list.data.records.map((g: { name: string; purchased: boolean }) => [g.name, g.purchased]),
    );
    expect(purchased).toEqual({ 旧账一: true, 旧账二: true, 新账: false });
  });

  it('charges a new purchase once, under a ledger key no earlier row holds', async () => {
    const res = await download(games[2].id);
    expect(res.data).toMatchObject({ charged: 25, coinNum: 25 });
    const ledger = await ledgerOf(t, buyer.id);
    expect(ledger.map((r) => Number(r.delta))).toEqual([100, -20, -30, -25]);
    expect(new Set(ledger.map((r) => r.idem_key)).size).toBe(4);
    expect(await balanceOf(t, buyer.id)).toBe(25);
    await fund(t, buyer.id, 5);
    expect((await download(games[2].id)).data).toMatchObject({ charged: 0, coinNum: 30 });
  });
});
