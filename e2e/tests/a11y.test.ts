import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AxeViolation, formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { apiRegister, asGuest, baseUrl, clearBrowser, loginAs, usePhone } from '../src/fixtures.ts';

// Issue 11: axe-core's WCAG 2.1 A/AA rules find no serious or critical violation on any page of
// the route table, as a guest and as the demo user, nor in the popups a user meets (the start-up
// bulletin, the download confirmation, low balance, the membership panel, an error and a success
// toast). One browser and one page for the whole file keeps it quick.

type Account = Awaited<ReturnType<typeof apiRegister>>;

async function api<T>(url: string, body: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ appID: '2008', ...body }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

async function getList<T>(url: string): Promise<T[]> {
  const res = await fetch(`${baseUrl()}/api${url}`);
  const envelope = (await res.json()) as { data: { records: T[] } };
  return envelope.data.records;
}

/** The route names of apps/web/src/app/routes.ts, read as text (it is web code, built by Vite). */
function routeNames(): string[] {
  const file = path.resolve(import.meta.dirname, '../../apps/web/src/app/routes.ts');
  return [...fs.readFileSync(file, 'utf8').matchAll(/meta: \{ name: '(\w+)'/g)].map((m) => m[1]);
}

/** Every route by name, with a path that shows it (ids from the demo content). */
async function routePaths(): Promise<Record<string, string>> {
  const games = (await api<{ records: Array<{ appID: number; buyAmount: number }> }>('/web/game/list'))
    .records;
  const [post] = await getList<{ id: number }>('/v1/square/post/list');
  const books = await getList<{ id: number }>('/v1/novel/list').catch(() => []);
  const book = books[0]?.id ?? 1;
  return {
    home: '/',
    square: '/square',
    animate: '/animate',
    welfare: '/welfare',
    games: '/games',
    profile: '/profile',
    detail: `/detail/${games[0].appID}`,
    login: '/login',
    register: '/register',
    loginOther: '/other',
    findPassword: '/find',
    bindPhone: '/bind',
    resetPwd: '/reset',
    recharge: '/recharge',
    faq: '/faq',
    message: '/message',
    gifts: '/gifts',
    user: '/user',
    business: '/business',
    postpage: '/postpage',
    commenthistory: '/commenthistory',
    readhistory: '/readhistory',
    subscriblist: '/subscriblist',
    readbook: `/readbook/${book}/1`,
    bookmenu: `/bookmenu/${book}`,
    bookinfo: `/bookinfo/${book}`,
    post: `/post/${post.id}`,
    download: '/download',
    checkin: '/checkin',
    activity: '/activity',
  };
}

/** Routes a guest is sent away from to log in (meta `login: true`): scanned as the demo user only. */
const GUARDED = new Set(['findPassword', 'bindPhone', 'resetPwd', 'recharge', 'message', 'gifts', 'user']);

describe('accessibility (axe, WCAG 2.1 A/AA) at 390×844', () => {
  const phone = usePhone({ allowConsole: [/Failed to load resource/] });
  let paths: Record<string, string>;
  let demo: Account;

  beforeAll(async () => {
    paths = await routePaths();
    const login = await api<Omit<Account, 'loginName' | 'password'>>('/user/login', {
      loginName: 'demo',
      password: 'demo123456',
    });
    demo = { ...login, loginName: 'demo', password: 'demo123456' };
    // Animations end at once, so every scan judges the final colours, not a fade.
    await phone.page.emulateMedia({ reducedMotion: 'reduce' });
  });

  /**
   * Scans every route in turn, moving between them inside the app as a user's tap would (the
   * router follows history), which spares reloading the app for each; answers one readable report
   * (empty when all pass).
   */
  async function scanAll(page: Page, names: string[]) {
    const reports: string[] = [];
    for (const name of names) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, paths[name]);
      await expect.poll(() => new URL(page.url()).pathname).toBe(paths[name]);
      await settle(page, { quietMs: 500 });
      reports.push(formatViolations(await scanAccessibility(page), `${name} ${paths[name]}`));
    }
    return reports.filter(Boolean).join('\n');
  }

  it('covers every route of the route table', () => {
    expect(routeNames().filter((name) => !(name in paths))).toEqual([]);
  });

  it('finds nothing serious on any page a guest opens', async () => {
    const { page } = phone;
    await asGuest(page, '/');
    const report = await scanAll(
      page,
      Object.keys(paths).filter((name) => !GUARDED.has(name)),
    );
    expect(report).toBe('');
  });

  it('finds nothing serious on any page as the demo user', async () => {
    const { page } = phone;
    await loginAs(page, demo, '/');
    const report = await scanAll(page, Object.keys(paths));
    expect(report).toBe('');
  });

  /** Waits for a popup, lets it settle and answers what axe finds on the page with it open. */
  async function scanWith(page: Page, popup: Locator, where: string): Promise<string> {
    await popup.waitFor();
    await settle(page, { quietMs: 500 });
    const violations: AxeViolation[] = await scanAccessibility(page);
    return formatViolations(violations, where);
  }

  it('finds nothing serious in the start-up bulletin', async () => {
    const { page } = phone;
    await clearBrowser(page);
    await page.goto(`${baseUrl()}/`);
    expect(await scanWith(page, page.getByRole('dialog').first(), 'bulletin')).toBe('');
  });

  it('finds nothing serious in the download confirmation and the low-balance dialog', async () => {
    const { page } = phone;
    const games = (
      await api<{
        records: Array<{ appID: number; buyAmount: number; onlineType: number; platforms: number[] }>;
      }>('/web/game/list', { pageSize: '100' })
    ).records;
    const paid = games.find((g) => g.onlineType !== 0 && g.buyAmount > 0 && g.platforms.includes(1));
    expect(paid, 'a paid Android game in the demo content').toBeDefined();
    await loginAs(page, await apiRegister(), `/detail/${paid!.appID}`);
    await page
      .getByRole('button', { name: /安卓 立即下载/ })
      .filter({ visible: true })
      .click();
    const confirm = page.getByRole('dialog', { name: '下载确认' });
    expect(await scanWith(page, confirm, 'download confirm')).toBe('');
    await confirm.getByRole('button', { name: /确认/ }).click();
    const low = page.getByRole('dialog', { name: '当前蓝钻余额不足！' });
    expect(await scanWith(page, low, 'low balance')).toBe('');
  });

  it('finds nothing serious in the membership panel', async () => {
    const { page } = phone;
    await loginAs(page, demo, '/profile?fun=member');
    expect(await scanWith(page, page.getByRole('dialog', { name: '开通会员' }), 'membership')).toBe('');
  });

  it('finds nothing serious with an error toast and a success toast', async () => {
    const { page } = phone;
    await asGuest(page, '/login');
    await page.getByLabel('用户名').fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    const error = page.locator('.ld-toast--error');
    await error.waitFor();
    // Hovering pauses a toast, so it stays for the scan.
    await error.hover();
    expect(formatViolations(await scanAccessibility(page), 'error toast')).toBe('');
    await page.getByLabel('密码', { exact: true }).fill('demo123456');
    await page.getByRole('button', { name: '登录' }).click();
    const success = page.locator('.ld-toast--success', { hasText: '欢迎回来' });
    await success.waitFor();
    await success.hover();
    expect(formatViolations(await scanAccessibility(page), 'success toast')).toBe('');
  });
});
