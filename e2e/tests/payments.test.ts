import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPhone } from '../src/browser.ts';
import { uniqueName } from '../src/fixtures.ts';
import { type RunningPortal, startPortal } from '../src/server.ts';

const APP_ID = '2021004100000009';

// The fake Alipay gateway of the API tests, loaded by path (the e2e project does not compile the
// server's tests), seen through the little of it this file uses.
interface AlipayFake {
  gateway: string;
  refused: unknown[];
  notifyAnswers: string[];
  close(): Promise<void>;
}
type StartAlipayFake = (options: {
  appId: string;
  appPublicKey: KeyObject;
  alipay: { privateKey: KeyObject };
  now: () => number;
}) => Promise<AlipayFake>;
const FAKE_GATEWAY = path.resolve(
  import.meta.dirname,
  '../../apps/server/test/helpers/vendors/alipay-gateway.ts',
);

function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey,
    publicKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

// A portal of its own, configured for Alipay, paying through a fake Alipay gateway on 127.0.0.1
// that checks the portal's RSA2 signatures, serves a cashier page and sends the signed notify.
describe('recharge through Alipay', () => {
  const app = rsaPair();
  const alipay = rsaPair();
  let fake: AlipayFake;
  let portal: RunningPortal;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const { startAlipayFake } = (await import(FAKE_GATEWAY)) as { startAlipayFake: StartAlipayFake };
    fake = await startAlipayFake({
      appId: APP_ID,
      appPublicKey: app.publicKey,
      alipay,
      now: () => Date.now(),
    });
    portal = await startPortal({
      PAY_PROVIDERS: 'alipay',
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: app.privatePem,
      ALIPAY_PUBLIC_KEY: alipay.publicPem,
      ALIPAY_GATEWAY: fake.gateway,
    });
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await portal?.stop();
    await fake?.close();
  });

  async function phoneAt(userAgent?: string) {
    const phone = await launchPhone(userAgent ? { userAgent } : {});
    closers.push(phone.close);
    const page = phone.context.pages()[0] ?? (await phone.context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  async function loggedIn(page: Page, path: string) {
    const res = await fetch(`${portal.baseUrl}/api/user/registerWithName`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ appID: '2008', loginName: uniqueName('pay'), password: 'secret123' }),
    });
    const account = ((await res.json()) as { data: Record<string, unknown> }).data;
    await page.goto(`${portal.baseUrl}/api/health`);
    await page.evaluate((acc) => {
      localStorage.setItem('ld-account', JSON.stringify({ state: { account: acc }, version: 1 }));
      localStorage.setItem(`${acc.uid}:not-show`, String(Date.now()));
    }, account);
    await page.goto(`${portal.baseUrl}${path}`);
    return account as { uid: string; token: string };
  }

  it('pays 30 yuan on Alipay’s cashier page and comes back to 充值成功, the balance and the statement updated', async () => {
    const { page, errors } = await phoneAt();
    await loggedIn(page, '/recharge');
    const methods = page.getByRole('group', { name: '支付方式' });
    await methods.getByRole('radio', { name: '支付宝' }).waitFor({ state: 'attached' });
    expect(await methods.getByRole('radio', { name: '支付宝' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: /^300蓝钻/ }).click();
    await page.getByRole('button', { name: '立即充值 ¥30' }).click();
    await page.waitForURL((url) => url.href.startsWith(fake.gateway));
    await page.getByText('￥30.00').waitFor();
    expect(fake.refused).toEqual([]);

    await page.getByRole('button', { name: '确认付款' }).click();
    await page.waitForURL(/\/recharge\?orderId=\d{20}$/);
    await page.getByText('充值成功').waitFor({ timeout: 15_000 });
    expect(await page.locator('.recharge-result__amount').textContent()).toBe('+330 蓝钻');
    await expect.poll(() => page.locator('.recharge__coins').textContent()).toBe('330');
    expect(fake.notifyAnswers).toEqual(['success']);

    // The statement: the credit in 收支明细, the order with its provider in 充值订单.
    await page.getByText('充值：330蓝钻').waitFor();
    await page.getByRole('tab', { name: '充值订单' }).click();
    const orderId = new URL(page.url()).searchParams.get('orderId');
    await page.getByText(`支付宝 · 订单号 ${orderId}`).waitFor();
    await page.getByText('已到账').first().waitFor();
    expect(errors).toEqual([]);
    expect(portal.troubleLines()).toEqual([]);
  });

  it('inside WeChat tells the user to open the page in the browser, with the link to copy', async () => {
    const { page, errors } = await phoneAt(WECHAT_UA);
    await loggedIn(page, '/recharge');
    await page.getByRole('heading', { name: '请在浏览器中打开后充值' }).waitFor();
    expect(await page.getByText(/请点击右上角「···」，选择「在浏览器中打开」/).count()).toBe(1);
    expect(await page.getByRole('button', { name: /立即充值/ }).count()).toBe(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.baseUrl });
    await page.getByRole('button', { name: '复制链接' }).click();
    await page.getByText('复制成功').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${portal.baseUrl}/recharge`);
    expect(errors).toEqual([]);
  });
});
