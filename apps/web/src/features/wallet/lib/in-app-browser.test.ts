import { describe, expect, it } from 'vitest';
import { isWechatBrowser, usableMethods } from './in-app-browser';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const all = [
  { provider: 'alipay' as const, name: '支付宝' },
  { provider: 'wechat' as const, name: '微信支付' },
];

describe('payment inside WeChat', () => {
  it('knows WeChat’s browser by its user agent', () => {
    expect(isWechatBrowser(WECHAT_UA)).toBe(true);
    expect(isWechatBrowser(SAFARI_UA)).toBe(false);
  });

  it('offers neither Alipay nor WeChat Pay H5 inside WeChat, and both elsewhere', () => {
    expect(usableMethods(all, SAFARI_UA)).toEqual(all);
    expect(usableMethods(all, WECHAT_UA)).toEqual([]);
    expect(usableMethods([...all, { provider: 'sandbox', name: '沙箱支付' }], WECHAT_UA)).toEqual([
      { provider: 'sandbox', name: '沙箱支付' },
    ]);
  });
});
