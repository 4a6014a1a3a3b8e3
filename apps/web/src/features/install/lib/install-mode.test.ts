import { describe, expect, it } from 'vitest';
import { type BrowserFacts, installGuide, installMode } from './install-mode';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_WECHAT = `${ANDROID_CHROME} XWEB/1160065 MMWEBSDK/20240404 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`;
const IPHONE_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI Language/zh_CN';
const IPHONE_QQ = `${IPHONE_SAFARI} QQ/9.0.60.611 V1_IPH_SQ_9.0.60_1_APP_A Pixel/1170`;
const ANDROID_QQ_BROWSER = `${ANDROID_CHROME} MQQBrowser/15.3`;

const facts = (over: Partial<BrowserFacts>): BrowserFacts => ({
  userAgent: ANDROID_CHROME,
  standalone: false,
  canPrompt: false,
  maxTouchPoints: 5,
  ...over,
});

describe('installMode', () => {
  it('offers nothing in the installed app, whatever the browser', () => {
    expect(installMode(facts({ standalone: true, canPrompt: true })).kind).toBe('installed');
    expect(installMode(facts({ standalone: true, userAgent: IPHONE_SAFARI })).kind).toBe('installed');
  });

  it('sends WeChat and other apps’ browsers to the phone’s browser first, even with an offer', () => {
    expect(installMode(facts({ userAgent: ANDROID_WECHAT, canPrompt: true }))).toEqual({
      kind: 'in-app',
      app: '微信',
    });
    expect(installMode(facts({ userAgent: IPHONE_WECHAT }))).toEqual({ kind: 'in-app', app: '微信' });
    expect(installMode(facts({ userAgent: IPHONE_QQ }))).toEqual({ kind: 'in-app', app: 'QQ' });
    // QQ Browser is a browser of its own, not QQ's in-app one.
    expect(installMode(facts({ userAgent: ANDROID_QQ_BROWSER })).kind).toBe('other');
  });

  it('uses the browser’s own dialog when it offered one', () => {
    expect(installMode(facts({ canPrompt: true })).kind).toBe('prompt');
  });

  it('guides iOS (iPadOS too, which calls itself a Mac) through 分享', () => {
    expect(installMode(facts({ userAgent: IPHONE_SAFARI })).kind).toBe('ios');
    expect(installMode(facts({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).kind).toBe('ios');
    expect(installMode(facts({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).kind).toBe('other');
  });

  it('falls back to the browser’s menu elsewhere', () => {
    expect(installMode(facts({})).kind).toBe('other');
  });
});

describe('installGuide', () => {
  it('names the app and sends the reader to the browser inside an app', () => {
    const guide = installGuide({ kind: 'in-app', app: '微信' });
    expect(guide?.lead).toContain('微信内的浏览器不能添加到主屏幕');
    expect(guide?.steps.join('')).toContain('在浏览器中打开');
  });

  it('walks iOS through 分享 → 添加到主屏幕', () => {
    const steps = installGuide({ kind: 'ios' })?.steps.join('') ?? '';
    expect(steps.indexOf('分享')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('分享')).toBeLessThan(steps.indexOf('添加到主屏幕'));
  });

  it('has no guide where the browser’s dialog or the installed app does the job', () => {
    expect(installGuide({ kind: 'prompt' })).toBeNull();
    expect(installGuide({ kind: 'installed' })).toBeNull();
  });
});
