import { ErrorCode } from '@ld/contract/envelope';
import type { LedgerReason } from '@ld/contract/wallet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACTIVITIES, seedActivities } from '../src/modules/activities/seed.ts';
import { createActivity } from '../src/modules/activities/service.ts';
import { grantDiamonds } from '../src/modules/wallet/public.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { call, createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';
import { createNovel, type NovelFixture } from './helpers/content.ts';
import { balanceOf, createUser, ledgerOf, type TestUser } from './helpers/money.ts';
import { insertSquareFixtures, newPost } from './helpers/square.ts';

const HOUR = 3600_000;

interface Task {
  id: number;
  kind: string;
  title: string;
  target: number;
  progress: number;
  reward: number;
  claimed: boolean;
  claimable: boolean;
}

describeDialects('activity centre', (dialect) => {
  let t: TestApp;
  let novel: NovelFixture;
  let tagId: number;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedActivities(t.deps);
    await seedRechargePacks(t.deps);
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    novel = await createNovel(t, { chapters: 12, free: 12 });
    const list = (await call(t.app, 'GET', '/api/v1/activity/list')).data as Array<{
      id: number;
      title: string;
    }>;
    ids = Object.fromEntries(list.map((a) => [a.title, a.id]));
  });
  afterAll(() => t.close());

  const detail = (id: number, user?: TestUser) =>
    call(t.app, 'GET', `/api/v1/activity/${id}`, { account: user });
  const tasksOf = async (id: number, user?: TestUser): Promise<Task[]> => (await detail(id, user)).data.tasks;
  const claim = (id: number, tid: number, user?: TestUser) =>
    t.app
      .inject({
        method: 'POST',
        url: `/api/v1/activity/${id}/task/${tid}/claim`,
        headers: { ...(user ? { uid: user.uid, token: user.token } : {}), 'x-forwarded-for': randomIp() },
      })
      .then((raw) => ({
        status: raw.statusCode,
        ...(raw.json() as { code: number; msg: string; data: any }),
      }));
  /** Opens a chapter, as a prefetch or an offline download does: fetched, not yet read. */
  const open = (user: TestUser, chapter: number, work = novel) =>
    call(t.app, 'GET', `/api/v1/novel/${work.workId}/chapter/${work.unitIds[chapter]}`, { account: user });
  /** Saves a reading position in it, as the reader does while the chapter is on screen. */
  const savePosition = (user: TestUser, chapter: number, work = novel) =>
    call(t.app, 'PUT', '/api/v1/progress', {
      account: user,
      json: {
        kind: 'novel',
        workId: work.workId,
        unitId: work.unitIds[chapter],
        position: { paragraph: 1, offset: 0 },
        clientTime: t.clock.now(),
      },
    });
  const read = async (user: TestUser, chapter: number) => {
    expect((await open(user, chapter)).code).toBe(0);
    expect((await savePosition(user, chapter)).code).toBe(0);
  };
  const recharge = async (user: TestUser) => {
    const packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
    const order = await postForm(t.app, '/api/order/payInfo', { packId: packs[0].id, appID: 2008 }, user, {
      'x-forwarded-for': randomIp(),
    });
    expect(order.code).toBe(0);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pay/sandbox/checkout/${order.data.orderId}/confirm`,
    });
    expect(paid.statusCode).toBeLessThan(400);
  };
  const checkIn = (user: TestUser) =>
    postForm(t.app, '/api/v1/checkin', { appID: 2008 }, user, { 'x-forwarded-for': randomIp() });

  it('lists ongoing activities first, then upcoming, then ended, and filters by status', async () => {
    const list = (await call(t.app, 'GET', '/api/v1/activity/list')).data;
    expect(list).toHaveLength(DEMO_ACTIVITIES.length);
    expect(list.map((a: { status: string }) => a.status)).toEqual([
      'ongoing',
      'ongoing',
      'ongoing',
      'upcoming',
      'ended',
    ]);
    expect(list[0]).toMatchObject({
      title: '书香阅读周',
      statusText: '进行中',
      banner: expect.stringMatching(/^\/uploads\/activities\/\d+\/banner\.webp$/),
      rewardTotal: 95,
    });
    const ended = await call(t.app, 'GET', '/api/v1/activity/list', { query: { status: 'ended' } });
    expect(ended.data.map((a: { title: string; statusText: string }) => [a.title, a.statusText])).toEqual([
      ['金秋回馈周', '已结束'],
    ]);
    const upcoming = await call(t.app, 'GET', '/api/v1/activity/list', { query: { status: 'upcoming' } });
    expect(upcoming.data.map((a: { title: string }) => a.title)).toEqual(['年终狂欢季']);
    const bad = await call(t.app, 'GET', '/api/v1/activity/list', { query: { status: 'soon' } });
    expect(bad).toMatchObject({ status: 400, code: ErrorCode.badInput });
    expect(bad.msg).toContain('status');
  });

  it('shows a guest the rules and the tasks with no progress; a banner is served', async () => {
    const res = await detail(ids['充值邀友双重礼']);
    expect(res.code).toBe(0);
    expect(res.data.rulesHtml).toContain('<ol><li>');
    expect(res.data.tasks.map((task: Task) => [task.kind, task.title, task.target, task.progress])).toEqual([
      ['recharge', '充值1次', 1, 0],
      ['invite', '邀请1位好友', 1, 0],
      ['invite', '邀请3位好友', 3, 0],
      ['post', '发布3条动态', 3, 0],
    ]);
    const banner = await t.app.inject({ method: 'GET', url: res.data.banner });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/webp');
  });

  it('cleans rules HTML on the server before storing it', async () => {
    const now = t.clock.now();
    const id = await createActivity(
      t.deps.db.kysely,
      {
        title: '净化测试',
        summary: '规则含脚本',
        banner: '/uploads/activities/1/banner.webp',
        rulesHtml:
          '<p onclick="steal()">规则<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)></p>',
        startAt: now - HOUR,
        endAt: now + HOUR,
        tasks: [{ kind: 'post', title: '发布1条动态', target: 1, reward: 5 }],
      },
      now,
    );
    const html = (await detail(id)).data.rulesHtml as string;
    expect(html).toContain('规则');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('counts progress from what really happened: chapters read, posts, recharges, check-ins, invites', async () => {
    const user = await createUser(t);
    const reading = ids['书香阅读周'];
    expect((await tasksOf(reading, user)).map((task) => task.progress)).toEqual([0, 0, 0]);
    await read(user, 0);
    await read(user, 1);
    await read(user, 1); // the same chapter again counts once
    await read(user, 2);
    await newPost(t.app, user, '今天读了三章，好看', tagId);
    const tasks = await tasksOf(reading, user);
    expect(tasks.map((task) => [task.title, task.progress, task.claimable])).toEqual([
      ['阅读3章', 3, true],
      ['阅读10章', 3, false],
      ['发布1条动态', 1, true],
    ]);

    await recharge(user);
    await checkIn(user);
    // Invites are paid by the invites module as ledger rows with reason `invite`.
    await grantDiamonds(t.deps, {
      userId: user.id,
      amount: 20,
      reason: 'invite' as LedgerReason,
      ref: `inv-${user.id}`,
    });
    const both = await tasksOf(ids['充值邀友双重礼'], user);
    expect(both.map((task) => [task.title, task.progress])).toEqual([
      ['充值1次', 1],
      ['邀请1位好友', 1],
      ['邀请3位好友', 1],
      ['发布3条动态', 1],
    ]);
    const week = await tasksOf(ids['七日签到好礼'], user);
    expect(week.map((task) => [task.title, task.progress])).toEqual([
      ['签到3天', 1],
      ['签到7天', 1],
      ['阅读3章', 3],
    ]);
    // An activity that starts now counts nothing of what happened before it.
    const now = t.clock.now();
    t.clock.advance(1000);
    const later = await createActivity(
      t.deps.db.kysely,
      {
        title: '之后开始',
        summary: '窗口之外的不计',
        banner: '/uploads/activities/1/banner.webp',
        rulesHtml: '<p>规则</p>',
        startAt: now + 1,
        endAt: now + 48 * HOUR,
        tasks: [
          { kind: 'read', title: '阅读1章', target: 1, reward: 5 },
          { kind: 'post', title: '发布1条动态', target: 1, reward: 5 },
        ],
      },
      now,
    );
    expect((await tasksOf(later, user)).map((task) => task.progress)).toEqual([0, 0]);
    await read(user, 5);
    expect((await tasksOf(later, user)).map((task) => task.progress)).toEqual([1, 0]);
  });

  it('counts a chapter as read once the reader saved a position in it, and only when it is open to the user', async () => {
    const user = await createUser(t);
    const reading = ids['书香阅读周'];
    await open(user, 0);
    await open(user, 1); // a prefetch or an offline download
    expect((await tasksOf(reading, user))[0].progress).toBe(0);
    await savePosition(user, 0);
    expect((await tasksOf(reading, user))[0].progress).toBe(1);
    // A priced chapter the user has not bought: its position saves, the read log does not count it.
    const paid = await createNovel(t, { chapters: 3, free: 0, price: 10, vip: false });
    expect((await open(user, 0, paid)).code).toBe(ErrorCode.unitLocked);
    expect((await savePosition(user, 0, paid)).code).toBe(0);
    expect((await tasksOf(reading, user))[0].progress).toBe(1);
  });

  it('pays a finished task once through the ledger; the statement shows 任务：阅读3章', async () => {
    const user = await createUser(t);
    for (const c of [0, 1, 2]) await read(user, c);
    const reading = ids['书香阅读周'];
    const task = (await tasksOf(reading, user))[0];
    const res = await claim(reading, task.id, user);
    expect(res).toMatchObject({ code: 0, data: { reward: 20, coinNum: 20 } });
    const again = await claim(reading, task.id, user);
    expect(again).toMatchObject({ status: 200, code: ErrorCode.rule, msg: '奖励已领取' });
    expect(await balanceOf(t, user.id)).toBe(20);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      reason: 'activity',
      ref: `${user.id}:${reading}:${task.id}`,
      note: '任务：阅读3章',
    });
    const coin = await postForm(t.app, '/api/user/center/coin/all', { currentPage: 1 }, user);
    expect(coin.data.records[0]).toMatchObject({ delta: 20, reasonText: '任务：阅读3章' });
    const after = (await tasksOf(reading, user))[0];
    expect(after).toMatchObject({ claimed: true, claimable: false, progress: 3 });
  });

  it('20 parallel claims of one task pay once', async () => {
    const user = await createUser(t);
    await newPost(t.app, user, '并发领取测试', tagId);
    const reading = ids['书香阅读周'];
    const task = (await tasksOf(reading, user))[2];
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(reading, task.id, user)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.rule && a.msg === '奖励已领取')).toHaveLength(19);
    expect(await balanceOf(t, user.id)).toBe(15);
  });

  it('refuses a claim before the task is done, in an upcoming or ended activity, and for guests', async () => {
    const user = await createUser(t);
    await read(user, 0);
    const reading = ids['书香阅读周'];
    const [three] = await tasksOf(reading, user);
    expect(await claim(reading, three.id, user)).toMatchObject({
      code: ErrorCode.rule,
      msg: '任务未完成（1/3）',
    });
    const upcoming = ids['年终狂欢季'];
    const [soon] = await tasksOf(upcoming, user);
    expect(await claim(upcoming, soon.id, user)).toMatchObject({ code: ErrorCode.rule, msg: '活动尚未开始' });
    const ended = ids['金秋回馈周'];
    const [over] = await tasksOf(ended, user);
    expect(over.claimable).toBe(false);
    expect(await claim(ended, over.id, user)).toMatchObject({ code: ErrorCode.rule, msg: '活动已结束' });
    expect((await claim(reading, three.id)).code).toBe(ErrorCode.session);
    expect(await balanceOf(t, user.id)).toBe(0);
  });

  it('answers 404 for an unknown activity or a task of another activity, 400 naming a bad id', async () => {
    const user = await createUser(t);
    expect((await detail(999_999)).status).toBe(404);
    expect((await claim(999_999, 1, user)).status).toBe(404);
    const otherTask = (await tasksOf(ids['金秋回馈周']))[0];
    const wrong = await claim(ids['书香阅读周'], otherTask.id, user);
    expect(wrong).toMatchObject({ status: 404, code: ErrorCode.notFound, msg: '任务不存在' });
    const badId = await call(t.app, 'GET', '/api/v1/activity/abc');
    expect(badId).toMatchObject({ status: 400, code: ErrorCode.badInput });
    expect(badId.msg).toContain('id');
    const badTid = await claim(ids['书香阅读周'], 0, user);
    expect(badTid).toMatchObject({ status: 400, code: ErrorCode.badInput });
    expect(badTid.msg).toContain('tid');
  });
});
