import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// Issue 8's pages around the reader: 书城 from home, a book, its 3,000-chapter menu, the shelf
// and the history, as a guest and then logged in.

type Account = Awaited<ReturnType<typeof apiRegister>>;
interface Work {
  id: number;
  title: string;
  author: string;
  status: number;
  category: { id: number; name: string };
}

async function api<T>(method: string, url: string, user?: Account, json?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method,
    headers: {
      ...(user ? { uid: user.uid, token: user.token } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify({ appID: 2008, ...(json as object) }) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${url}: ${envelope.msg}`);
  return envelope.data;
}

const cardTitles = (page: Page) => page.locator('.novel-card__title').allTextContents();
const menuRows = (page: Page) => page.locator('.book-menu__list > li');

describe('novels at 390×844', () => {
  const phone = usePhone();
  let longBook: Work;
  let categories: { id: number; name: string }[];

  beforeAll(async () => {
    categories = await api('GET', '/v1/novel/categories');
    const found = await api<{ records: Work[] }>('GET', '/v1/novel/list?keyword=万古星河');
    longBook = found.records[0];
  });

  it('a guest finds a book in the 书城 from home: category, ranking, search', async () => {
    const { page } = phone;
    await asGuest(page, '/');
    await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '书城' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/novels');
    await page.locator('.novel-card').first().waitFor();
    expect(await page.title()).toContain('书城');

    // A category shows exactly that category's books (as the API ranks them).
    const city = categories[1];
    await page.getByRole('tab', { name: city.name }).click();
    const cityBooks = await api<{ records: Work[] }>('GET', `/v1/novel/list?category=${city.id}&pageSize=18`);
    await expect.poll(() => cardTitles(page)).toEqual(cityBooks.records.map((b) => b.title));

    // 完结 within it: only finished books, each marked 完结.
    await page.getByRole('tab', { name: '完结' }).click();
    const finished = await api<{ records: Work[] }>(
      'GET',
      `/v1/novel/list?category=${city.id}&sort=3&pageSize=18`,
    );
    expect(finished.records.every((b) => b.status === 1)).toBe(true);
    await expect.poll(() => cardTitles(page)).toEqual(finished.records.map((b) => b.title));
    expect(new Set(await page.locator('.novel-card__status').allTextContents())).toEqual(new Set(['完结']));

    // Search by author, across every category and ranking.
    await page.getByRole('tab', { name: '全部' }).click();
    await page.getByRole('tab', { name: '热门' }).click();
    await page.getByRole('searchbox', { name: '搜索书名或作者' }).fill(longBook.author);
    await expect.poll(() => cardTitles(page)).toEqual([longBook.title]);

    await page.getByRole('link', { name: new RegExp(longBook.title) }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/bookinfo/${longBook.id}`);
    await page.getByRole('heading', { name: longBook.title }).waitFor();
    await page.getByText('共3000章').waitFor();
    await page.getByText(/万字$/).waitFor();
    const start = page.getByRole('link', { name: '开始阅读' });
    await expect
      .poll(() => start.getAttribute('href'))
      .toMatch(new RegExp(`^/readbook/${longBook.id}/\\d+$`));
  });

  it('opens the 3,000-chapter menu with a window of rows, and turns it round', async () => {
    const { page } = phone;
    await page.getByRole('link', { name: /目录/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/bookmenu/${longBook.id}`);
    await page.getByRole('link', { name: /^第1章/ }).waitFor();
    const count = await menuRows(page).count();
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThan(100);
    expect(await page.getByText('免费').first().isVisible()).toBe(true);

    // Far down the list: the rows there arrive, and the DOM stays small.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight / 2));
    await page
      .getByRole('link', { name: /^第15\d\d章/ })
      .first()
      .waitFor();
    expect(await menuRows(page).count()).toBeLessThan(100);
    expect(await page.getByText('VIP').first().isVisible()).toBe(true);

    await page.getByRole('tab', { name: '倒序' }).click();
    await expect.poll(() => menuRows(page).first().textContent()).toMatch(/^第3000章/);
    expect(await menuRows(page).count()).toBeLessThan(100);
  });

  it('a member adds the book to the shelf and finds it in 我的订阅, and what they read in 阅读记录', async () => {
    const { page } = phone;
    const user = await apiRegister();
    await loginAs(page, user, `/bookinfo/${longBook.id}`);
    await page.getByRole('button', { name: '加入书架' }).click();
    await page.getByRole('button', { name: '已在书架' }).waitFor();

    await page.goto(`${baseUrl()}/subscriblist`);
    await page.locator('.shelf-item').filter({ hasText: longBook.title }).waitFor();

    const menu = await api<{ records: { id: number; index: number }[] }>(
      'GET',
      `/v1/novel/${longBook.id}/chapters?from=1500&pageSize=1`,
    );
    await api('PUT', '/v1/progress', user, {
      kind: 'novel',
      workId: longBook.id,
      unitId: menu.records[0].id,
      position: { paragraph: 2, offset: 0 },
      clientTime: Date.now(),
    });
    await page.goto(`${baseUrl()}/readhistory`);
    const entry = page.locator('.shelf-item').filter({ hasText: longBook.title });
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/读到 第1500章 .+ · 50%/);

    // The book now continues where they stopped, and the menu jumps there.
    await page.goto(`${baseUrl()}/bookinfo/${longBook.id}`);
    await page.getByRole('link', { name: /^继续阅读 第1500章/ }).waitFor();
    await page.goto(`${baseUrl()}/bookmenu/${longBook.id}`);
    await page.getByRole('button', { name: '定位到当前章节' }).click();
    const current = page.locator('.book-menu__link[aria-current="true"]');
    await current.waitFor();
    expect(await current.textContent()).toMatch(/^第1500章/);
  });
});
