import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, clearBrowser, usePhone } from '../src/fixtures.ts';

describe('the shell at 390×844', () => {
  const phone = usePhone();

  it('shows the bulletin once, and 今日不再提示 hides it for the day', async () => {
    const { page } = phone;
    await clearBrowser(page);
    await page.goto(`${baseUrl()}/`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('发布时间');
    await page.getByLabel('今日不再提示').check();
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog leaves at once; its `close` event, which keeps the choice, comes a task later.
    await expect.poll(() => page.evaluate(() => localStorage.getItem(':not-show'))).toMatch(/^\d{13}$/);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('opens the bulletin with the page, before any of the app’s code, and it works without it', async () => {
    const { page } = phone;
    await clearBrowser(page);
    // None of the app's code arrives: what works is the page the server sent.
    const noCode = (route: Route) => route.fulfill({ status: 404, contentType: 'text/plain', body: '' });
    await page.route('**/assets/*.js', noCode);
    try {
      await page.goto(`${baseUrl()}/profile`);
      const dialog = page.getByRole('dialog');
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain('发布时间');
      // A modal that has the focus.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('boot-bulletin');
      expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem(':popup:bulletin'))).toMatch(/^\d{13}$/);
      await page.getByLabel('今日不再提示').check();
      await page.getByRole('button', { name: '我知道了' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      // The dialog leaves at once; its `close` event, which keeps the choice, comes a task later.
      await expect.poll(() => page.evaluate(() => localStorage.getItem(':not-show'))).toMatch(/^\d{13}$/);
    } finally {
      await page.unroute('**/assets/*.js', noCode);
    }
    // With the app: a quiet day, nothing pops up.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('closes the bulletin with Escape and counts it as seen today, on every page', async () => {
    const { page } = phone;
    await clearBrowser(page);
    await page.goto(`${baseUrl()}/games`);
    const dialog = page.getByRole('dialog');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    // Not a quiet day: only the bulletin is done for today; the next page does not open it again.
    expect(await page.evaluate(() => localStorage.getItem(':not-show'))).toBeNull();
    await page.goto(`${baseUrl()}/novels`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').filter({ hasText: '发布时间' }).count()).toBe(0);
  });

  it('has the five tabs in order, navigates by them, and titles each page', async () => {
    const { page } = phone;
    await asGuest(page);
    const tabs = page.getByRole('navigation', { name: '主导航' }).getByRole('link');
    // The layout renders once the first route's page has loaded.
    await expect.poll(() => tabs.allTextContents()).toEqual(['首页', '广场', '色漫', '游戏', '我的']);
    await expect.poll(() => page.title()).toBe('蓝钻乐园');
    await tabs.filter({ hasText: '游戏' }).click();
    await expect.poll(() => page.url()).toMatch(/\/games$/);
    // The tab bar marks the tab once the lazy page has rendered.
    await expect.poll(() => tabs.filter({ hasText: '游戏' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${baseUrl()}/faq`);
    await expect.poll(() => page.title()).toBe('蓝钻乐园 - 常见问题');
  });

  it('initialises the device with the channel and invite code from the address, and loads the tags', async () => {
    const { page } = phone;
    await clearBrowser(page);
    const init = page.waitForResponse((r) => r.url().endsWith('/api/user/device/init'));
    const tags = page.waitForRequest((r) => r.url().includes('/api/v1/square/tag/list'));
    await page.goto(`${baseUrl()}/?code=ch7&inviteCode=INV123`);
    // Start-up also loads the square's tags (spec §2).
    await tags;
    const answer = await init;
    const body = new URLSearchParams(answer.request().postData() ?? '');
    expect(body.get('appID')).toBe('2008');
    expect(body.get('channelID')).toBe('ch7');
    expect(body.get('inviteCode')).toBe('INV123');
    expect(body.get('deviceID')).toMatch(/^[0-9a-f]{32}$/);
    expect(body.get('deviceType')).toBe('h5');
    expect(body.get('osType')).toBe('3');
    expect(await answer.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { deviceID: body.get('deviceID'), channelID: 'ch7' },
    });
    expect(await page.evaluate(() => localStorage.getItem('inviteCode'))).toBe('INV123');
  });

  it('sends an unknown path to the root', async () => {
    const { page } = phone;
    await asGuest(page, '/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('keeps the column at most 520 px and sets the rem from it', async () => {
    const { page } = phone;
    await asGuest(page);
    // The server's first frame and then the root layout (in an effect) set the rem.
    const rootFontSize = () =>
      page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    await expect.poll(rootFontSize).toBeCloseTo(16 * (390 / 375), 1);
    // The frame's column gives way to the app's as the app commits: measure whichever is there.
    const columnWidth = () =>
      page.evaluate(() => document.querySelector('.app-column')?.getBoundingClientRect().width);
    await expect.poll(columnWidth).toBe(390);
    await page.getByRole('navigation', { name: '主导航' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await columnWidth()).toBe(390);
  });

  it('guards pages that need login and comes back after login', async () => {
    const { page } = phone;
    const user = await apiRegister();
    await asGuest(page, '/user');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/user');
    await page.getByLabel('用户名').fill(user.loginName);
    await page.getByLabel('密码', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user');
    await expect.poll(() => page.title()).toBe('蓝钻乐园 - 个人中心');
    // The guarded page itself, showing the account that just logged in.
    await page.getByText(user.loginName.toLowerCase(), { exact: true }).waitFor();
  });
});
