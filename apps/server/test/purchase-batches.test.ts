// Paid downloads bought at the same moment go to PostgreSQL in batches (purchases/batch.ts,
// docs/decisions/0056-cluster.md, "Paid downloads in batches"): each buyer still gets exactly the
// answer a purchase alone would give, and the money, the purchase rows, the download rows and the
// counters add up. SQLite buys one at a time; the same answers are asserted there.
import { ErrorCode } from '@ld/contract/envelope';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createGame, createType, createUser, fund, ledgerOf } from './helpers/money.ts';

const DAY = 86_400_000;

describeDialects('paid downloads bought together', (dialect) => {
  let t: TestApp;
  let typeId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    typeId = await createType(t, '批量');
  });
  afterAll(() => t.close());

  const download = (gameId: number, account: { uid: string; token: string }) =>
    postForm(t.app, `/api/user/game/download/${gameId}`, { appID: 2008, platformType: 1 }, account);
  const counter = async (gameId: number) =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('games')
          .select('download_count')
          .where('id', '=', gameId)
          .executeTakeFirstOrThrow()
      ).download_count,
    );
  const rowsOf = async (gameId: number) =>
    t.deps.db.kysely
      .selectFrom('game_downloads')
      .select(['user_id', 'platform_type', 'channel_id', 'invite_code'])
      .where('game_id', '=', gameId)
      .execute();

  it('answers every buyer of a crowd as alone: charged, refused, a member, an owner, no wallet yet, twice at once', async () => {
    const game = await createGame(t, { typeId, name: '同批购买', price: 10, ios: false });
    const other = await createGame(t, { typeId, name: '同批另一款', price: 7, ios: false });
    const now = t.clock.now();
    const funded = await Promise.all(Array.from({ length: 30 }, () => createUser(t, { coins: 25 })));
    // Three of them came through a channel link (decision 0062): their download rows name it.
    const brought = funded.slice(0, 3);
    await t.deps.db.kysely
      .insertInto('user_channels')
      .values(
        brought.map((u) => ({
          user_id: u.id,
          channel_id: 'ch-batch',
          invite_code: 'BATCH7',
          device_id: null,
          created_at: now,
        })),
      )
      .execute();
    const poor = await createUser(t, { coins: 9 });
    const member = await createUser(t, { coins: 3, levelType: 1, expTime: now + 30 * DAY });
    const owner = await createUser(t, { coins: 40 });
    expect((await download(game.id, owner)).data).toMatchObject({ charged: 10, coinNum: 30 });
    // Diamonds never held: no wallet row, so this one goes alone (and is refused: 0 diamonds).
    const newcomer = await createUser(t);
    // Two games at once, and the same game twice at once: each charged once, in turn.
    const both = await createUser(t, { coins: 20 });
    const twice = await createUser(t, { coins: 20 });

    const calls = [
      ...funded.map((u) => download(game.id, u)),
      download(game.id, poor),
      download(game.id, member),
      download(game.id, owner),
      download(game.id, newcomer),
      download(game.id, both),
      download(other.id, both),
      download(other.id, twice),
      download(other.id, twice),
    ];
    const answers = await Promise.all(calls);
    const [poorA, memberA, ownerA, newcomerA, bothA, bothB, twiceA, twiceB] = answers.slice(funded.length);

    for (const a of answers.slice(0, funded.length)) {
      expect(a.code).toBe(0);
      expect(a.data).toMatchObject({ charged: 10, coinNum: 15 });
      expect(a.data.url).toContain('/api/');
    }
    expect(poorA).toMatchObject({ code: ErrorCode.balanceInsufficient, data: { coinNum: 9, price: 10 } });
    expect(poorA.msg).toBe('当前蓝钻余额不足，请先充值后再继续');
    expect(memberA.data).toMatchObject({ charged: 0, coinNum: 3 });
    expect(ownerA.data).toMatchObject({ charged: 0, coinNum: 30 });
    expect(newcomerA.code).toBe(ErrorCode.balanceInsufficient);
    expect(bothA.code).toBe(0);
    expect(bothB.code).toBe(0);
    expect([bothA.data.charged, bothB.data.charged]).toEqual([10, 7]);
    expect(await balanceOf(t, both.id)).toBe(3);
    expect([twiceA.data.charged, twiceB.data.charged].sort()).toEqual([0, 7]);
    expect(await balanceOf(t, twice.id)).toBe(13);

    // Every balance is its ledger's sum, never below zero, and each charge points at its purchase.
    for (const user of [...funded, poor, member, owner, both, twice]) {
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.reduce((s, r) => s + Number(r.delta), 0)).toBe(await balanceOf(t, user.id));
      expect(ledger.every((r) => Number(r.balance_after) >= 0)).toBe(true);
    }
    const purchases = await t.deps.db.kysely
      .selectFrom('purchases')
      .select(['id', 'user_id', 'ref', 'price'])
      .where('kind', '=', 'game')
      .where('ref', 'in', [String(game.id), String(other.id)])
      .execute();
    // 30 funded + the owner's earlier one + both's two + twice's one.
    expect(purchases).toHaveLength(34);
    const charges = await t.deps.db.kysely
      .selectFrom('coin_ledger')
      .select(['user_id', 'delta', 'ref', 'idem_key', 'note'])
      .where('reason', '=', 'game')
      .where(
        'ref',
        'in',
        purchases.map((p) => String(p.id)),
      )
      .execute();
    expect(charges).toHaveLength(34);
    for (const c of charges) {
      const p = purchases.find((x) => String(x.id) === c.ref)!;
      expect(Number(c.user_id)).toBe(Number(p.user_id));
      expect(Number(c.delta)).toBe(-p.price);
      expect(c.idem_key).toBe(`game:${p.id}`);
      expect(c.note).toBe(p.ref === String(game.id) ? '同批购买' : '同批另一款');
    }

    // A row and a count for every download answered, none for the refused.
    const gameRows = await rowsOf(game.id);
    expect(gameRows).toHaveLength(30 + 1 + 1 + 1 + 1); // funded, member, owner twice, both
    expect(await counter(game.id)).toBe(gameRows.length);
    expect(gameRows.every((r) => r.platform_type === 1)).toBe(true);
    expect(gameRows.map((r) => Number(r.user_id))).not.toContain(poor.id);
    const channelOf = (r: { channel_id: string; invite_code: string }) => `${r.channel_id}/${r.invite_code}`;
    const broughtIds = new Set(brought.map((u) => u.id));
    expect(gameRows.filter((r) => broughtIds.has(Number(r.user_id))).map(channelOf)).toEqual(
      Array(3).fill('ch-batch/BATCH7'),
    );
    expect(
      gameRows.filter((r) => !broughtIds.has(Number(r.user_id))).every((r) => channelOf(r) === '0/'),
    ).toBe(true);
    expect(await counter(other.id)).toBe(3);
    expect(await rowsOf(other.id)).toHaveLength(3);

    if (dialect === 'postgres') {
      // Rows written by one transaction share its id (xmin): the crowd's purchases were committed
      // in fewer transactions than there were buyers.
      const { rows } = await sql<{ n: string }>`
        select count(distinct xmin::text) as n from purchases
        where kind = 'game' and ref = ${String(game.id)} and user_id <> ${owner.id}`.execute(
        t.deps.db.kysely,
      );
      expect(Number(rows[0]!.n)).toBeLessThan(funded.length);
    }
  });

  it('charges one buyer downloading many games at once in turn, never below zero', async () => {
    const games: { id: number }[] = [];
    for (let i = 0; i < 12; i += 1) games.push(await createGame(t, { typeId, price: 10, ios: false }));
    const user = await createUser(t, { coins: 55 });
    const answers = await Promise.all(games.map((g) => download(g.id, user)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.code === ErrorCode.balanceInsufficient)).toHaveLength(7);
    expect(await balanceOf(t, user.id)).toBe(5);
    // Balances seen after each charge: 45, 35, 25, 15, 5, in whatever order they were answered.
    expect(
      answers
        .filter((a) => a.code === 0)
        .map((a) => a.data.coinNum)
        .sort((a, b) => b - a),
    ).toEqual([45, 35, 25, 15, 5]);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger).toHaveLength(6);
    expect(ledger.every((r) => Number(r.balance_after) >= 0)).toBe(true);
  });

  it('buys for crowds that share games without waiting on each other in a cycle', async () => {
    const games: { id: number }[] = [];
    for (let i = 0; i < 4; i += 1) games.push(await createGame(t, { typeId, price: 2, ios: false }));
    const buyers = await Promise.all(Array.from({ length: 40 }, () => createUser(t, { coins: 8 })));
    // Each buyer takes the four games in a different order: batches share games every way round.
    const answers = await Promise.all(
      buyers.flatMap((b, i) => games.map((_, k) => download(games[(i + k) % games.length]!.id, b))),
    );
    expect(answers.every((a) => a.code === 0 && a.data.charged === 2)).toBe(true);
    for (const g of games) expect(await counter(g.id)).toBe(40);
    for (const b of buyers) expect(await balanceOf(t, b.id)).toBe(0);
    await fund(t, buyers[0]!.id, 1);
    expect((await download(games[0]!.id, buyers[0]!)).data).toMatchObject({ charged: 0, coinNum: 1 });
  });
});
