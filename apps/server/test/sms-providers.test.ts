import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';
import { expectWarnLog } from './helpers/logs.ts';
import { type SmsFake, startAliyunSmsFake, startTencentSmsFake } from './helpers/vendors/sms-endpoints.ts';

let phoneSeq = 0;
const freshPhone = () =>
  `137${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

const ALIYUN = {
  accessKeyId: 'LTAI5tTestAccessKey01',
  accessKeySecret: 'aliyunSecretForTests0123456789ab',
  signName: '蓝钻乐园',
  templateCode: 'SMS_465320001',
};
const TENCENT = {
  secretId: 'AKIDtestSecretId0123456789abcdef',
  secretKey: 'tencentSecretKey0123456789abcdef',
  sdkAppId: '1400787878',
  signName: '蓝钻乐园',
  templateId: '1919191',
};

describeDialects('sms through Aliyun and Tencent Cloud', (dialect) => {
  let t: TestApp;
  let aliyun: SmsFake;
  let tencent: SmsFake;

  beforeAll(async () => {
    let now = () => Date.now();
    aliyun = await startAliyunSmsFake({ ...ALIYUN, now: () => now() });
    tencent = await startTencentSmsFake({ ...TENCENT, now: () => now() });
    t = await createTestApp(dialect, {
      SMS_PROVIDER: 'aliyun,tencent',
      SMS_TIMEOUT_MS: '400',
      ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: ALIYUN.signName,
      ALIYUN_SMS_TEMPLATE_CODE: ALIYUN.templateCode,
      ALIYUN_SMS_ENDPOINT: aliyun.url,
      TENCENT_SMS_SECRET_ID: TENCENT.secretId,
      TENCENT_SMS_SECRET_KEY: TENCENT.secretKey,
      TENCENT_SMS_SDK_APP_ID: TENCENT.sdkAppId,
      TENCENT_SMS_SIGN_NAME: TENCENT.signName,
      TENCENT_SMS_TEMPLATE_ID: TENCENT.templateId,
      TENCENT_SMS_ENDPOINT: tencent.url,
    });
    now = () => t.clock.now();
  });
  afterAll(async () => {
    await t.close();
    await aliyun.close();
    await tencent.close();
  });

  const requestCode = (phone: string) =>
    postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': randomIp(),
    });
  const login = (phone: string, code: string) =>
    postForm(t.app, '/api/user/loginWithPhone', { phone, code }, undefined, {
      'x-forwarded-for': randomIp(),
    });
  const rows = (phone: string) =>
    t.deps.db.kysely.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute();

  it('sends the code through Aliyun with a signature Aliyun accepts, and the code logs in', async () => {
    const phone = freshPhone();
    const res = await requestCode(phone);
    expect(res).toMatchObject({ code: 0, data: null });
    expect(aliyun.refused).toEqual([]);
    const text = aliyun.sent.find((s) => s.phone === phone);
    expect(text?.params).toEqual({ code: expect.stringMatching(/^\d{6}$/) });
    const code = (text!.params as { code: string }).code;
    expect((await login(phone, code)).code).toBe(0);
    expect(tencent.sent.some((s) => s.phone === `+86${phone}`)).toBe(false);
  });

  it('fails over to Tencent Cloud when Aliyun refuses or does not answer, logging Aliyun’s code', async () => {
    expectWarnLog(
      /sms provider refused the text.*"smsProvider":"aliyun","vendorCode":"isv.AMOUNT_NOT_ENOUGH"/,
    );
    expectWarnLog(/sms provider refused the text.*"smsProvider":"aliyun","vendorCode":"timeout"/);
    for (const script of [{ code: 'isv.AMOUNT_NOT_ENOUGH', message: '账户余额不足' }, 'hang'] as const) {
      const phone = freshPhone();
      aliyun.script.push(script);
      const res = await requestCode(phone);
      expect(res.code).toBe(0);
      const text = tencent.sent.find((s) => s.phone === `+86${phone}`);
      // Tencent's standard verification template: {1} the code, {2} the minutes.
      expect(text?.params).toEqual([expect.stringMatching(/^\d{6}$/), '5']);
      expect((await login(phone, (text!.params as string[])[0])).code).toBe(0);
    }
    expect(tencent.refused).toEqual([]);
  });

  it('tells the user when no provider took the text, and the failed send does not count', async () => {
    expectWarnLog(/"vendorCode":"isv.BUSINESS_LIMIT_CONTROL"/);
    expectWarnLog(/"vendorCode":"LimitExceeded.PhoneNumberThirtySecondLimit"/);
    expectWarnLog(/"vendorCode":"isv.OUT_OF_SERVICE"/);
    expectWarnLog(/"vendorCode":"FailedOperation.InsufficientBalanceInSmsPackage"/);
    const phone = freshPhone();
    aliyun.script.push({ code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发分钟级流控Permits:1' });
    tencent.script.push({ code: 'LimitExceeded.PhoneNumberThirtySecondLimit' });
    const throttled = await requestCode(phone);
    expect(throttled).toMatchObject({ status: 200, code: 1, msg: '该手机号获取验证码过于频繁，请稍后再试' });
    expect(await rows(phone)).toHaveLength(0);

    aliyun.script.push({ code: 'isv.OUT_OF_SERVICE', message: '业务停机' });
    tencent.script.push({ code: 'FailedOperation.InsufficientBalanceInSmsPackage', level: 'request' });
    const down = await requestCode(phone);
    expect(down).toMatchObject({ code: 1, msg: '短信发送失败，请稍后重新获取验证码' });
    expect(await rows(phone)).toHaveLength(0);

    // Neither refused send counts against the one-a-minute rule: asking again at once works.
    const again = await requestCode(phone);
    expect(again.code).toBe(0);
    expect(await rows(phone)).toHaveLength(1);
    const code = (aliyun.sent.find((s) => s.phone === phone)!.params as { code: string }).code;
    expect((await login(phone, code)).code).toBe(0);
  });

  it('says the number cannot take texts, without trying the next provider', async () => {
    expectWarnLog(/"vendorCode":"isv.MOBILE_NUMBER_ILLEGAL"/);
    const phone = freshPhone();
    aliyun.script.push({ code: 'isv.MOBILE_NUMBER_ILLEGAL', message: '非法手机号' });
    const sentBefore = tencent.sent.length;
    const res = await requestCode(phone);
    expect(res).toMatchObject({ code: 1, msg: '该手机号无法接收短信，请检查号码后重新获取' });
    expect(tencent.sent.length).toBe(sentBefore);
  });

  it('keeps the code of a send that timed out everywhere, since the text may still arrive', async () => {
    expectWarnLog(/"smsProvider":"aliyun","vendorCode":"timeout"/);
    expectWarnLog(/"smsProvider":"tencent","vendorCode":"timeout"/);
    const phone = freshPhone();
    aliyun.script.push('hang');
    tencent.script.push('hang');
    const res = await requestCode(phone);
    expect(res).toMatchObject({ code: 1, msg: '短信发送较慢，请稍候查看；若 1 分钟后仍未收到，请重新获取' });
    expect(await rows(phone)).toHaveLength(1);
  });
});

describeDialects('sms signatures the vendors refuse', (dialect) => {
  let t: TestApp;
  let aliyun: SmsFake;
  let tencent: SmsFake;
  beforeAll(async () => {
    aliyun = await startAliyunSmsFake({ ...ALIYUN, now: () => Date.now() });
    tencent = await startTencentSmsFake({ ...TENCENT, now: () => Date.now() });
    // Keys the vendors do not know: each fake recomputes the signature and refuses it.
    t = await createTestApp(dialect, {
      SMS_PROVIDER: 'tencent,aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'notTheSecretAliyunHas0123456789',
      ALIYUN_SMS_SIGN_NAME: ALIYUN.signName,
      ALIYUN_SMS_TEMPLATE_CODE: ALIYUN.templateCode,
      ALIYUN_SMS_ENDPOINT: aliyun.url,
      TENCENT_SMS_SECRET_ID: TENCENT.secretId,
      TENCENT_SMS_SECRET_KEY: 'notTheKeyTencentHas0123456789abc',
      TENCENT_SMS_SDK_APP_ID: TENCENT.sdkAppId,
      TENCENT_SMS_SIGN_NAME: TENCENT.signName,
      TENCENT_SMS_TEMPLATE_ID: TENCENT.templateId,
      TENCENT_SMS_ENDPOINT: tencent.url,
    });
    // The vendors check the time too: the app's clock must be theirs.
    t.clock.advance(Date.now() - t.clock.now());
  });
  afterAll(async () => {
    await t.close();
    await aliyun.close();
    await tencent.close();
  });

  it('is refused by both, and the user is asked to try later', async () => {
    expectWarnLog(/"smsProvider":"tencent","vendorCode":"AuthFailure.SignatureFailure"/);
    expectWarnLog(/"smsProvider":"aliyun","vendorCode":"SignatureDoesNotMatch"/);
    const res = await postForm(
      t.app,
      '/api/user/smsCode',
      { phone: freshPhone(), type: 'login' },
      undefined,
      {
        'x-forwarded-for': randomIp(),
      },
    );
    expect(res).toMatchObject({ code: 1, msg: '短信发送失败，请稍后重新获取验证码' });
    expect(tencent.refused).toEqual(['AuthFailure.SignatureFailure']);
    expect(aliyun.refused).toEqual(['SignatureDoesNotMatch']);
  });
});
