import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { hashToken, newToken } from '../src/platform/tokens.ts';
import { createTestApp, DIALECTS, postForm, registerUser, type TestApp } from './helpers/app.ts';

const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};
const DAY = 86_400_000;

/**
 * Balances and memberships written into `users` before the wallet and VIP modules had their own
 * tables: after the upgrade every account reads the same balance and membership, and `users`
 * (rebuilt on SQLite) keeps its ids, its sequence and its foreign keys.
 */
describe.each(DIALECTS)('wallets and memberships migration on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<any>;
  const people: Array<{ id: number; uid: string; token: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { periodicJobs: false });
    db = t.deps.db.kysely as Kysely<any>;
    const back = await new Migrator({ db, provider }).migrateTo('2026112301-purchases');
    expect(back.error).toBeUndefined();
    const now = t.clock.now();
    const rows = [
      { coin_num: 120, level_type: 1, exp_time: now + 10 * DAY },
      { coin_num: 0, level_type: 2, exp_time: now - DAY },
      { coin_num: 35, level_type: 0, exp_time: null },
      { coin_num: 0, level_type: 0, exp_time: null },
    ];
    for (const [i, row] of rows.entries()) {
      const user = await db
        .insertInto('users')
        .values({
          login_name: `old_${i}_${dialect}`,
          name: `老用户${i}`,
          invite_code: `OLD${i}X${dialect.slice(0, 2).toUpperCase()}`,
          created_at: now,
          updated_at: now,
          ...row,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newToken();
      await db
        .insertInto('sessions')
        .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now })
        .execute();
      people.push({ id: Number(user.id), uid: String(user.id), token });
    }
    await migrateToLatest(db);
  });
  afterAll(() => t.close());

  const me = async (i: number) => (await postForm(t.app, '/api/user/center/me', {}, people[i])).data;

  it('reads the same balance and membership as before', async () => {
    const now = t.clock.now();
    expect(await me(0)).toMatchObject({
      coinNum: 120,
      levelType: 1,
      expTime: new Date(now + 10 * DAY).toISOString(),
      isMember: true,
    });
    expect(await me(1)).toMatchObject({ coinNum: 0, levelType: 2, isMember: false });
    expect(await me(2)).toMatchObject({ coinNum: 35, levelType: 0, expTime: null, isMember: false });
    expect(await me(3)).toMatchObject({ coinNum: 0, levelType: 0, expTime: null, isMember: false });
  });

  it('leaves users without the moved columns', async () => {
    const columns =
      dialect === 'postgres'
        ? (
            await sql<{ name: string }>`
              select column_name as name from information_schema.columns
              where table_name = 'users' and table_schema = current_schema()`.execute(db)
          ).rows
        : (await sql<{ name: string }>`pragma table_info(users)`.execute(db)).rows;
    const names = columns.map((c) => c.name);
    expect(names).toContain('login_name');
    for (const moved of ['coin_num', 'level_type', 'exp_time']) expect(names).not.toContain(moved);
  });

  it('keeps ids growing and foreign keys pointing at users', async () => {
    const fresh = await registerUser(t.app);
    expect(Number(fresh.uid)).toBeGreaterThan(Math.max(...people.map((p) => p.id)));
    if (dialect === 'sqlite') {
      expect(
        (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0].foreign_keys,
      ).toBe(1);
    }
    // Deleting an account still cascades to what references it (sessions, the moved wallet).
    await db.deleteFrom('users').where('id', '=', people[2].id).execute();
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', people[2].id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('wallets').select('user_id').where('user_id', '=', people[2].id).execute(),
    ).toEqual([]);
  });

  it('pays from the moved balance through the ledger', async () => {
    await db
      .insertInto('vip_plans')
      .values({ vip_type: 1, name: '月卡', days: 30, price: 100, original_price: 100, badge: 'month' })
      .execute();
    const opened = await postForm(t.app, '/api/vip/vipopen', { vipType: 1 }, people[0]);
    expect(opened.data).toMatchObject({ coinNum: 20, levelType: 1, isMember: true });
  });
});
