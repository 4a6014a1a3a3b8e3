import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';
import { isLive, scriptsLate, scriptsOnTime } from '../src/late-scripts.ts';

// One rendering path (docs/decisions/0050-one-rendering-path.md): the server renders the page,
// the browser hydrates that markup, and the painted page is the live one.

/** Pages a guest opens directly, each rendered by the server. */
const PAGES = [
  '/',
  '/games',
  '/novels',
  '/animate',
  '/welfare',
  '/square',
  '/profile',
  '/login',
  '/faq',
  '/activity',
  '/checkin',
  '/download',
  `/search?keyword=${encodeURIComponent('星')}`,
];

/** One record of a list the API answers (a page `{ records }` or an array). */
async function firstOf<T>(method: 'GET' | 'POST', url: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? JSON.stringify({ appID: 2008 }) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: { records?: T[] } | T[] };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.msg}`);
  const list = Array.isArray(envelope.data) ? envelope.data : (envelope.data.records ?? []);
  if (!list[0]) throw new Error(`${url}: nothing seeded`);
  return list[0];
}

/** A post published a moment ago, with a comment: its times read "N秒前", which move between render and hydration. */
async function freshPost(): Promise<string> {
  const author = await apiRegister();
  const call = async (url: string, body: object) => {
    const res = await fetch(`${baseUrl()}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uid: author.uid, token: author.token },
      body: JSON.stringify({ appID: 2008, ...body }),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: { id: number } };
    if (envelope.code !== 0) throw new Error(`${url}: ${envelope.msg}`);
    return envelope.data;
  };
  const { id } = await call('/v1/square/post', { content: '刚发的帖子', tagId: 1, images: [] });
  await call(`/v1/square/post/${id}/comment`, { content: '刚写的评论' });
  return `/post/${id}`;
}

/** The detail pages of the seed's first game, book, comic, video, post and activity, that book's 目录, and the readers of that book and comic. */
async function detailPages(): Promise<string[]> {
  const [game, book, comic, video, post, activity] = await Promise.all([
    firstOf<{ appID: number }>('POST', '/web/game/list'),
    firstOf<{ id: number }>('GET', '/v1/novel/list?sort=1'),
    firstOf<{ id: number }>('GET', '/v1/comic/list?sort=1'),
    firstOf<{ id: number }>('GET', '/v1/video/list?sort=1'),
    firstOf<{ id: number }>('GET', '/v1/square/post/list?sort=1'),
    firstOf<{ id: number }>('GET', '/v1/activity/list?status=ongoing'),
  ]);
  const [chapter, episode] = await Promise.all([
    firstOf<{ id: number }>('GET', `/v1/novel/${book.id}/chapters`),
    firstOf<{ id: number }>('GET', `/v1/comic/${comic.id}/episodes`),
  ]);
  return [
    `/readbook/${book.id}/${chapter.id}`,
    `/comic/${comic.id}/${episode.id}`,
    `/detail/${game.appID}`,
    `/bookinfo/${book.id}`,
    `/bookmenu/${book.id}`,
    `/comic/${comic.id}`,
    `/video/${video.id}`,
    `/post/${post.id}`,
    `/activity/${activity.id}`,
  ];
}

/** Console errors and warnings, and uncaught errors, from now on. */
function listen(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
    seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`uncaught: ${error.message}`));
  return seen;
}

