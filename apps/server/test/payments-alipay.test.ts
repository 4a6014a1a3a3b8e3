import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../src/modules/wallet/reconcile.ts';
import { call, describeDialects } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { balanceOf, createUser, ledgerOf } from './helpers/money.ts';
import { createPaymentApp, newOrder, orderRow, type PaymentApp, PUBLIC_URL } from './helpers/payments.ts';
import { type AlipayFake, startAlipayFake } from './helpers/vendors/alipay-gateway.ts';
import { rsaPair } from './helpers/vendors/keys.ts';

const APP_ID = '2021004100000001';
const NOTIFY = '/api/v1/pay/notify/alipay';

describeDialects('alipay', (dialect) => {
  const app = rsaPair();
  const alipay = rsaPair();
  const stranger = rsaPair();
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-alipay-'));
  let t: PaymentApp;
  let fake: AlipayFake;

  beforeAll(async () => {
    // The app key as Alipay's key tool writes "PKCS1" and from a file; Alipay's key as PEM text.
    fs.writeFileSync(path.join(keyDir, 'app.pem'), app.privatePkcs1Pem);
    let now = () => Date.now();
    fake = await startAlipayFake({ appId: APP_ID, appPublicKey: app.publicKey, alipay, now: () => now() });
    t = await createPaymentApp(dialect, {
      PAY_PROVIDERS: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY_FILE: path.join(keyDir, 'app.pem'),
      ALIPAY_PUBLIC_KEY: alipay.publicPem,
      ALIPAY_GATEWAY: fake.gateway,
    });
    now = () => t.clock.now();
    fake.portalOrigin = t.origin;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const notify = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: NOTIFY,
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });

  /** Opens the checkout as the buyer's browser would: a GET of the signed URL at the gateway. */
  async function openCheckout(payUrl: string) {
    const page = await fetch(payUrl);
    return page.text();
  }

  it('offers Alipay and answers a checkout URL the gateway accepts', async () => {
    const methods = await call(t.app, 'GET', '/api/v1/wallet/pay-methods');
    expect(methods.data).toEqual([{ provider: 'alipay', name: '支付宝' }]);
    const user = await createUser(t);
    const order = await newOrder(t, user);
    expect(order.provider).toBe('alipay');
    expect(order.payUrl.startsWith(`${fake.gateway}?`)).toBe(true);
    const url = new URL(order.payUrl);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('notify_url')).toBe(`${PUBLIC_URL}${NOTIFY}`);
    expect(url.searchParams.get('return_url')).toBe(`${PUBLIC_URL}/api/v1/pay/return/${order.orderId}`);
    const biz = JSON.parse(url.searchParams.get('biz_content') ?? '{}');
    expect(biz).toMatchObject({
      out_trade_no: order.orderId,
      total_amount: '30.00',
      subject: '330蓝钻',
      product_code: 'QUICK_WAP_WAY',
      // Our 30 minutes, in Beijing time: 04:00Z + 30 min = 12:30 in Shanghai.
      time_expire: '2026-11-22 12:30:00',
    });
    const page = await openCheckout(order.payUrl);
    expect(page).toContain('￥30.00');
    expect(page).toContain('确认付款');
    expect(fake.refused).toEqual([]);

    // The gateway does check: the same URL with another amount fails its signature check.
    const forged = new URL(order.payUrl);
    forged.searchParams.set('biz_content', JSON.stringify({ ...biz, total_amount: '0.01' }));
    expect(await openCheckout(forged.toString())).toContain('invalid-signature');
    expect(fake.refused.pop()).toEqual({ method: 'alipay.trade.wap.pay', subCode: 'isv.invalid-signature' });
  });

  it('credits once when the buyer pays: the notify is answered success and the return leads to the result page', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user);
    await openCheckout(order.payUrl);
    const back = await fake.pay(order.orderId);
    expect(fake.notifyAnswers.at(-1)).toBe('success');
    expect(await balanceOf(t, user.id)).toBe(330);
    const row = await orderRow(t, order.orderId);
    expect(row).toMatchObject({ status: 'credited', txn_id: fake.trades.get(order.orderId)?.tradeNo });

    const returned = await t.app.inject({
      method: 'GET',
      url: new URL(back).pathname + new URL(back).search,
    });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/recharge?orderId=${order.orderId}`);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data).toMatchObject({ status: 'credited', provider: 'alipay', providerName: '支付宝' });
  });

  it('refuses forged and foreign notifies, credits nothing, and answers failure', async () => {
    for (const reason of [
      'bad signature',
      'missing signature',
      'app_id differs',
      'amount differs from the order',
      'unknown order',
    ]) {
      expectWarnLog(`payment notify refused {"reason":"${reason}","provider":"alipay"}`);
    }
    const user = await createUser(t);
    const order = await newOrder(t, user);
    await openCheckout(order.payUrl);
    const trade = fake.trades.get(order.orderId)!;
    const good = fake.notifyFor(trade);
    const tampered = good.replace('total_amount=30.00', 'total_amount=3000.00');
    const answers = [
      // Signed, then the amount changed on the way: the signature no longer matches.
      await notify(tampered),
      // Signed by someone who is not Alipay.
      await notify(fake.notifyFor(trade, {}, stranger.privateKey)),
      await notify(good.replace(/&?sign=[^&]+/, '')),
      // Genuinely signed, but for another merchant's app.
      await notify(fake.notifyFor(trade, { app_id: '2021009999999999' })),
      // Genuinely signed, for a different amount than the order's.
      await notify(fake.notifyFor(trade, { total_amount: '6.00', receipt_amount: '6.00' })),
      await notify(fake.notifyFor({ ...trade, outTradeNo: '20261122000000999999' })),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toBe('failure');
    }
    expect(await balanceOf(t, user.id)).toBe(0);
    expect((await orderRow(t, order.orderId)).status).toBe('created');

    // A genuine TRADE_CLOSED notify is acknowledged and credits nothing.
    const closed = await notify(fake.notifyFor(trade, { trade_status: 'TRADE_CLOSED' }));
    expect(closed.body).toBe('success');
    expect(await balanceOf(t, user.id)).toBe(0);
  });

  it('answers success to 100 concurrent replays of a genuine notify and credits once', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user);
    await openCheckout(order.payUrl);
    const trade = fake.trades.get(order.orderId)!;
    trade.status = 'TRADE_SUCCESS';
    const body = fake.notifyFor(trade);
    // Over real HTTP, all at once, so the first delivery races its duplicates for the row lock.
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${t.origin}${NOTIFY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body,
        }).then(async (r) => `${r.status} ${await r.text()}`),
      ),
    );
    expect(new Set(answers)).toEqual(new Set(['200 success']));
    expect(await balanceOf(t, user.id)).toBe(330);
    expect(await ledgerOf(t, user.id)).toHaveLength(1);
  });

  it('credits a payment whose notify was lost, when the job asks Alipay', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user);
    await openCheckout(order.payUrl);
    fake.dropNotifies = true;
    try {
      await fake.pay(order.orderId);
    } finally {
      fake.dropNotifies = false;
    }
    expect(await balanceOf(t, user.id)).toBe(0);
    // Not yet: a notify usually comes within seconds, so the job waits a couple of minutes.
    expect((await reconcileOrders(t.deps)).credited).toBe(0);
    expect(fake.calls.filter((c) => c === 'alipay.trade.query')).toHaveLength(0);
    t.clock.advance(3 * 60_000);
    expect((await reconcileOrders(t.deps)).credited).toBe(1);
    expect(await balanceOf(t, user.id)).toBe(330);
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'credited',
      provider_state: 'TRADE_SUCCESS',
      provider_checked_at: t.clock.now(),
    });
    // The notify that arrives after all credits nothing more.
    expect((await notify(fake.notifyFor(fake.trades.get(order.orderId)!))).body).toBe('success');
    expect(await ledgerOf(t, user.id)).toHaveLength(1);
  });

  it('closes an unpaid order at Alipay when it expires, and one never opened without asking Alipay to', async () => {
    const user = await createUser(t);
    const opened = await newOrder(t, user);
    await openCheckout(opened.payUrl);
    const neverOpened = await newOrder(t, user, undefined, 0);
    t.clock.advance(10 * 60_000);
    await reconcileOrders(t.deps);
    expect(await orderRow(t, opened.orderId)).toMatchObject({
      status: 'created',
      provider_state: 'WAIT_BUYER_PAY',
    });
    expect(await orderRow(t, neverOpened.orderId)).toMatchObject({ provider_state: 'ACQ.TRADE_NOT_EXIST' });
    // Past its time, the order stays open here until Alipay has closed it (the sweep leaves it).
    t.clock.advance(21 * 60_000);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${opened.orderId}`, { account: user });
    expect(mine.data).toMatchObject({ status: 'created', statusText: '支付结果确认中' });
    t.clock.advance(60_000);
    expect(fake.calls).not.toContain('alipay.trade.close');
    const result = await reconcileOrders(t.deps);
    // This test's two orders, and the unpaid ones the earlier tests left (each opened at Alipay).
    expect(result.closed).toBeGreaterThanOrEqual(2);
    expect(fake.trades.get(opened.orderId)?.status).toBe('TRADE_CLOSED');
    expect(fake.calls.filter((c) => c === 'alipay.trade.close')).toHaveLength(result.closed - 1);
    expect((await orderRow(t, opened.orderId)).status).toBe('closed');
    expect((await orderRow(t, neverOpened.orderId)).status).toBe('closed');
    expect(await balanceOf(t, user.id)).toBe(0);
  });
});
