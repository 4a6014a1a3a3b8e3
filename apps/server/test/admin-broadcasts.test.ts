import type { Account } from '@ld/contract/accounts';
import type { Broadcast } from '@ld/contract/admin/broadcasts';
import type { AdminPage } from '@ld/contract/admin/list';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDb } from '../src/db/database.ts';
import { createPeople } from '../src/modules/accounts/public.ts';
import { BATCH_SIZE, deliverBatch } from '../src/modules/messages/broadcasts.ts';
import { deliverBroadcasts } from '../src/modules/messages/jobs.ts';
import type { Deps } from '../src/platform/deps.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { createTestApp, describeDialects, postForm, registerUser, type TestApp } from './helpers/app.ts';
import { logSink } from './helpers/logs.ts';

// 系统消息 from the console (issue 20 §4): to one user at once; to a channel or everyone through
// the batched job, exactly one message per user even when two app instances run the job at once.
describeDialects('admin broadcasts', (dialect) => {
  let t: TestApp;
  let admin: Operator;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await operatorOf(t, 'admin');
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  const send = (json: Record<string, unknown>) =>
    adminCall<Broadcast>(t.app, 'POST', '/broadcasts', { operator: admin, json });
  const inboxOf = async (account: Account) =>
    (await postForm(t.app, '/api/user/center/message/all', {}, account)).data as {
      unread: number;
      records: Array<{ title: string; content: string; isRead: boolean }>;
    };
  const copiesOf = async (broadcastId: number) =>
    t.deps.db.kysely
      .selectFrom('messages')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('broadcast_id', '=', broadcastId)
      .groupBy('user_id')
      .execute();

  it('delivers a message to one user at once, unread, and records the send', async () => {
    const before = await inboxOf(alice);
    const sent = await send({
      title: '账号提醒',
      content: '您的礼包已补发',
      audience: 'user',
      userId: alice.uid,
    });
    expect(sent).toMatchObject({
      code: 0,
      data: { audience: 'user', status: 'done', total: 1, sent: 1, operatorName: admin.name },
    });
    const after = await inboxOf(alice);
    expect(after.unread).toBe(before.unread + 1);
    expect(after.records[0]).toMatchObject({ title: '账号提醒', content: '您的礼包已补发', isRead: false });
    expect((await inboxOf(bob)).records.map((m) => m.title)).not.toContain('账号提醒');
    const rows = (await auditRows(t)).filter((r) => r.target_type === 'broadcast');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([['message.send', String(sent.data.id)]]);
  });

  it('sends to a channel through the job: only that channel, once each, with progress', async () => {
    await t.deps.db.kysely
      .updateTable('users')
      .set({ channel_id: 'c7' })
      .where('id', '=', Number(bob.uid))
      .execute();
    const queued = await send({
      title: '渠道福利',
      content: 'c7 渠道专属礼包',
      audience: 'channel',
      channelId: 'c7',
    });
    expect(queued.data).toMatchObject({ status: expect.stringMatching(/queued|running|done/), total: 1 });
    await deliverBroadcasts.run(t.deps);
    const done = await adminCall<Broadcast>(t.app, 'GET', `/broadcasts/${queued.data.id}`, {
      operator: admin,
    });
    expect(done.data).toMatchObject({ status: 'done', sent: 1, total: 1, finishTime: expect.any(String) });
    expect((await inboxOf(bob)).records[0]).toMatchObject({ title: '渠道福利', isRead: false });
    expect((await inboxOf(alice)).records.map((m) => m.title)).not.toContain('渠道福利');
    const list = await adminCall<AdminPage<Broadcast>>(t.app, 'GET', '/broadcasts', {
      operator: admin,
      query: { audience: 'channel' },
    });
    expect(list.data.records.map((b) => b.id)).toEqual([queued.data.id]);
  });

  it('sends to everyone: exactly one message per user when two app instances run the job at once, and again', async () => {
    // Enough users for several batches.
    const now = t.clock.now();
    await createPeople(
      t.deps.db.kysely,
      Array.from({ length: BATCH_SIZE * 2 + 37 }, (_, i) => ({
        loginName: `crowd_${i}`,
        name: `路人${i}`,
        avatar: null,
        createdAt: now,
      })),
    );
    const everyone = Number(
      (
        await t.deps.db.kysely
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const queued = await send({ title: '全站公告', content: '周末双倍蓝钻', audience: 'all' });
    expect(queued.data.total).toBe(everyone);
    // Someone who joins after the send is not part of it (they get the welcome instead).
    const late = await registerUser(t.app);

    // One batch: the progress moves by a batch.
    await deliverBatch(t.deps, queued.data.id);
    const partway = await adminCall<Broadcast>(t.app, 'GET', `/broadcasts/${queued.data.id}`, {
      operator: admin,
    });
    expect(partway.data.sent).toBeGreaterThanOrEqual(BATCH_SIZE);

    // A second instance of the app on the same database runs the same job at the same time. On
    // SQLite two instances in one test process would stall each other (better-sqlite3 waits for a
    // lock synchronously, on the one thread), and several processes need PostgreSQL anyway
    // (docs/decisions/0020), so there the runs interleave on one instance.
    const second = dialect === 'postgres' ? await secondInstance(t) : null;
    try {
      await Promise.all([
        deliverBroadcasts.run(t.deps),
        deliverBroadcasts.run(second?.deps ?? t.deps),
        deliverBroadcasts.run(t.deps),
      ]);
    } finally {
      await second?.close();
    }
    const done = await adminCall<Broadcast>(t.app, 'GET', `/broadcasts/${queued.data.id}`, {
      operator: admin,
    });
    expect(done.data).toMatchObject({ status: 'done', sent: everyone, total: everyone });
    const copies = await copiesOf(queued.data.id);
    expect(copies.length).toBe(everyone);
    expect(copies.every((c) => Number(c.n) === 1)).toBe(true);
    expect(copies.map((c) => Number(c.user_id))).not.toContain(Number(late.uid));

    // Resumed (a run after the end, or a batch repeated): nothing more.
    await deliverBroadcasts.run(t.deps);
    await t.deps.db.kysely
      .updateTable('message_broadcasts')
      .set({ status: 'running', last_user_id: 0 })
      .where('id', '=', queued.data.id)
      .execute();
    await deliverBatch(t.deps, queued.data.id);
    expect((await copiesOf(queued.data.id)).every((c) => Number(c.n) === 1)).toBe(true);
    expect((await inboxOf(alice)).records[0]).toMatchObject({ title: '全站公告', isRead: false });
  });

  it('keeps the portal answering while a large send runs: requests are served between its batches', async () => {
    const now = t.clock.now();
    // Ten batches' worth, inserted a batch at a time (SQLite limits the variables of a statement).
    for (let b = 0; b < 10; b++) {
      await createPeople(
        t.deps.db.kysely,
        Array.from({ length: BATCH_SIZE }, (_, i) => ({
          loginName: `many_${b}_${i}`,
          name: `大群${b}-${i}`,
          avatar: null,
          createdAt: now,
        })),
      );
    }
    const queued = await send({ title: '大批量通知', content: '全站推送', audience: 'all' });
    expect(queued.data.total).toBeGreaterThan(BATCH_SIZE * 10);

    let finished = false;
    const started = Date.now();
    const run = deliverBroadcasts.run(t.deps).then(() => {
      finished = true;
    });
    const answered: number[] = [];
    while (!finished) {
      const asked = Date.now();
      const inbox = await postForm(t.app, '/api/user/center/message/all', {}, bob);
      expect(inbox.code).toBe(0);
      if (!finished) answered.push(Date.now() - asked);
    }
    await run;
    const took = Date.now() - started;
    const done = await adminCall<Broadcast>(t.app, 'GET', `/broadcasts/${queued.data.id}`, {
      operator: admin,
    });
    expect(done.data).toMatchObject({ status: 'done', sent: queued.data.total });
    // The portal was served all along, not after the send: several answers came while it ran, and
    // none waited anywhere near the send's length (at most a batch, then the pause lets it in).
    expect(answered.length, `answers during a ${took} ms send`).toBeGreaterThanOrEqual(3);
    expect(Math.max(...answered), `slowest answer during a ${took} ms send`).toBeLessThan(took / 2);
    expect((await inboxOf(bob)).records[0]).toMatchObject({ title: '大批量通知', isRead: false });
  });

  it('refuses bad input with 400 naming the field, sending nothing', async () => {
    const before = await t.deps.db.kysely
      .selectFrom('message_broadcasts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', content: '内容', audience: 'all' }, 'title'],
      [{ title: '标题', content: '', audience: 'all' }, 'content'],
      [{ title: '标题', content: '内容', audience: 'vip' }, 'audience'],
      [{ title: '标题', content: '内容', audience: 'user' }, 'userId'],
      [{ title: '标题', content: '内容', audience: 'channel' }, 'channelId'],
      [{ title: '标题', content: '内容', audience: 'channel', channelId: '渠道 1' }, 'channelId'],
      [{ title: '标题', content: '内容', audience: 'user', userId: 999999 }, 'userId'],
      [{ title: '标'.repeat(65), content: '内容', audience: 'all' }, 'title'],
    ];
    for (const [json, field] of cases) {
      const answer = await send(json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    const list = await adminCall(t.app, 'GET', '/broadcasts', { operator: admin, query: { status: 'sent' } });
    expect(list.msg).toMatch(/^status: /);
    const after = await t.deps.db.kysely
      .selectFrom('message_broadcasts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

/** Another app on the test app's own PostgreSQL schema: a second server process. */
async function secondInstance(t: TestApp): Promise<{ deps: Deps; close(): Promise<void> }> {
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.deps.db.kysely);
  const db = createDb({ databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: rows[0]!.s });
  const app = await buildApp({
    config: t.deps.config,
    db,
    clock: t.clock,
    logger: { level: 'warn', stream: logSink },
  });
  await app.ready();
  return {
    deps: app.deps,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
