import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { pemBody, rsaPair, selfSignedCert } from './helpers/vendors/keys.ts';

const app = rsaPair();
const alipay = rsaPair();
const merchant = rsaPair();
const wechat = rsaPair();
const API_V3_KEY = 'v3KeyOfThirtyTwoCharacters012345';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-keys-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const alipayEnv = {
  PAY_PROVIDERS: 'alipay',
  PUBLIC_URL: 'https://portal.example',
  ALIPAY_APP_ID: '2021004100000001',
  ALIPAY_PRIVATE_KEY: app.privatePem,
  ALIPAY_PUBLIC_KEY: alipay.publicPem,
};
const wechatEnv = {
  PAY_PROVIDERS: 'wechat',
  PUBLIC_URL: 'https://portal.example',
  WECHATPAY_APP_ID: 'wx8888888888888888',
  WECHATPAY_MCH_ID: '1900009191',
  WECHATPAY_MCH_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000001',
  WECHATPAY_PRIVATE_KEY: merchant.privatePem,
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000091912025112500000000000001',
  WECHATPAY_PUBLIC_KEY: wechat.publicPem,
  WECHATPAY_API_V3_KEY: API_V3_KEY,
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('payment and SMS provider settings', () => {
  it('defaults to the sandbox and the console', () => {
    const config = loadConfig({});
    expect(config.payment.providers).toEqual(['sandbox']);
    expect(config.sms.providers).toEqual(['console']);
  });

  it('keeps PAY_PROVIDER as an alias, and refuses it beside PAY_PROVIDERS naming the new name', () => {
    expect(loadConfig({ PAY_PROVIDER: 'sandbox' }).payment.providers).toEqual(['sandbox']);
    expect(problemsOf({ PAY_PROVIDER: 'sandbox', PAY_PROVIDERS: 'sandbox' })).toContain(
      'PAY_PROVIDER: 已改名为 PAY_PROVIDERS，请只设置 PAY_PROVIDERS',
    );
  });

  it('refuses unknown providers, and the sandbox beside a real one', () => {
    expect(problemsOf({ PAY_PROVIDERS: 'alipay,paypal' })).toContain(
      'PAY_PROVIDERS: 须为 alipay、wechat、sandbox',
    );
    expect(problemsOf({ ...alipayEnv, PAY_PROVIDERS: 'alipay,sandbox' })).toContain(
      'PAY_PROVIDERS: sandbox 不收钱，不能与真实支付渠道同时启用',
    );
    expect(problemsOf({ SMS_PROVIDER: 'aliyun,console' })).toContain('SMS_PROVIDER:');
  });

  it('reads Alipay keys as PKCS#8 or PKCS#1 PEM text, bare base64, or a _FILE path', () => {
    fs.writeFileSync(path.join(dir, 'app.pem'), app.privatePkcs1Pem);
    for (const env of [
      alipayEnv,
      { ...alipayEnv, ALIPAY_PRIVATE_KEY: app.privatePkcs1Pem },
      {
        ...alipayEnv,
        ALIPAY_PRIVATE_KEY: pemBody(app.privatePem),
        ALIPAY_PUBLIC_KEY: pemBody(alipay.publicPem),
      },
      { ...alipayEnv, ALIPAY_PRIVATE_KEY: '', ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem') },
    ]) {
      const config = loadConfig(env);
      expect(config.payment.alipay?.privateKey.asymmetricKeyType).toBe('rsa');
      expect(config.payment.alipay?.gateway).toBe('https://openapi.alipay.com/gateway.do');
    }
  });

  it('stops on a missing or broken key, naming it and never echoing it', () => {
    const message = problemsOf({
      ...alipayEnv,
      ALIPAY_PRIVATE_KEY: app.privatePem.replace(/[A-Za-z]{20}/, 'X'.repeat(20)),
      ALIPAY_PUBLIC_KEY: '',
    });
    expect(message).toContain('ALIPAY_PRIVATE_KEY: 不是可用的 RSA 私钥');
    expect(message).toContain('ALIPAY_PUBLIC_KEY: 未设置');
    expect(message).not.toContain(pemBody(app.privatePem).slice(30, 60));

    const wechatProblems = problemsOf({
      ...wechatEnv,
      WECHATPAY_API_V3_KEY: 'short',
      WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem'),
      WECHATPAY_PRIVATE_KEY: '',
      WECHATPAY_PUBLIC_KEY_ID: 'KEY1',
    });
    expect(wechatProblems).toContain('WECHATPAY_API_V3_KEY: 须为 32 个字符的 APIv3 密钥');
    expect(wechatProblems).toContain(
      `WECHATPAY_PRIVATE_KEY_FILE: 无法读取文件 ${path.join(dir, 'missing.pem')} (ENOENT)`,
    );
    expect(wechatProblems).toContain('WECHATPAY_PUBLIC_KEY_ID: 须为 PUB_KEY_ID_ 开头');
    expect(wechatProblems).not.toContain('short');

    expect(problemsOf({ ...alipayEnv, PUBLIC_URL: '' })).toContain('PUBLIC_URL: 启用真实支付渠道时必填');
    expect(problemsOf({ ...wechatEnv, PUBLIC_URL: 'http://portal.example' })).toContain(
      'PUBLIC_URL: 启用微信支付时须为 https:// 地址',
    );
    expect(problemsOf({ ...alipayEnv, ALIPAY_PRIVATE_KEY_FILE: path.join(dir, 'app.pem') })).toContain(
      '不能同时设置 ALIPAY_PRIVATE_KEY 和 ALIPAY_PRIVATE_KEY_FILE',
    );
    expect(problemsOf({ SMS_PROVIDER: 'aliyun' })).toMatch(
      /ALIYUN_SMS_ACCESS_KEY_ID: 未设置[\s\S]*ALIYUN_SMS_ACCESS_KEY_SECRET: 未设置[\s\S]*ALIYUN_SMS_SIGN_NAME: 未设置[\s\S]*ALIYUN_SMS_TEMPLATE_CODE: 未设置/,
    );
  });

  it('needs a WeChat Pay public key or platform certificates to check notifies', () => {
    const { WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_PUBLIC_KEY, ...withoutKey } = wechatEnv;
    expect(problemsOf(withoutKey)).toContain('WECHATPAY_PUBLIC_KEY: 未设置：验证微信支付通知需要');
    const platform = rsaPair();
    const cert = selfSignedCert(platform, 'Tenpay.com Root CA');
    const config = loadConfig({ ...withoutKey, WECHATPAY_PLATFORM_CERTS: cert.pem });
    expect(config.payment.wechat?.publicKey).toBeNull();
    expect(config.payment.wechat?.platformCerts.size).toBe(1);
  });

  it('prints secrets as [secret] wherever a config object is shown', () => {
    const config = loadConfig({
      ...wechatEnv,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tTestAccessKey01',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'aliyunSecretForTests0123456789ab',
      ALIYUN_SMS_SIGN_NAME: '蓝钻乐园',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_465320001',
    });
    for (const shown of [
      JSON.stringify(config),
      inspect(config, { depth: 10 }),
      String(config.payment.wechat?.apiV3Key),
    ]) {
      expect(shown).not.toContain(API_V3_KEY);
      expect(shown).not.toContain('aliyunSecretForTests0123456789ab');
      expect(shown).not.toContain(pemBody(merchant.privatePem).slice(30, 60));
    }
    expect(config.payment.wechat?.apiV3Key.reveal()).toBe(API_V3_KEY);
  });
});
