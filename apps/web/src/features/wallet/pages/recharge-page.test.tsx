import type { PayMethod } from '@ld/contract/wallet';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fakeServer } from '../../../testing/fake-server';
import { userStatus } from '../../../testing/fixtures';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import RechargePage from './recharge-page';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
const empty = { records: [], total: 0, size: 10, current: 1, pages: 0, nextCursor: null };

function server(methods: PayMethod[]) {
  return fakeServer()
    .on('POST /user/center/me', () => userStatus({ coinNum: 120 }))
    .on('GET /v1/wallet/packs', () => [
      { id: 1, price: 600, diamonds: 60, bonus: 0, tag: null },
      { id: 2, price: 3000, diamonds: 300, bonus: 30, tag: '首充推荐' },
    ])
    .on('GET /v1/wallet/pay-methods', () => methods)
    .on('POST /user/center/coin/all', () => empty)
    .on('POST /user/center/coin/order', () => empty);
}

const both: PayMethod[] = [
  { provider: 'alipay', name: '支付宝' },
  { provider: 'wechat', name: '微信支付' },
];

afterEach(() => vi.restoreAllMocks());

describe('蓝钻充值 with real providers', () => {
  it('offers the configured providers with their marks, the first chosen, and pays with the one picked', async () => {
    const fake = server(both).on('POST /order/payInfo', () => ({
      orderId: '20261122120000123456',
      provider: 'wechat',
      amount: 600,
      diamonds: 60,
      payUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1',
    }));
    const { user } = renderApp(<RechargePage />, { at: '/recharge', account: TEST_ACCOUNT, server: fake });
    const group = await screen.findByRole('group', { name: '支付方式' });
    const alipay = within(group).getByRole('radio', { name: '支付宝' });
    const wechat = within(group).getByRole('radio', { name: '微信支付' });
    expect((alipay as HTMLInputElement).checked).toBe(true);
    expect(group.querySelectorAll('svg')).toHaveLength(2);
    await user.click(wechat);
    expect((wechat as HTMLInputElement).checked).toBe(true);
    // jsdom stays on the page; a browser would now open WeChat Pay's checkout.
    await user.click(screen.getByRole('button', { name: '立即充值 ¥6' }));
    await screen.findByRole('button', { name: '正在前往支付…' });
    const [sent] = fake.requestsTo('POST /order/payInfo');
    expect(Object.fromEntries(sent.form)).toEqual({
      packId: '1',
      provider: 'wechat',
      appID: expect.any(String),
    });
  });

  it('inside WeChat says to open the page in the browser and offers to copy the link, with no pay button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const { user } = renderApp(<RechargePage />, {
      at: '/recharge?back=/game/3',
      account: TEST_ACCOUNT,
      server: server(both),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByRole('heading', { name: '请在浏览器中打开后充值' })).toBeTruthy();
    expect(screen.getByText(/微信内无法打开支付宝和微信支付的支付页面。请点击右上角「···」/)).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: /立即充值/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '复制链接' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/recharge?back=%2Fgame%2F3`);
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('复制成功');
  });

  it('keeps the sandbox inside WeChat, since it is the portal’s own page', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    renderApp(<RechargePage />, {
      at: '/recharge',
      account: TEST_ACCOUNT,
      server: server([{ provider: 'sandbox', name: '沙箱支付' }]),
    });
    expect(((await screen.findByRole('radio', { name: '沙箱支付' })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: '立即充值 ¥6' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('请在浏览器中打开后充值')).toBeNull();
  });

  it('says when the payment methods cannot be loaded, and retries', async () => {
    let calls = 0;
    const fake = server(both).on('GET /v1/wallet/pay-methods', () => {
      calls += 1;
      return calls === 1 ? { fail: { code: 500, msg: '服务器内部错误', status: 500 } } : both;
    });
    const { user } = renderApp(<RechargePage />, { at: '/recharge', account: TEST_ACCOUNT, server: fake });
    await user.click(await screen.findByRole('button', { name: /重试|重新加载/ }));
    expect(((await screen.findByRole('radio', { name: '支付宝' })) as HTMLInputElement).checked).toBe(true);
  });
});
