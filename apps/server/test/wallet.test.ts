import { createHmac } from 'node:crypto';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderCheckoutPage } from '../src/modules/wallet/checkout-page.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { grantDiamonds } from '../src/modules/wallet/service.ts';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { balanceOf, createUser, ledgerOf, type TestUser } from './helpers/money.ts';

const NOTIFY = '/api/v1/pay/notify/sandbox';

describeDialects('wallet', (dialect) => {
  let t: TestApp;
  let packs: Array<{ id: number; price: number; diamonds: number; bonus: number; tag: string | null }>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://pay.example.test' });
    await seedRechargePacks(t.deps);
    packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
  });
  afterAll(() => t.close());

  /** Signs a notify body as the sandbox provider does; `secret` may be forged. */
  async function sendNotify(
    body: Record<string, unknown>,
    opts: { timestamp?: number; secret?: string; signature?: string } = {},
  ) {
    const secret = opts.secret ?? (await getOrCreateSecret(t.deps.db, 'pay.sandbox'));
    const raw = JSON.stringify(body);
    const timestamp = String(opts.timestamp ?? Math.floor(t.clock.now() / 1000));
    const signature =
      opts.signature ?? createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': signature,
      },
    });
  }

  async function newOrder(user: TestUser, packIndex = 1) {
    const res = await postForm(
      t.app,
      '/api/order/payInfo',
      { packId: packs[packIndex].id, appID: 2008 },
      user,
    );
    expect(res.code).toBe(0);
    return res.data as { orderId: string; amount: number; diamonds: number; payUrl: string };
  }

  const notifyOf = (order: { orderId: string; amount: number }) => ({
    orderId: order.orderId,
    amount: order.amount,
    txnId: `T${order.orderId}`,
    paidAt: t.clock.now(),
  });

  it('lists six recharge packs with price in fen and bonus', () => {
    expect(packs).toHaveLength(6);
    expect(packs[0]).toEqual({ id: expect.any(Number), price: 600, diamonds: 60, bonus: 0, tag: null });
    expect(packs[1]).toMatchObject({ price: 3000, diamonds: 300, bonus: 30, tag: '首充推荐' });
  });

  it('creates an order and answers how to pay', async () => {
    const user = await createUser(t);
    const order = await newOrder(user);
    expect(order).toMatchObject({ amount: 3000, diamonds: 330 });
    expect(order.orderId).toMatch(/^\d{20}$/);
    expect(order.payUrl).toBe(`https://pay.example.test/api/v1/pay/sandbox/checkout/${order.orderId}`);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data).toMatchObject({
      orderId: order.orderId,
      status: 'created',
      statusText: '待支付',
      paidTime: null,
    });
  });

  it('refuses payInfo without login (code 2) and with a bad or unknown packId', async () => {
    expect((await postForm(t.app, '/api/order/payInfo', { packId: packs[0].id })).code).toBe(
      ErrorCode.session,
    );
    const user = await createUser(t);
    const bad = await postForm(t.app, '/api/order/payInfo', { packId: 'abc' }, user);
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^packId: /);
    const missing = await postForm(t.app, '/api/order/payInfo', {}, user);
    expect(missing.status).toBe(400);
    expect(missing.msg).toMatch(/^packId: /);
    const unknown = await postForm(t.app, '/api/order/payInfo', { packId: 99999 }, user);
    expect(unknown.status).toBe(404);
    const orders = await postForm(t.app, '/api/user/center/coin/order', { currentPage: 1 }, user);
    expect(orders.data.total).toBe(0);
  });

  it('credits a valid notify exactly once, however often it is replayed (1,000 times)', async () => {
    const user = await createUser(t);
    const order = await newOrder(user);
    const body = notifyOf(order);
    // All at once, so the first delivery races its duplicates for the order's row lock.
    const replays = [];
    for (let i = 0; i < 1000; i += 1) replays.push(sendNotify(body));
    const answers = await Promise.all(replays);
    expect(answers.every((a) => a.statusCode === 200 && a.body === 'success')).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(330);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      reason: 'recharge',
      ref: order.orderId,
      idem_key: `recharge:${order.orderId}`,
    });
    expect(Number(ledger[0].delta)).toBe(330);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data).toMatchObject({ status: 'credited', statusText: '已到账' });
    expect(mine.data.paidTime).not.toBeNull();
  });

  it('refuses forged notifies and credits nothing', async () => {
    for (const reason of [
      'bad signature',
      'missing signature',
      'stale timestamp',
      'amount differs from the order',
      'unknown order',
      'body has the wrong shape',
    ]) {
      expectWarnLog(`payment notify refused {"reason":"${reason}","provider":"sandbox"}`);
    }
    const user = await createUser(t);
    const order = await newOrder(user);
    const body = notifyOf(order);
    const refused = [
      await sendNotify(body, { secret: 'not-the-secret' }),
      await sendNotify(body, { signature: 'zz' }),
      await sendNotify(body, { timestamp: Math.floor(t.clock.now() / 1000) - 301 }),
      await sendNotify(body, { timestamp: Math.floor(t.clock.now() / 1000) + 301 }),
      await sendNotify({ ...body, amount: body.amount - 1 }),
      await sendNotify({ ...body, orderId: '20261122000000999999' }),
      await sendNotify({ orderId: order.orderId }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe('fail');
    }
    // A body altered after signing fails too.
    const secret = await getOrCreateSecret(t.deps.db, 'pay.sandbox');
    const ts = String(Math.floor(t.clock.now() / 1000));
    const signature = createHmac('sha256', secret)
      .update(`${ts}.${JSON.stringify(body)}`)
      .digest('hex');
    const tampered = await t.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: JSON.stringify({ ...body, amount: 1 }),
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': ts,
        'x-sandbox-signature': signature,
      },
    });
    expect(tampered.body).toBe('fail');
    expect(await balanceOf(t, user.id)).toBe(0);
    expect(await ledgerOf(t, user.id)).toHaveLength(0);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data.status).toBe('created');
    // A timestamp just inside the window is accepted.
    const late = await sendNotify(body, { timestamp: Math.floor(t.clock.now() / 1000) - 299 });
    expect(late.body).toBe('success');
    expect(await balanceOf(t, user.id)).toBe(330);
  });

  it('closes an order unpaid for 30 minutes, and a closed order cannot be paid', async () => {
    expectWarnLog('payment notify refused {"reason":"order is closed","provider":"sandbox"}');
    const user = await createUser(t);
    const order = await newOrder(user, 0);
    t.clock.advance(30 * 60 * 1000);
    const late = await sendNotify(notifyOf(order));
    expect(late.body).toBe('fail');
    expect(await balanceOf(t, user.id)).toBe(0);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data).toMatchObject({ status: 'closed', statusText: '已关闭' });
  });

  it('closes expired orders lazily when the list is read', async () => {
    const user = await createUser(t);
    const order = await newOrder(user, 0);
    t.clock.advance(29 * 60 * 1000);
    let list = await postForm(t.app, '/api/user/center/coin/order', { currentPage: 1 }, user);
    expect(list.data.records[0]).toMatchObject({ orderId: order.orderId, status: 'created' });
    t.clock.advance(60 * 1000);
    list = await postForm(t.app, '/api/user/center/coin/order', { currentPage: 1 }, user);
    expect(list.data.records[0]).toMatchObject({ orderId: order.orderId, status: 'closed' });
    expect(list.data).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
  });

  it('answers only the caller’s own order', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const order = await newOrder(owner);
    const res = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: other });
    expect(res.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`)).code).toBe(ErrorCode.session);
    const bad = await call(t.app, 'GET', '/api/v1/wallet/order/x!', { account: owner });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^orderId: /);
  });

  it('pays through the sandbox checkout page and lands on the result page', async () => {
    const user = await createUser(t);
    const order = await newOrder(user, 3);
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/pay/sandbox/checkout/${order.orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('¥128.00');
    expect(page.body).toContain('蓝钻乐园');
    expect(page.body).toContain('1460蓝钻');
    expect(page.body).toContain('确认支付');
    expect(page.body).toMatch(/<a class="cancel" href="\/recharge">取消支付<\/a>/);
    expect(page.body).not.toContain('<script');
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pay/sandbox/checkout/${order.orderId}/confirm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`/recharge?orderId=${order.orderId}`);
    expect(await balanceOf(t, user.id)).toBe(1460);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data.status).toBe('credited');
    // Confirming again (a second tap) credits nothing more, and the page now says it is paid.
    await t.app.inject({ method: 'POST', url: `/api/v1/pay/sandbox/checkout/${order.orderId}/confirm` });
    expect(await balanceOf(t, user.id)).toBe(1460);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/pay/sandbox/checkout/${order.orderId}` });
    expect(after.body).toContain('已到账');
    expect(after.body).not.toContain('确认支付');
    expect(after.body).toContain(`href="/recharge?orderId=${order.orderId}"`);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/pay/sandbox/checkout/20260101000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the ledger newest first with reasons in Chinese', async () => {
    const user = await createUser(t);
    const order = await newOrder(user, 0);
    await sendNotify(notifyOf(order));
    const order2 = await newOrder(user, 1);
    await sendNotify(notifyOf(order2));
    const res = await postForm(
      t.app,
      '/api/user/center/coin/all',
      { uid: user.uid, currentPage: 1, pageSize: 1 },
      user,
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(res.data.records[0]).toEqual({
      id: expect.any(Number),
      delta: 330,
      balanceAfter: 390,
      reason: 'recharge',
      reasonText: '充值：330蓝钻',
      ref: order2.orderId,
      createTime: new Date(t.clock.now()).toISOString(),
    });
    const page2 = await postForm(t.app, '/api/user/center/coin/all', { currentPage: 2, pageSize: 1 }, user);
    expect(page2.data.records[0]).toMatchObject({ delta: 60, balanceAfter: 60 });
    for (const [field, body] of [
      ['currentPage', { currentPage: 0 }],
      ['pageSize', { pageSize: 101 }],
      ['uid', { uid: 'abc' }],
    ] as const) {
      const bad = await postForm(t.app, '/api/user/center/coin/all', body, user);
      expect(bad.status).toBe(400);
      expect(bad.msg.startsWith(`${field}: `)).toBe(true);
    }
    expect((await postForm(t.app, '/api/user/center/coin/all', {})).code).toBe(ErrorCode.session);
    expect((await postForm(t.app, '/api/user/center/coin/order', {})).code).toBe(ErrorCode.session);
  });

  it('closes expired orders in the minute sweep', async () => {
    const user = await createUser(t);
    const order = await newOrder(user, 0);
    t.clock.advance(31 * 60 * 1000);
    const { sweepExpiredOrders } = await import('../src/modules/wallet/service.ts');
    expect(await sweepExpiredOrders(t.deps)).toBeGreaterThanOrEqual(1);
    const row = await t.deps.db.kysely
      .selectFrom('recharge_orders')
      .select('status')
      .where('order_no', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('closed');
  });

  it('applies the same reason and ref once, answering the first result', async () => {
    const user = await createUser(t);
    const grant = { userId: user.id, amount: 25, reason: 'gift' as const, ref: 'welcome-once' };
    const results = await Promise.all([grantDiamonds(t.deps, grant), grantDiamonds(t.deps, grant)]);
    expect(results.map((r) => r.balance)).toEqual([25, 25]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await grantDiamonds(t.deps, { ...grant, amount: 999 })).toEqual({ balance: 25, applied: false });
    expect(await balanceOf(t, user.id)).toBe(25);
    expect(await ledgerOf(t, user.id)).toHaveLength(1);
  });

  it('escapes everything it prints on the checkout page', () => {
    const html = renderCheckoutPage({
      merchant: '<script>alert(1)</script>',
      subject: '"60"<b>',
      order: {
        orderId: '20261122120000123456',
        packId: 1,
        provider: 'sandbox',
        providerName: '沙箱支付',
        amount: 600,
        diamonds: 60,
        status: 'created',
        statusText: '待支付',
        createTime: '',
        paidTime: null,
        expireTime: '',
      },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;60&quot;&lt;b&gt;');
    expect(html).toContain('¥6.00');
  });
});
