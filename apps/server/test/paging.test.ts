import type { Account } from '@ld/contract/accounts';
import { MAX_PAGED_ROWS } from '@ld/contract/defaults';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { createGame, createType } from './helpers/money.ts';

/** More rows than page numbers may reach, so only cursors walk to the end. */
const DEEP = MAX_PAGED_ROWS + 150;

/** Inserts rows in chunks, so no statement meets a dialect's limit on parameters. */
async function insertChunked<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}

describeDialects('paging: page numbers stop at the bound, cursors go on', (dialect) => {
  let t: TestApp;
  let user: Account;
  let uid: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await registerUser(t.app);
    uid = Number(user.uid);
    const db = t.deps.db.kysely;
    const now = t.clock.now();
    // Ties in the sort value on purpose (every 7 or 50 rows share one), so the id must break them.
    await insertChunked(
      Array.from({ length: DEEP }, (_, i) => ({
        user_id: uid,
        title: `消息 ${i}`,
        content: '内容',
        created_at: now - i,
      })),
      (chunk) => db.insertInto('messages').values(chunk).execute(),
    );
    await insertChunked(
      Array.from({ length: DEEP }, (_, i) => ({
        user_id: uid,
        delta: 1,
        balance_after: i + 1,
        reason: 'gift' as const,
        ref: `paging-${i}`,
        idem_key: `gift:paging-${i}`,
        created_at: now - i,
      })),
      (chunk) => db.insertInto('coin_ledger').values(chunk).execute(),
    );
    const pack = await db
      .insertInto('recharge_packs')
      .values({ price: 600, diamonds: 60 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertChunked(
      Array.from({ length: DEEP }, (_, i) => ({
        order_no: `PG${dialect}${i}`,
        user_id: uid,
        pack_id: pack.id,
        amount: 600,
        diamonds: 60,
        status: 'credited' as const,
        provider: 'fake',
        txn_id: null,
        created_at: now - i,
        expires_at: now - i + 900_000,
        paid_at: null,
        credited_at: null,
        closed_at: null,
      })),
      (chunk) => db.insertInto('recharge_orders').values(chunk).execute(),
    );
    const typeId = await createType(t);
    const gameIds: number[] = [];
    for (let i = 0; i < 12; i++) {
      gameIds.push((await createGame(t, { typeId, sort: i % 3, android: false, ios: false })).id);
    }
    // Packs whose one code the user has claimed (我的礼包: one code per pack and user), and 30
    // open packs with a free code each (礼包中心).
    const claimedPacks: number[] = [];
    await insertChunked(
      Array.from({ length: DEEP }, (_, i) => ({
        game_id: gameIds[i % gameIds.length],
        title: '已领完',
        content: '内容',
        start_at: now - 86400_000,
        end_at: now + 86400_000,
        created_at: now,
      })),
      async (chunk) => {
        const rows = await db.insertInto('gift_packs').values(chunk).returning('id').execute();
        claimedPacks.push(...rows.map((r) => r.id));
      },
    );
    await insertChunked(
      claimedPacks.map((packId, i) => ({
        pack_id: packId,
        code: `CODE${i}`,
        user_id: uid,
        claimed_at: now - Math.floor(i / 50) * 1000,
      })),
      (chunk) => db.insertInto('gift_codes').values(chunk).execute(),
    );
    for (let i = 0; i < 30; i++) {
      const open = await db
        .insertInto('gift_packs')
        .values({
          game_id: gameIds[i % gameIds.length],
          title: `礼包 ${i}`,
          content: '内容',
          start_at: now - 3600_000 - (i % 7) * 1000,
          end_at: now + 86400_000,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('gift_codes')
        .values({ pack_id: open.id, code: `OPEN${i}` })
        .execute();
    }
    await insertChunked(
      Array.from({ length: DEEP }, (_, i) => ({ word: `禁词${i}`, created_at: now })),
      (chunk) => db.insertInto('sensitive_words').values(chunk).execute(),
    );
  });
  afterAll(() => t.close());

  type Params = Record<string, string | number>;
  interface List {
    name: string;
    ask: (params: Params) => Promise<Answer>;
    /** What identifies a record. */
    key: (record: any) => string | number;
    /** Every row of the list in its order, read from the tables. */
    expected: () => Promise<Array<string | number>>;
    pageSize: number;
  }
  const db = () => t.deps.db.kysely;
  const lists: List[] = [
    {
      name: 'messages (center/message/all)',
      ask: (p) => postForm(t.app, '/api/user/center/message/all', { uid: user.uid, ...p }, user),
      key: (r) => r.id,
      expected: async () =>
        (
          await db()
            .selectFrom('messages')
            .select('id')
            .where('user_id', '=', uid)
            .orderBy('id', 'desc')
            .execute()
        ).map((r) => r.id),
      pageSize: 100,
    },
    {
      name: 'ledger (center/coin/all)',
      ask: (p) => postForm(t.app, '/api/user/center/coin/all', { uid: user.uid, ...p }, user),
      key: (r) => r.ref,
      expected: async () =>
        (
          await db()
            .selectFrom('coin_ledger')
            .select('ref')
            .where('user_id', '=', uid)
            .orderBy('id', 'desc')
            .execute()
        ).map((r) => r.ref),
      pageSize: 100,
    },
    {
      name: 'orders (center/coin/order)',
      ask: (p) => postForm(t.app, '/api/user/center/coin/order', p, user),
      key: (r) => r.orderId,
      expected: async () =>
        (
          await db()
            .selectFrom('recharge_orders')
            .select('order_no')
            .where('user_id', '=', uid)
            .orderBy('id', 'desc')
            .execute()
        ).map((r) => r.order_no),
      pageSize: 100,
    },
    {
      name: 'my gifts (v1/gift/me)',
      ask: (p) => call(t.app, 'GET', '/api/v1/gift/me', { account: user, query: p }),
      key: (r) => r.code,
      expected: async () =>
        (
          await db()
            .selectFrom('gift_codes')
            .select('code')
            .where('user_id', '=', uid)
            .orderBy('claimed_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        ).map((r) => r.code),
      pageSize: 100,
    },
    {
      name: 'sensitive words (v1/square/sensitiveword/list)',
      ask: (p) => call(t.app, 'GET', '/api/v1/square/sensitiveword/list', { query: p }),
      key: (r) => r,
      expected: async () =>
        (await db().selectFrom('sensitive_words').select('word').orderBy('id').execute()).map((r) => r.word),
      pageSize: 100,
    },
    {
      name: 'gift centre (v1/gift/center)',
      ask: (p) => call(t.app, 'GET', '/api/v1/gift/center', { account: user, query: p }),
      key: (r) => r.id,
      expected: async () =>
        (
          await db()
            .selectFrom('gift_packs')
            .select('id')
            .where('title', '!=', '已领完')
            .orderBy('start_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        ).map((r) => r.id),
      pageSize: 4,
    },
    {
      name: 'games (web/game/list)',
      ask: (p) => postForm(t.app, '/api/web/game/list', p),
      key: (r) => r.appID,
      expected: async () =>
        (await db().selectFrom('games').select('app_id').orderBy('sort', 'desc').orderBy('id').execute()).map(
          (r) => r.app_id,
        ),
      pageSize: 5,
    },
    {
      name: 'client config (v1/square/config/list)',
      ask: (p) => call(t.app, 'GET', '/api/v1/square/config/list', { query: p }),
      key: (r) => r.key,
      expected: async () => {
        const all = await call(t.app, 'GET', '/api/v1/square/config/list', { query: { pageSize: 100 } });
        return all.data.records.map((r: { key: string }) => r.key);
      },
      pageSize: 2,
    },
  ];

  /** Follows `nextCursor` from the first page to the end, answering every record's key in order. */
  async function walk(list: List): Promise<Array<string | number>> {
    const keys: Array<string | number> = [];
    let cursor = '';
    for (let pages = 0; pages < 100; pages++) {
      const answer = await list.ask({ pageSize: list.pageSize, ...(cursor ? { cursor } : {}) });
      expect(answer.code, answer.msg).toBe(0);
      keys.push(...answer.data.records.map(list.key));
      if (answer.data.nextCursor === null) return keys;
      cursor = answer.data.nextCursor;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    }
    throw new Error(`${list.name}: no end after 100 pages`);
  }

  describe.each(lists)('$name', (list) => {
    it('serves page 1 by number, and by cursor walks every row exactly once in order to the end', async () => {
      const expected = await list.expected();
      const first = await list.ask({ currentPage: 1, pageSize: list.pageSize });
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ total: expected.length, size: list.pageSize, current: 1 });
      expect(first.data.records.map(list.key)).toEqual(expected.slice(0, list.pageSize));
      const walked = await walk(list);
      expect(walked).toEqual(expected);
      expect(new Set(walked).size).toBe(walked.length);
    });

    it('refuses a page number beyond the bound with 400 naming currentPage, and a bad cursor naming cursor', async () => {
      const size = 20;
      const deepest = MAX_PAGED_ROWS / size;
      expect((await list.ask({ currentPage: deepest, pageSize: size })).code).toBe(0);
      const beyond = await list.ask({ currentPage: deepest + 1, pageSize: size });
      expect(beyond.status).toBe(400);
      expect(beyond.code).toBe(ErrorCode.badInput);
      expect(beyond.msg).toBe(`currentPage: 按页码最多翻到第 ${MAX_PAGED_ROWS} 条，请用 cursor 继续`);
      const bad = await list.ask({ pageSize: size, cursor: Buffer.from('nope').toString('base64url') });
      expect(bad.status).toBe(400);
      expect(bad.msg).toMatch(/^cursor: /);
      // A cursor of another list is refused too.
      const foreign = Buffer.from(JSON.stringify(['elsewhere', 1, 1])).toString('base64url');
      expect((await list.ask({ pageSize: size, cursor: foreign })).status).toBe(400);
    });
  });

  it.each([
    ['square posts', '/api/v1/square/post/list', { sort: 2 }],
    ['novels', '/api/v1/novel/list', {}],
  ])('bounds page numbers of the %s feed too', async (_name, path, extra) => {
    const ok = await call(t.app, 'GET', path, { query: { ...extra, currentPage: 50, pageSize: 20 } });
    expect(ok.code).toBe(0);
    const beyond = await call(t.app, 'GET', path, { query: { ...extra, currentPage: 500, pageSize: 20 } });
    expect(beyond.status).toBe(400);
    expect(beyond.msg).toBe(`currentPage: 按页码最多翻到第 ${MAX_PAGED_ROWS} 条，请用 cursor 继续`);
  });

  it('changes nothing on a refused orders page: an expired order stays open until a page is served', async () => {
    const other = await registerUser(t.app);
    const now = t.clock.now();
    const pack = await db().selectFrom('recharge_packs').select('id').executeTakeFirstOrThrow();
    await db()
      .insertInto('recharge_orders')
      .values({
        order_no: `PGX${dialect}`,
        user_id: Number(other.uid),
        pack_id: pack.id,
        amount: 600,
        diamonds: 60,
        status: 'created',
        provider: 'fake',
        txn_id: null,
        created_at: now - 3600_000,
        expires_at: now - 1,
        paid_at: null,
        credited_at: null,
        closed_at: null,
      })
      .execute();
    const statusOf = async () =>
      (
        await db()
          .selectFrom('recharge_orders')
          .select('status')
          .where('order_no', '=', `PGX${dialect}`)
          .executeTakeFirstOrThrow()
      ).status;
    const beyond = await postForm(
      t.app,
      '/api/user/center/coin/order',
      { currentPage: 51, pageSize: 20 },
      other,
    );
    expect(beyond.status).toBe(400);
    expect(await statusOf()).toBe('created');
    expect((await postForm(t.app, '/api/user/center/coin/order', { pageSize: 20 }, other)).code).toBe(0);
    expect(await statusOf()).toBe('closed');
  });
});
