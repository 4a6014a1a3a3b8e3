import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { membershipOf } from '../src/modules/vip/public.ts';
import { seedVipPlans } from '../src/modules/vip/seed.ts';
import { createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser, ledgerOf } from './helpers/money.ts';

const DAY = 86_400_000;

describeDialects('membership', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedVipPlans(t.deps);
  });
  afterAll(() => t.close());

  const open = (body: Record<string, string | number>, user?: { uid: string; token: string }) =>
    postForm(t.app, '/api/vip/vipopen', { appID: 2008, ...body }, user);

  it('lists the month, quarter and year plans with badges', async () => {
    const res = await postForm(t.app, '/api/vip/vipconfig', { appID: 2008 });
    expect(res.code).toBe(0);
    expect(
      res.data.map((p: { name: string; days: number; badge: string }) => [p.name, p.days, p.badge]),
    ).toEqual([
      ['月卡', 30, 'month'],
      ['季卡', 90, 'normal'],
      ['年卡', 365, 'year'],
    ]);
    expect(res.data[0]).toMatchObject({
      vipType: 1,
      price: 300,
      originalPrice: 300,
      description: expect.any(String),
    });
  });

  it('opens membership: pays through the ledger and sets expTime from now', async () => {
    const user = await createUser(t, { coins: 1000 });
    const now = t.clock.now();
    const res = await open({ vipType: 1 }, user);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      coinNum: 700,
      levelType: 1,
      expTime: new Date(now + 30 * DAY).toISOString(),
      isMember: true,
    });
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.at(-1)).toMatchObject({ reason: 'vip', note: '月卡' });
    expect(Number(ledger.at(-1)?.delta)).toBe(-300);
    const coin = await postForm(t.app, '/api/user/center/coin/all', { currentPage: 1 }, user);
    expect(coin.data.records[0]).toMatchObject({
      delta: -300,
      balanceAfter: 700,
      reasonText: '开通会员：月卡',
    });
  });

  it('extends from the current expiry while still a member, and from now after it lapsed', async () => {
    const now = t.clock.now();
    const member = await createUser(t, { coins: 2000, levelType: 1, expTime: now + 10 * DAY });
    const extended = await open({ vipType: 2 }, member);
    expect(extended.data.expTime).toBe(new Date(now + 100 * DAY).toISOString());
    const lapsed = await createUser(t, { coins: 2000, levelType: 1, expTime: now - 5 * DAY });
    const renewed = await open({ vipType: 1 }, lapsed);
    expect(renewed.data.expTime).toBe(new Date(now + 30 * DAY).toISOString());
    expect(renewed.data.isMember).toBe(true);
    const higher = await createUser(t, { coins: 3000, levelType: 2, expTime: null as unknown as number });
    expect((await open({ vipType: 3 }, higher)).data.levelType).toBe(2);
  });

  it('refuses when the price is above the balance, changing nothing', async () => {
    const user = await createUser(t, { coins: 299 });
    const res = await open({ vipType: 1 }, user);
    expect(res.code).toBe(ErrorCode.balanceInsufficient);
    expect(res.msg).toBe('当前蓝钻余额不足，请先充值后再继续');
    expect(res.data).toEqual({ coinNum: 299, price: 300 });
    expect(await balanceOf(t, user.id)).toBe(299);
    expect(await membershipOf(t.deps.db.kysely, user.id, t.clock.now())).toEqual({
      isMember: false,
      levelType: 0,
      expTime: null,
    });
    expect(
      await t.deps.db.kysely.selectFrom('vip_orders').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });

  it('pays once for a double tap with the same requestId, even at the same instant', async () => {
    const user = await createUser(t, { coins: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => open({ vipType: 1, requestId: 'tap-0001-abcdef' }, user)),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(700);
    const expected = new Date(t.clock.now() + 30 * DAY).toISOString();
    expect(answers.every((a) => a.data.expTime === expected)).toBe(true);
    // A new tap (another requestId) buys again and extends.
    const again = await open({ vipType: 1, requestId: 'tap-0002-abcdef' }, user);
    expect(again.data).toMatchObject({
      coinNum: 400,
      expTime: new Date(t.clock.now() + 60 * DAY).toISOString(),
    });
  });

  it('asks for login (code 2) and refuses bad input naming the field', async () => {
    expect((await open({ vipType: 1 })).code).toBe(ErrorCode.session);
    const user = await createUser(t, { coins: 1000 });
    for (const [field, body] of [
      ['vipType', {}],
      ['vipType', { vipType: 'gold' }],
      ['vipType', { vipType: 0 }],
      ['requestId', { vipType: 1, requestId: 'x' }],
      ['requestId', { vipType: 1, requestId: '<script>alert(1)</script>' }],
    ] as const) {
      const res = await open(body, user);
      expect(res.status).toBe(400);
      expect(res.msg.startsWith(`${field}: `)).toBe(true);
    }
    expect((await open({ vipType: 99 }, user)).status).toBe(404);
    expect(await balanceOf(t, user.id)).toBe(1000);
  });
});
