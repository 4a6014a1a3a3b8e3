import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../src/modules/wallet/reconcile.ts';
import { describeDialects, postForm, randomIp } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { balanceOf, createUser } from './helpers/money.ts';
import { createPaymentApp, newOrder, type PaymentApp } from './helpers/payments.ts';
import { type AlipayFake, startAlipayFake } from './helpers/vendors/alipay-gateway.ts';
import { pemBody, rsaPair } from './helpers/vendors/keys.ts';
import { type SmsFake, startAliyunSmsFake } from './helpers/vendors/sms-endpoints.ts';
import { startWechatFake, type WechatFake } from './helpers/vendors/wechat-pay-api.ts';

const ALIPAY_APP_ID = '2021004100000002';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000091912025112500000000000002';
const MCH_SERIAL = '3775B6A45ACD588826D15E583A95F5DD00000002';
const SMS_SECRET = `sms${randomBytes(12).toString('hex')}`;

// A full day of payments and texts with every log line kept, at the most talkative level, then
// searched for the keys: they must appear in no log line, no answer and no API document.
describeDialects('payment keys stay secret', (dialect) => {
  const alipayApp = rsaPair();
  const alipay = rsaPair();
  const merchant = rsaPair();
  const wechatPublic = rsaPair();
  const apiV3Key = randomBytes(16).toString('hex');
  const logs: string[] = [];
  const answers: string[] = [];
  let t: PaymentApp;
  let alipayFake: AlipayFake;
  let wechatFake: WechatFake;
  let sms: SmsFake;

  beforeAll(async () => {
    let now = () => Date.now();
    alipayFake = await startAlipayFake({
      appId: ALIPAY_APP_ID,
      appPublicKey: alipayApp.publicKey,
      alipay,
      now: () => now(),
    });
    wechatFake = await startWechatFake({
      appId: 'wx8888888888888888',
      mchId: '1900009191',
      mchSerial: MCH_SERIAL,
      merchantPublicKey: merchant.publicKey,
      apiV3Key,
      publicKey: { serial: PUBLIC_KEY_ID, key: wechatPublic.privateKey },
      platform: { serial: 'NOPLATFORMCERT', key: wechatPublic.privateKey },
      now: () => now(),
    });
    sms = await startAliyunSmsFake({
      accessKeyId: 'LTAI5tTestAccessKey02',
      accessKeySecret: SMS_SECRET,
      signName: '蓝钻乐园',
      templateCode: 'SMS_465320002',
      now: () => now(),
    });
    t = await createPaymentApp(
      dialect,
      {
        LOG_LEVEL: 'trace',
        PAY_PROVIDERS: 'alipay,wechat',
        ALIPAY_APP_ID,
        ALIPAY_PRIVATE_KEY: alipayApp.privatePem,
        ALIPAY_PUBLIC_KEY: alipay.publicPem,
        ALIPAY_GATEWAY: alipayFake.gateway,
        WECHATPAY_APP_ID: 'wx8888888888888888',
        WECHATPAY_MCH_ID: '1900009191',
        WECHATPAY_MCH_SERIAL: MCH_SERIAL,
        WECHATPAY_PRIVATE_KEY: merchant.privatePem,
        WECHATPAY_PUBLIC_KEY_ID: PUBLIC_KEY_ID,
        WECHATPAY_PUBLIC_KEY: wechatPublic.publicPem,
        WECHATPAY_API_V3_KEY: apiV3Key,
        WECHATPAY_BASE_URL: wechatFake.url,
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestAccessKey02',
        ALIYUN_SMS_ACCESS_KEY_SECRET: SMS_SECRET,
        ALIYUN_SMS_SIGN_NAME: '蓝钻乐园',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_465320002',
        ALIYUN_SMS_ENDPOINT: sms.url,
      },
      { captureLogs: logs },
    );
    now = () => t.clock.now();
    alipayFake.portalOrigin = t.origin;
    wechatFake.portalOrigin = t.origin;
  });
  afterAll(async () => {
    await t.close();
    await alipayFake.close();
    await wechatFake.close();
    await sms.close();
  });

  it('never writes a key to a log line, an answer or the API document', async () => {
    expectWarnLog('payment checkout failed');
    expectWarnLog(/payment notify refused \{"reason":"bad signature"/);
    expectWarnLog(/payment notify refused \{"reason":"resource does not decrypt"/);
    expectWarnLog(/sms provider refused the text/);
    const keep = (text: string) => answers.push(text);
    const user = await createUser(t);

    // Alipay: pay, and a forged notify.
    const ali = await newOrder(t, user, 'alipay');
    keep(JSON.stringify(ali));
    await fetch(ali.payUrl);
    await alipayFake.pay(ali.orderId);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/alipay',
      payload: alipayFake.notifyFor(
        alipayFake.trades.get(ali.orderId)!,
        { total_amount: '1.00' },
        rsaPair().privateKey,
      ),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    keep(forged.body);

    // WeChat Pay: pay, a notify under another APIv3 key, a checkout that fails, a lost notify.
    const wx = await newOrder(t, user, 'wechat');
    keep(JSON.stringify(wx));
    await wechatFake.pay(wx.orderId);
    const wrongKey = wechatFake.notifyFor(wechatFake.transactions.get(wx.orderId)!, {
      apiV3Key: randomBytes(16).toString('hex'),
    });
    keep(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/pay/notify/wechat',
          payload: wrongKey.body,
          headers: wrongKey.headers,
        })
      ).body,
    );
    wechatFake.breakAnswerSignatures = true;
    const failed = await postForm(
      t.app,
      '/api/order/payInfo',
      { packId: t.packs[0].id, provider: 'wechat' },
      user,
    );
    wechatFake.breakAnswerSignatures = false;
    expect(failed).toMatchObject({ code: 1, msg: '微信支付暂时无法发起支付，请稍后再试或换一种支付方式' });
    keep(JSON.stringify(failed.data) + failed.msg);
    const lost = await newOrder(t, user, 'wechat', 0);
    wechatFake.dropNotifies = true;
    await wechatFake.pay(lost.orderId);
    wechatFake.dropNotifies = false;
    t.clock.advance(3 * 60_000);
    await reconcileOrders(t.deps);
    expect(await balanceOf(t, user.id)).toBe(330 + 330 + 60);

    // SMS: one sent, one refused.
    const phone = `136${String(Date.now()).slice(-8)}`;
    const sendCode = async () => {
      const res = await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
        'x-forwarded-for': randomIp(),
      });
      keep(res.raw.body);
      return res;
    };
    expect((await sendCode()).code).toBe(0);
    sms.script.push({ code: 'isv.AMOUNT_NOT_ENOUGH' });
    t.clock.advance(61_000);
    expect((await sendCode()).code).toBe(1);

    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    keep(docs.body);

    const everything = `${logs.join('\n')}\n${answers.join('\n')}`;
    // The logs are really there, at every level, with the requests in them.
    expect(logs.length).toBeGreaterThan(20);
    expect(everything).toContain('/api/v1/pay/notify/wechat');
    for (const [name, secret] of [
      ['Alipay app key', pemBody(alipayApp.privatePem)],
      ['WeChat Pay merchant key', pemBody(merchant.privatePem)],
    ] as const) {
      // Any 40-character stretch of the key would be a leak.
      for (let at = 0; at + 40 <= secret.length; at += 200) {
        expect(everything.includes(secret.slice(at, at + 40)), `${name} at ${at}`).toBe(false);
      }
    }
    expect(everything.includes(apiV3Key), 'APIv3 key').toBe(false);
    expect(everything.includes(SMS_SECRET), 'SMS secret').toBe(false);
  });
});