describe('the painted page is the live one', () => {
  const phone = usePhone();

  it.each(['a guest', 'logged in'] as const)(
    'hydrates each page the server rendered without a mismatch, %s',
    async (account) => {
      const { page } = phone;
      const seen = listen(page);
      const pages = [...PAGES, ...(await detailPages()), await freshPost()];
      await asGuest(page, '/faq');
      if (account === 'logged in') await loginAs(page, await apiRegister(), '/faq');
      for (const path of pages) {
        const response = await page.goto(`${baseUrl()}${path}`);
        // The server rendered it: the markup and its one JSON of state are in the HTML.
        const html = (await response?.text()) ?? '';
        expect(html, `${path} as ${account}`).toContain(
          '<script type="application/json" id="ld-page-state">',
        );
        expect(html).not.toContain('<div id="root"></div>');
        await expect.poll(() => isLive(page)).toBe(true);
        await page.waitForLoadState('networkidle');
        // Past the second the server rendered it in: clock-derived text must have hydrated as rendered.
        await page.waitForTimeout(path.startsWith('/post/') ? 1100 : 0);
      }
      expect(seen).toEqual([]);
    },
    // Every page loaded until the network is idle: ~25 s on a quiet machine, twice that beside the
    // API suite on Node 22 (npm test runs them together), over vitest's 60 s when it was one test.
    120_000,
  );

  it("paints the novel reader's text in the device's settings before the app starts, and hydrates it", async () => {
    const { page } = phone;
    const seen = listen(page);
    const book = await firstOf<{ id: number }>('GET', '/v1/novel/list?sort=1');
    const chapter = await firstOf<{ id: number }>('GET', `/v1/novel/${book.id}/chapters`);
    const path = `/readbook/${book.id}/${chapter.id}`;
    await asGuest(page, '/faq');
    await page.evaluate(() =>
      localStorage.setItem(
        'ld-reader-prefs',
        JSON.stringify({ fontSize: 24, lineHeight: 2.2, theme: 'night', mode: 'scroll' }),
      ),
    );
    const looks = () =>
      page.evaluate(() => {
        const text = document.querySelector<HTMLElement>('#root .reader-text');
        const reader = document.querySelector<HTMLElement>('#root .reader');
        if (!text || !reader) return null;
        const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
        return {
          fontSize: Math.round((Number.parseFloat(getComputedStyle(text).fontSize) / rem) * 16),
          lineHeight: Math.round(Number.parseFloat(getComputedStyle(text).lineHeight)),
          fontPx: Number.parseFloat(getComputedStyle(text).fontSize),
          background: getComputedStyle(reader).backgroundColor,
        };
      });
    // Without the app's scripts: the server's text in the stored settings (the page's inline script).
    await page.route('**/assets/*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await page.goto(`${baseUrl()}${path}`);
    expect(await isLive(page)).toBe(false);
    const before = await looks();
    expect(before).toMatchObject({ fontSize: 24, background: 'rgb(21, 23, 28)' });
    expect(before?.lineHeight).toBe(Math.round((before?.fontPx ?? 0) * 2.2));
    await page.unroute('**/assets/*.js');
    // With them: hydrated without a mismatch, the reader's own render the same.
    await page.goto(`${baseUrl()}${path}`);
    await expect.poll(() => isLive(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#root .reader').getAttribute('class')).toContain('reader--night');
    expect(await looks()).toMatchObject({ fontSize: 24, background: 'rgb(21, 23, 28)' });
    expect(seen).toEqual([]);
  });

  describe('on a phone four times slower', () => {
    const slow = async (page: Page) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      return () => cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    };

    it('goes to the tab tapped as soon as the page paints', async () => {
      const { page } = phone;
      await asGuest(page, '/faq');
      const fast = await slow(page);
      try {
        await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
        // One tap, the moment the tab bar is on the screen.
        await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '游戏' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/games');
        await expect
          .poll(() => page.getByRole('link', { name: '游戏' }).getAttribute('aria-current'))
          .toBe('page');
      } finally {
        await fast();
      }
    });

    it('opens the book tapped in the list as soon as the list paints', async () => {
      const { page } = phone;
      await asGuest(page, '/faq');
      const fast = await slow(page);
      try {
        await page.goto(`${baseUrl()}/novels`, { waitUntil: 'commit' });
        const first = page.locator('.novel-card').first();
        const href = await first.getAttribute('href');
        await first.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(href);
        await page.getByRole('heading').first().waitFor();
      } finally {
        await fast();
      }
    });

    it('likes the post whose like is tapped at any moment from the first paint on, logged in', async () => {
      const { page } = phone;
      await loginAs(page, await apiRegister(), '/faq');
      const fast = await slow(page);
      try {
        // Taps at several moments after the button shows: before the app's code runs, while React
        // hydrates and just after, each on a new post.
        for (const delay of [0, 50, 100, 200, 400, 800]) {
          const post = await freshPost();
          await page.goto(`${baseUrl()}${post}`, { waitUntil: 'commit' });
          const like = page.locator('.post-detail__foot').getByRole('button', { name: /点赞帖子/ });
          await like.waitFor();
          await page.waitForTimeout(delay);
          await like.click();
          await expect
            .poll(() => like.getAttribute('aria-pressed'), { message: `tapped ${delay} ms after paint` })
            .toBe('true');
          expect(await like.locator('.like-button__count').textContent()).toBe('1');
          // Counted once, by the server.
          await page.reload();
          await expect.poll(() => like.locator('.like-button__count').textContent()).toBe('1');
        }
      } finally {
        await fast();
      }
    });

    it('makes a like tapped while the app’s code is still on its way, once it has come', async () => {
      const { page } = phone;
      await loginAs(page, await apiRegister(), '/faq');
      const post = await freshPost();
      // The scripts arrive 1.5 s late: the page is painted, the app not there.
      await scriptsLate(page);
      try {
        await page.goto(`${baseUrl()}${post}`, { waitUntil: 'commit', timeout: 15_000 });
        const like = page.locator('.post-detail__foot').getByRole('button', { name: /点赞帖子/ });
        await like.click({ timeout: 10_000 });
        expect(await isLive(page), 'the app is not there yet').toBe(false);
        // Shown as taken while it waits.
        expect(await like.getAttribute('data-held')).toBe('');
        await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
        expect(await like.getAttribute('data-held')).toBeNull();
        expect(await like.locator('.like-button__count').textContent()).toBe('1');
      } finally {
        await scriptsOnTime(page);
      }
      await page.reload();
      await expect.poll(() => page.locator('.post-detail__foot .like-button__count').textContent()).toBe('1');
    });

    it('adds the book and the comic tapped while the app’s code is on its way, logged in', async () => {
      const { page } = phone;
      await loginAs(page, await apiRegister(), '/faq');
      const [book, comic] = await Promise.all([
        firstOf<{ id: number }>('GET', '/v1/novel/list?sort=1'),
        firstOf<{ id: number }>('GET', '/v1/comic/list?sort=1'),
      ]);
      // The scripts arrive 1.5 s late; the reader's own copy of the work (with
      // what is on their shelf) is asked only once the app is there, so the page shows the server's
      // guest copy until then: its button must stay, not give way to a loading state.
      for (const [path, off, on] of [
        [`/bookinfo/${book.id}`, '加入书架', '已在书架'],
        [`/comic/${comic.id}`, '订阅', '已订阅'],
      ] as const) {
        await scriptsLate(page);
        const done = page.getByRole('button', { name: on, exact: true });
        try {
          await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit', timeout: 15_000 });
          const button = page.getByRole('button', { name: off, exact: true });
          await button.click({ timeout: 10_000 });
          expect(await isLive(page), `${path}: the app is not there yet`).toBe(false);
          expect(await button.getAttribute('data-held')).toBe('');
          await expect.poll(() => done.getAttribute('aria-pressed'), { message: path }).toBe('true');
        } finally {
          await scriptsOnTime(page);
        }
        // Kept by the server: still on after a reload (the scripts on time again).
        await page.reload({ waitUntil: 'commit', timeout: 15_000 });
        await expect
          .poll(() => done.getAttribute('aria-pressed'), { message: `${path} reloaded` })
          .toBe('true');
      }
    });

    it('switches the square to the order tapped as soon as it paints', async () => {
      const { page } = phone;
      await asGuest(page, '/faq');
      const fast = await slow(page);
      try {
        await page.goto(`${baseUrl()}/square`, { waitUntil: 'commit' });
        const newest = page.getByRole('tablist', { name: '排序' }).getByRole('tab', { name: '最新' });
        await newest.click();
        await expect.poll(() => newest.getAttribute('aria-selected')).toBe('true');
      } finally {
        await fast();
      }
    });

    it('keeps what is typed into the login field from the first paint on, and logs in with it', async () => {
      const { page } = phone;
      const account = await apiRegister();
      await asGuest(page, '/faq');
      const fast = await slow(page);
      try {
        await page.goto(`${baseUrl()}/login`, { waitUntil: 'commit' });
        const name = page.getByPlaceholder('请输入用户名');
        await name.pressSequentially(account.loginName);
        await expect.poll(() => isLive(page)).toBe(true);
        expect(await name.inputValue()).toBe(account.loginName);
        // The app has the name too: the login goes through with it.
        await page.getByPlaceholder('请输入密码').fill(account.password);
        await page.getByRole('button', { name: '登录', exact: true }).click();
        await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
        await expect
          .poll(() =>
            page.evaluate(() => JSON.parse(localStorage.getItem('ld-account') ?? '{}').state?.account?.uid),
          )
          .toBe(account.uid);
      } finally {
        await fast();
      }
    });
  });
});
