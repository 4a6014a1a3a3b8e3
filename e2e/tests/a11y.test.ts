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

/** The routes scanned, by their route-table name (routePaths gives each its path). */
const ROUTE_NAMES = [
  'home',
  'square',
  'animate',
  'welfare',
  'games',
  'profile',
  'detail',
  'login',
  'register',
  'loginOther',
  'findPassword',
  'bindPhone',
  'resetPwd',
  'recharge',
  'faq',
  'message',
  'gifts',
  'user',
  'business',
  'postpage',
  'commenthistory',
  'readhistory',
  'subscriblist',
  'novels',
  'readbook',
  'bookmenu',
  'bookinfo',
  'post',
  'download',
  'checkin',
  'activity',
  'invite',
  'activityinfo',
  'search',
  'video',
  'comic',
  'comicReader',
];

/** Every route by name, with a path that shows it (ids from the demo content). */
async function routePaths(): Promise<Record<string, string>> {
  const games = (await api<{ records: Array<{ appID: number; buyAmount: number }> }>('/web/game/list'))
    .records;
  const [post] = await getList<{ id: number }>('/v1/square/post/list');
  const [{ id: book }] = await getList<{ id: number }>('/v1/novel/list');
  const [chapter] = await getList<{ id: number }>(`/v1/novel/${book}/chapters`);
  const activities = (await (await fetch(`${baseUrl()}/api/v1/activity/list`)).json()) as {
    data: Array<{ id: number }>;
  };
  // The demo videos are made in the background after start-up: the first one is enough.
  let [video] = await getList<{ id: number }>('/v1/video/list');
  for (let i = 0; i < 240 && !video; i++) {
    await new Promise((r) => setTimeout(r, 500));
    [video] = await getList<{ id: number }>('/v1/video/list');
  }
  const [{ id: comic }] = await getList<{ id: number }>('/v1/comic/list');
  const [episode] = await getList<{ id: number }>(`/v1/comic/${comic}/episodes`);
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
    readbook: `/readbook/${book}/${chapter.id}`,
    novels: '/novels',
    bookmenu: `/bookmenu/${book}`,
    bookinfo: `/bookinfo/${book}`,
    post: `/post/${post.id}`,
    download: '/download',
    checkin: '/checkin',
    activity: '/activity',
    invite: '/invite',
    activityinfo: `/activity/${activities.data[0].id}`,
    search: '/search',
    video: `/video/${video.id}`,
    comic: `/comic/${comic}`,
    comicReader: `/comic/${comic}/${episode.id}`,
  };
}

/** Routes a guest is sent away from to log in (meta `login: true`): scanned as the demo user only. */
const GUARDED = new Set([
  'findPassword',
  'bindPhone',
  'resetPwd',
  'recharge',
  'message',
  'gifts',
  'user',
  'readhistory',
  'subscriblist',
  'invite',
]);

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
   * Opens a route inside the app, as a user's tap would (the router follows history), which spares
   * reloading the app for each of the ~50 scans, and answers what axe finds there (empty when
   * nothing serious).
   */
  async function scanRoute(page: Page, name: string): Promise<string> {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, paths[name]);
    await expect.poll(() => new URL(page.url()).pathname).toBe(paths[name]);
    await settle(page, { quietMs: 500 });
    return formatViolations(await scanAccessibility(page), `${name} ${paths[name]}`);
  }

  it('covers every route of the route table', () => {
    expect(routeNames().filter((name) => !ROUTE_NAMES.includes(name))).toEqual([]);
    expect(ROUTE_NAMES.filter((name) => !(name in paths))).toEqual([]);
  });

  describe('every page a guest opens', () => {
    beforeAll(() => asGuest(phone.page, '/'));
    it.each(ROUTE_NAMES.filter((name) => !GUARDED.has(name)))('%s', async (name) => {
      expect(await scanRoute(phone.page, name)).toBe('');
    });
  });

  describe('every page as the demo user', () => {
    beforeAll(() => loginAs(phone.page, demo, '/'));
    it.each(ROUTE_NAMES)('%s', async (name) => {
      expect(await scanRoute(phone.page, name)).toBe('');
    });
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

  // The scanner itself: an empty answer above means nothing was found, not that nothing was read.
  it('reports the serious violations of a page that has them, one line per element', async () => {
    const { page } = phone;
    await page.setContent(
      `<html lang="zh-CN"><title>坏页</title><main>
        <p style="color:#bbb;background:#fff">浅灰色的说明文字</p>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <button></button>
      </main></html>`,
    );
    const violations = await scanAccessibility(page);
    expect(violations.map((v) => v.rule).sort()).toEqual(['button-name', 'color-contrast', 'image-alt']);
    expect(violations.find((v) => v.rule === 'image-alt')?.targets).toEqual([
      expect.stringMatching(/^img {2}\S/),
    ]);
  });
});
