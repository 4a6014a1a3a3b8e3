import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      appId: 2008,
      appTitle: '蓝钻乐园',
      currencyName: '蓝钻',
      sms: { providers: ['console'], aliyun: null, tencent: null },
      payment: { providers: ['sandbox'], alipay: null, wechat: null },
      devInbox: false,
      trustProxy: false,
      rateLimit: true,
      scryptN: 2 ** 17,
      publicUrl: 'http://localhost:8080',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names every bad value at once', () => {
    let message = '';
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMS_PROVIDER: 'twilio',
        DEV_INBOX: 'yes',
        BUSINESS_EMAIL: 'nope',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SMS_PROVIDER', 'DEV_INBOX', 'BUSINESS_EMAIL']) {
      expect(message).toContain(name);
    }
  });

  it('reads the client config keys and the providers', () => {
    const config = loadConfig({
      BUNDLE_URL: 'https://cdn.example.com/app.apk',
      PHONE_LOGIN_AUTO_REGISTER: '0',
      REDIS_URL: 'redis://127.0.0.1:6379',
      DATABASE_URL: 'postgres://u@h/db',
    });
    expect(config.bundleUrl).toBe('https://cdn.example.com/app.apk');
    expect(config.phoneLoginAutoRegister).toBe('0');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.databaseUrl).toBe('postgres://u@h/db');
  });

  it('refuses a scrypt cost below 2^14', () => {
    expect(() => loadConfig({ SCRYPT_LOG_N: '10' })).toThrow(/SCRYPT_LOG_N/);
  });
});
