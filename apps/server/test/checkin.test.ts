import { CHECKIN_MAKEUP_PRICE, CHECKIN_REWARDS } from '@ld/contract/checkin';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser, fund, ledgerOf, type TestUser } from './helpers/money.ts';

const DAY = 86_400_000;
/** 2026-11-22 00:00 in Asia/Shanghai. */
const NOV22 = Date.parse('2026-11-21T16:00:00Z');

describeDialects('check-in', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** Each test starts at noon of 2026-11-22 in Shanghai. */
  const setDay = (days: number, hour = 12) => {
    t.clock.advance(NOV22 + days * DAY + hour * 3600_000 - t.clock.now());
  };
  beforeEach(() => setDay(0));

  const status = (user?: TestUser, month?: string) =>
    call(t.app, 'GET', '/api/v1/checkin', { account: user, query: month ? { month } : undefined });
  // Each call from its own address: the write limit is per address and this file posts often.
  const checkIn = (user?: TestUser, date?: string) =>
    postForm(t.app, '/api/v1/checkin', { appID: 2008, date }, user, { 'x-forwarded-for': randomIp() });

  it('shows a guest the rewards of the cycle and asks to log in to check in', async () => {
    const res = await status();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      today: false,
      date: '2026-11-22',
      streak: 0,
      month: '2026-11',
      days: [],
    });
    expect(res.data.cycle.map((d: { reward: number }) => d.reward)).toEqual([...CHECKIN_REWARDS]);
    expect(res.data.cycle[0]).toEqual({ day: 1, reward: 10, done: false, today: true, date: '2026-11-22' });
    expect(res.data.makeup).toEqual({ price: CHECKIN_MAKEUP_PRICE, used: 0, limit: 2, dates: [] });
    const post = await checkIn();
    expect(post.code).toBe(ErrorCode.session);
  });

  it('checks in once a day through the ledger; the statement shows 签到第1天; again says 今日已签到', async () => {
    const user = await createUser(t);
    const res = await checkIn(user);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ date: '2026-11-22', day: 1, reward: 10, cost: 0, streak: 1, coinNum: 10 });
    const again = await checkIn(user);
    expect(again).toMatchObject({ status: 200, code: ErrorCode.rule, msg: '今日已签到' });
    expect(await balanceOf(t, user.id)).toBe(10);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'checkin', ref: `${user.id}:2026-11-22`, note: '签到第1天' });
    const coin = await postForm(t.app, '/api/user/center/coin/all', { currentPage: 1 }, user);
    expect(coin.data.records[0]).toMatchObject({ delta: 10, balanceAfter: 10, reasonText: '签到第1天' });
    const after = await status(user);
    expect(after.data).toMatchObject({ today: true, streak: 1, days: ['2026-11-22'] });
    expect(after.data.cycle[0]).toMatchObject({ day: 1, done: true, today: true });
    expect(after.data.cycle[1]).toMatchObject({ day: 2, done: false, today: false, date: '2026-11-23' });
  });

  it('counts days by the Asia/Shanghai calendar: 23:59:59 is still today, a second later is tomorrow', async () => {
    const user = await createUser(t);
    setDay(0, 0); // 00:00 Shanghai = 16:00 UTC the day before
    expect((await checkIn(user)).data).toMatchObject({ date: '2026-11-22', day: 1 });
    setDay(1, 0);
    t.clock.advance(-1000); // 23:59:59 on the 22nd
    expect((await checkIn(user)).msg).toBe('今日已签到');
    t.clock.advance(1000); // 00:00:00 on the 23rd
    const next = await checkIn(user);
    expect(next.data).toEqual({ date: '2026-11-23', day: 2, reward: 10, cost: 0, streak: 2, coinNum: 20 });
    expect((await status(user)).data.days).toEqual(['2026-11-22', '2026-11-23']);
  });

  it('pays the 7-day cycle in order, then starts a new cycle while the streak goes on', async () => {
    const user = await createUser(t);
    const rewards: number[] = [];
    for (let d = 0; d < 8; d++) {
      setDay(d);
      const res = await checkIn(user);
      expect(res.data).toMatchObject({ day: (d % 7) + 1, streak: d + 1 });
      rewards.push(res.data.reward);
    }
    expect(rewards).toEqual([...CHECKIN_REWARDS, CHECKIN_REWARDS[0]]);
    expect(await balanceOf(t, user.id)).toBe(CHECKIN_REWARDS.reduce((a, b) => a + b, 0) + CHECKIN_REWARDS[0]);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.map((r) => r.note)).toEqual([1, 2, 3, 4, 5, 6, 7, 1].map((d) => `签到第${d}天`));
    const now = await status(user);
    expect(now.data.streak).toBe(8);
    expect(now.data.cycle.filter((d: { done: boolean }) => d.done)).toHaveLength(1);
  });

  it('restarts the cycle after a missed day that is not made up', async () => {
    const user = await createUser(t);
    for (const d of [0, 1, 2]) {
      setDay(d);
      await checkIn(user);
    }
    setDay(4); // the 25th was missed
    const before = await status(user);
    expect(before.data).toMatchObject({ today: false, streak: 0 });
    expect(before.data.makeup.dates).toEqual(['2026-11-25']);
    expect(before.data.cycle[4]).toMatchObject({ day: 5, today: true, date: '2026-11-26' });
    const res = await checkIn(user);
    expect(res.data).toMatchObject({ date: '2026-11-26', day: 1, reward: 10, streak: 1 });
    const after = await status(user);
    expect(after.data.makeup.dates).toEqual([]);
    expect(after.data.cycle[0]).toMatchObject({ day: 1, done: true, today: true, date: '2026-11-26' });
    expect((await checkIn(user, '2026-11-25')).msg).toBe('只能补签本轮连续签到中漏签的日期');
  });

  it('starts over when more days were missed than 补签 can cover', async () => {
    const user = await createUser(t);
    await checkIn(user);
    setDay(4); // three days missed
    const before = await status(user);
    expect(before.data.makeup.dates).toEqual([]);
    expect(before.data.cycle[0]).toMatchObject({ day: 1, today: true, done: false, date: '2026-11-26' });
    expect((await checkIn(user)).data).toMatchObject({ day: 1, streak: 1 });
  });

  it('补签 costs diamonds, keeps the streak, at most twice a cycle; too little balance answers 1001', async () => {
    const user = await createUser(t);
    setDay(0);
    await checkIn(user);
    setDay(1);
    await checkIn(user); // balance 20
    setDay(4); // the 24th and 25th missed: both can be made up, oldest first
    expect((await status(user)).data.makeup).toMatchObject({ used: 0, dates: ['2026-11-24', '2026-11-25'] });
    const poor = await checkIn(user, '2026-11-24');
    expect(poor.code).toBe(ErrorCode.balanceInsufficient);
    expect(poor.data).toEqual({ coinNum: 20, price: CHECKIN_MAKEUP_PRICE });
    expect(await balanceOf(t, user.id)).toBe(20);
    expect((await status(user)).data.days).toEqual(['2026-11-22', '2026-11-23']);

    await fund(t, user.id, 100); // 120
    expect((await checkIn(user, '2026-11-25')).msg).toBe('请先补签 11月24日');
    const made = await checkIn(user, '2026-11-24');
    expect(made.data).toEqual({ date: '2026-11-24', day: 3, reward: 0, cost: 30, streak: 3, coinNum: 90 });
    expect((await checkIn(user, '2026-11-24')).msg).toBe('该日已签到');
    expect((await checkIn(user, '2026-11-25')).data).toMatchObject({ day: 4, streak: 4, coinNum: 60 });
    const today = await checkIn(user);
    expect(today.data).toMatchObject({ date: '2026-11-26', day: 5, reward: 20, streak: 5, coinNum: 80 });
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.find((r) => r.ref === `${user.id}:2026-11-24`)).toMatchObject({
      reason: 'checkin',
      note: '补签11月24日',
    });

    setDay(6); // the 27th missed, and both 补签 of this cycle are used
    expect((await status(user)).data.makeup).toMatchObject({ used: 2, dates: [] });
    expect((await checkIn(user, '2026-11-27')).msg).toBe('本轮已补签 2 次，不能再补签');
    // Today's check-in restarts the cycle: the 27th stays missed.
    expect((await checkIn(user)).data).toMatchObject({ date: '2026-11-28', day: 1, streak: 1 });
    expect(await balanceOf(t, user.id)).toBe(90);
  });

  it('refuses a 补签 of today or later, a day of no cycle, and malformed dates (400 naming the field)', async () => {
    const user = await createUser(t, { coins: 500 });
    expect((await checkIn(user, '2026-11-23')).msg).toBe('不能补签今天以后的日期');
    expect((await checkIn(user, '2026-11-20')).msg).toBe('只能补签本轮连续签到中漏签的日期');
    // A date equal to today is today's check-in.
    expect((await checkIn(user, '2026-11-22')).data).toMatchObject({ day: 1, reward: 10 });
    for (const date of ['2026-13-01', '22-11-2026', 'today', '2026-02-31']) {
      const bad = await checkIn(user, date);
      expect(bad.status).toBe(400);
      expect(bad.code).toBe(ErrorCode.badInput);
      expect(bad.msg).toContain('date');
    }
    const badMonth = await status(user, '2026-1');
    expect(badMonth).toMatchObject({ status: 400, code: ErrorCode.badInput });
    expect(badMonth.msg).toContain('month');
  });

  it('shows the checked days of the month asked for', async () => {
    const user = await createUser(t);
    for (const d of [8, 9, 10]) {
      setDay(d); // Nov 30, Dec 1, Dec 2
      await checkIn(user);
    }
    expect((await status(user)).data).toMatchObject({ month: '2026-12', days: ['2026-12-01', '2026-12-02'] });
    expect((await status(user, '2026-11')).data).toMatchObject({ month: '2026-11', days: ['2026-11-30'] });
    expect((await status(user)).data.streak).toBe(3);
  });

  it('checks in from a JSON body or no body at all', async () => {
    const user = await createUser(t);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checkin',
      headers: { uid: user.uid, token: user.token, 'x-forwarded-for': randomIp() },
    });
    expect(bare.json()).toMatchObject({ code: 0, data: { day: 1, reward: 10 } });
    setDay(1);
    const json = await call(t.app, 'POST', '/api/v1/checkin', { account: user, json: {} });
    expect(json).toMatchObject({ code: 0, data: { day: 2, streak: 2 } });
  });

  it('50 parallel check-ins (two devices, double taps) write one row and pay once', async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 50 }, () => checkIn(user)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.rule && a.msg === '今日已签到')).toHaveLength(49);
    expect(await balanceOf(t, user.id)).toBe(10);
    expect(await ledgerOf(t, user.id)).toHaveLength(1);
  });

  it('parallel 补签 of the same day charge once', async () => {
    const user = await createUser(t, { coins: 300 });
    await checkIn(user);
    setDay(2);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(user, '2026-11-23')));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await balanceOf(t, user.id)).toBe(300 + 10 - CHECKIN_MAKEUP_PRICE);
  });
});
