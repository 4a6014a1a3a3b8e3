import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../src/modules/wallet/reconcile.ts';
import { call, describeDialects, postForm } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { balanceOf, createUser, ledgerOf } from './helpers/money.ts';
import { createPaymentApp, newOrder, orderRow, type PaymentApp, PUBLIC_URL } from './helpers/payments.ts';
import { rsaPair, selfSignedCert } from './helpers/vendors/keys.ts';
import { startWechatFake, type WechatFake } from './helpers/vendors/wechat-pay-api.ts';

const APP_ID = 'wx8888888888888888';
const MCH_ID = '1900009191';
const MCH_SERIAL = '3775B6A45ACD588826D15E583A95F5DD00000001';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025112500000000000001';
const NOTIFY = '/api/v1/pay/notify/wechat';

describeDialects('wechat pay', (dialect) => {
  const merchant = rsaPair();
  const wechatPublic = rsaPair();
  const platformPair = rsaPair();
  const platformCert = selfSignedCert(platformPair, 'Tenpay.com Root CA');
  const stranger = rsaPair();
  const apiV3Key = randomBytes(16).toString('hex');
  let t: PaymentApp;
  let fake: WechatFake;

  beforeAll(async () => {
    let now = () => Date.now();
    fake = await startWechatFake({
      appId: APP_ID,
      mchId: MCH_ID,
      mchSerial: MCH_SERIAL,
      merchantPublicKey: merchant.publicKey,
      apiV3Key,
      publicKey: { serial: PUBLIC_KEY_ID, key: wechatPublic.privateKey },
      platform: { serial: platformCert.serial, key: platformPair.privateKey },
      now: () => now(),
    });
    t = await createPaymentApp(dialect, {
      PAY_PROVIDERS: 'wechat',
      WECHATPAY_APP_ID: APP_ID,
      WECHATPAY_MCH_ID: MCH_ID,
      WECHATPAY_MCH_SERIAL: MCH_SERIAL,
      WECHATPAY_PRIVATE_KEY: merchant.privatePem,
      WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
      WECHATPAY_PUBLIC_KEY: wechatPublic.publicPem,
      // Both paths: merchants moving from platform certificates to the public key get notifies signed either way.
      WECHATPAY_PLATFORM_CERTS: platformCert.pem,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_BASE_URL: fake.url,
    });
    now = () => t.clock.now();
    fake.portalOrigin = t.origin;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const notify = (notice: { headers: Record<string, string>; body: string }) =>
    t.app.inject({ method: 'POST', url: NOTIFY, payload: notice.body, headers: notice.headers });

  it('orders H5 payment with a signed request and answers the h5_url with the return address', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    expect(fake.refused).toEqual([]);
    const tx = fake.transactions.get(order.orderId);
    expect(tx).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      total: 3000,
      description: '330蓝钻',
      notify_url: `${PUBLIC_URL}${NOTIFY}`,
      time_expire: '2026-11-22T12:30:00+08:00',
    });
    expect(order.payUrl).toBe(
      `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${order.orderId}&package=1037687096&redirect_url=${encodeURIComponent(`${PUBLIC_URL}/api/v1/pay/return/${order.orderId}`)}`,
    );
  });

  it('credits a payment notified with the public key, answering 204', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    await fake.pay(order.orderId);
    expect(fake.notifyAnswers.at(-1)).toEqual({ status: 204, body: '' });
    expect(await balanceOf(t, user.id)).toBe(330);
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'credited',
      txn_id: fake.transactions.get(order.orderId)?.transaction_id,
    });
  });

  it('credits a payment notified with a platform certificate', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    const tx = fake.transactions.get(order.orderId)!;
    tx.trade_state = 'SUCCESS';
    const answer = await notify(
      fake.notifyFor(tx, { signer: { serial: platformCert.serial, key: platformPair.privateKey } }),
    );
    expect(answer.statusCode).toBe(204);
    expect(await balanceOf(t, user.id)).toBe(330);
  });

  it('refuses forged, stale, foreign and undecryptable notifies with 4xx {code, message} and credits nothing', async () => {
    for (const reason of [
      'bad signature',
      'unknown serial',
      'stale timestamp',
      'resource does not decrypt',
      'mchid differs',
      'appid differs',
      'amount differs from the order',
      'unknown order',
      'missing signature',
    ]) {
      expectWarnLog(`payment notify refused {"reason":"${reason}","provider":"wechat"}`);
    }
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    const tx = fake.transactions.get(order.orderId)!;
    tx.trade_state = 'SUCCESS';
    const good = fake.notifyFor(tx);
    const fixtures = [
      // Signed, then the body altered on the way.
      { ...good, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') },
      // Signed by a key that is not WeChat Pay's, under WeChat Pay's serial.
      fake.notifyFor(tx, { signer: { serial: PUBLIC_KEY_ID, key: stranger.privateKey } }),
      // A serial the portal does not know.
      fake.notifyFor(tx, { serial: 'PUB_KEY_ID_0000000000000000000000000000000000' }),
      // Genuine but six minutes old (a replay from a capture).
      fake.notifyFor(tx, { timestamp: Math.floor(t.clock.now() / 1000) - 360 }),
      // Encrypted under another APIv3 key.
      fake.notifyFor(tx, { apiV3Key: randomBytes(16).toString('hex') }),
      // Genuine, for another merchant or another app.
      fake.notifyFor(tx, { transaction: { mchid: '1900000002' } }),
      fake.notifyFor(tx, { transaction: { appid: 'wx0000000000000002' } }),
      // Genuine, for another amount than the order's.
      fake.notifyFor(tx, { transaction: { amount: { total: 1, payer_total: 1, currency: 'CNY' } } }),
      fake.notifyFor(tx, { transaction: { out_trade_no: '20261122000000999999' } }),
      { ...good, headers: { ...good.headers, 'wechatpay-signature': '' } },
    ];
    for (const fixture of fixtures) {
      const answer = await notify(fixture);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ code: 'FAIL', message: '通知未被接受' });
    }
    expect(await balanceOf(t, user.id)).toBe(0);
    expect((await orderRow(t, order.orderId)).status).toBe('created');
    // A refund notify is genuine but no payment: acknowledged, nothing credited.
    expect((await notify(fake.notifyFor(tx, { event: 'REFUND.SUCCESS' }))).statusCode).toBe(204);
    expect(await balanceOf(t, user.id)).toBe(0);
    // The good one still works.
    expect((await notify(good)).statusCode).toBe(204);
    expect(await balanceOf(t, user.id)).toBe(330);
  });

  it('answers 100 concurrent replays with 204 and credits once', async () => {
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    const tx = fake.transactions.get(order.orderId)!;
    tx.trade_state = 'SUCCESS';
    const notice = fake.notifyFor(tx);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${t.origin}${NOTIFY}`, { method: 'POST', headers: notice.headers, body: notice.body }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(new Set(answers)).toEqual(new Set([204]));
    expect(await balanceOf(t, user.id)).toBe(330);
    expect(await ledgerOf(t, user.id)).toHaveLength(1);
  });

  it('credits a lost notify through the query job, and closes an expired order at WeChat Pay', async () => {
    const user = await createUser(t);
    const paid = await newOrder(t, user, 'wechat');
    const unpaid = await newOrder(t, user, 'wechat', 0);
    fake.dropNotifies = true;
    try {
      await fake.pay(paid.orderId);
    } finally {
      fake.dropNotifies = false;
    }
    t.clock.advance(3 * 60_000);
    const first = await reconcileOrders(t.deps);
    expect(first.credited).toBe(1);
    expect(await balanceOf(t, user.id)).toBe(330);
    expect(await orderRow(t, unpaid.orderId)).toMatchObject({ status: 'created', provider_state: 'NOTPAY' });

    t.clock.advance(29 * 60_000);
    await reconcileOrders(t.deps);
    expect(fake.transactions.get(unpaid.orderId)?.trade_state).toBe('CLOSED');
    expect(fake.calls).toContain('POST /v3/pay/transactions/out-trade-no/close');
    expect((await orderRow(t, unpaid.orderId)).status).toBe('closed');
    expect(await balanceOf(t, user.id)).toBe(330);
  });

  it('trusts no answer whose signature fails, and the return page asks at once', async () => {
    expectWarnLog(/payment provider query failed.*"code":"answer-signature"/);
    const user = await createUser(t);
    const order = await newOrder(t, user, 'wechat');
    fake.transactions.get(order.orderId)!.trade_state = 'SUCCESS';
    fake.breakAnswerSignatures = true;
    try {
      const returned = await t.app.inject({ method: 'GET', url: `/api/v1/pay/return/${order.orderId}` });
      expect(returned.statusCode).toBe(303);
      expect(await balanceOf(t, user.id)).toBe(0);
      expect((await orderRow(t, order.orderId)).provider_state).toBe('error: answer-signature');
    } finally {
      fake.breakAnswerSignatures = false;
    }
    // Ten seconds on, coming back asks again, and this time the answer is genuine.
    t.clock.advance(11_000);
    const again = await t.app.inject({ method: 'GET', url: `/api/v1/pay/return/${order.orderId}` });
    expect(again.headers.location).toBe(`/recharge?orderId=${order.orderId}`);
    expect(await balanceOf(t, user.id)).toBe(330);
    const mine = await call(t.app, 'GET', `/api/v1/wallet/order/${order.orderId}`, { account: user });
    expect(mine.data).toMatchObject({ status: 'credited', providerName: '微信支付' });
  });

  it('refuses a provider that is not configured, naming the field', async () => {
    const user = await createUser(t);
    const res = await postForm(
      t.app,
      '/api/order/payInfo',
      { packId: t.packs[0].id, provider: 'alipay' },
      user,
    );
    expect(res.status).toBe(400);
    expect(res.msg).toBe('provider: 未开通该支付方式，请选择充值页列出的支付方式');
    const bad = await postForm(
      t.app,
      '/api/order/payInfo',
      { packId: t.packs[0].id, provider: 'paypal' },
      user,
    );
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('provider: 须为 alipay、wechat 或 sandbox');
    const orders = await postForm(t.app, '/api/user/center/coin/order', { currentPage: 1 }, user);
    expect(orders.data.total).toBe(0);
  });
});
