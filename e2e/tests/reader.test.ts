import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scanAccessibility } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// The novel reader (issue 8): the exact position follows the reader to another device, a priced
// chapter is charged once, and a guest's progress joins the account at login.

interface Unit {
  id: number;
  index: number;
  price: number;
  vip: boolean;
  title: string;
}
interface Account {
  uid: string;
  token: string;
  [key: string]: unknown;
}

async function api<T>(
  path: string,
  init: { method?: string; body?: Record<string, string> } = {},
  account?: Account,
) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(account ? { uid: account.uid, token: account.token } : {}),
    },
    body: init.body ? new URLSearchParams({ appID: '2008', ...init.body }) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

const demo = () =>
  api<Account>('/user/login', { method: 'POST', body: { loginName: 'demo', password: 'demo123456' } });
const balanceOf = async (account: Account) =>
  (await api<{ coinNum: number }>('/user/center/me', { method: 'POST', body: { uid: account.uid } }, account))
    .coinNum;
const unitsOf = async (bookId: number) =>
  (await api<{ records: Unit[] }>(`/v1/novel/${bookId}/chapters?pageSize=100`)).records;

interface ViewerUnit extends Unit {
  unlocked: boolean;
}
const viewerUnitsOf = async (bookId: number, account: Account) =>
  (await api<{ records: ViewerUnit[] }>(`/v1/novel/${bookId}/chapters?pageSize=100`, {}, account)).records;

interface ReadingSettings {
  autoUnlock: { enabled: boolean; dailyCap: number; todaySpent: number };
}
async function putSettings(account: Account, autoUnlock: { enabled: boolean; dailyCap: number }) {
  const res = await fetch(`${baseUrl()}/api/v1/reading/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', uid: account.uid, token: account.token },
    body: JSON.stringify({ autoUnlock }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: ReadingSettings };
  if (envelope.code !== 0) throw new Error(`reading settings answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

/** A free chapter long enough to scroll a paragraph to the top, in a book with some free chapters. */
async function freeChapter(bookId: number, index: number): Promise<Unit> {
  const unit = (await unitsOf(bookId)).find((u) => u.index === index);
  if (!unit || unit.price > 0) throw new Error(`book ${bookId} has no free chapter ${index}`);
  return unit;
}

/** Scrolls so that paragraph `n` begins a little above the top of the window (its second line shows first). */
async function scrollToParagraph(page: Page, n: number) {
  await page.evaluate((n) => {
    const el = document.querySelector(`[data-p="${n}"]`);
    if (!el) throw new Error(`no paragraph ${n}`);
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 30);
  }, n);
}

/** The index of the first paragraph showing at the top of the window. */
const firstVisibleParagraph = (page: Page) =>
  page.evaluate(() => {
    const visible = Array.from(document.querySelectorAll<HTMLElement>('[data-p]')).find(
      (p) => p.getBoundingClientRect().bottom > 1,
    );
    return visible ? Number(visible.dataset.p) : -1;
  });

/** Waits for the reader to save `paragraph` of chapter `unitId` (PUT /api/v1/progress). */
const progressSaved = (page: Page, unitId: number, paragraph: number) =>
  page.waitForRequest(
    (r) => {
      if (!r.url().endsWith('/api/v1/progress') || r.method() !== 'PUT') return false;
      const body = JSON.parse(r.postData() ?? '{}') as { unitId?: number; position?: { paragraph?: number } };
      return body.unitId === unitId && body.position?.paragraph === paragraph;
    },
    { timeout: 15_000 },
  );

describe('novel reader', () => {
  const phone = usePhone();

  it('opens on another device at the paragraph the reader left', async () => {
    const { page } = phone;
    const account = await demo();
    const unit = await freeChapter(2, 3);
    const path = `/readbook/2/${unit.id}`;
    await loginAs(page, account, path);
    await page.locator('#root [data-p="6"]').waitFor();
    const saved = progressSaved(page, unit.id, 6);
    await scrollToParagraph(page, 6);
    const body = JSON.parse((await saved).postData() ?? '{}') as { position: { offset: number } };
    expect(body.position.offset).toBeGreaterThan(0);
    // Leaves the reader.
    await page.goto(`${baseUrl()}/`);

    const other = await launchPhone();
    try {
      const page2 = await other.context.newPage();
      await loginAs(page2, account, path);
      await page2.locator('#root [data-p="6"]').waitFor();
      await expect.poll(() => firstVisibleParagraph(page2)).toBe(6);
      // Mid-paragraph: the paragraph began above the window, as it did on the first device.
      const top = await page2.locator('[data-p="6"]').evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeLessThan(0);
      expect(await page2.title()).toBe(await page2.locator('.reader-text__title').innerText());
    } finally {
      await other.close();
    }
  });

  it('charges a priced chapter once: the balance drops once, a second open does not charge', async () => {
    const { page } = phone;
    const account = await demo();
    const unit = (await unitsOf(3)).find((u) => u.price > 0 && !u.vip);
    if (!unit) throw new Error('book 3 has no priced chapter');
    const before = await balanceOf(account);
    await loginAs(page, account, `/readbook/3/${unit.id}`);
    await expect.poll(() => page.getByText('本章为付费章节').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`余额 ${before} 蓝钻`).isVisible()).toBe(true);
    await page.getByRole('button', { name: '购买本章' }).click();
    await page.locator('#root [data-p="0"]').waitFor();
    expect(await balanceOf(account)).toBe(before - unit.price);

    await page.reload();
    await page.locator('#root [data-p="0"]').waitFor();
    expect(await page.getByRole('button', { name: '购买本章' }).count()).toBe(0);
    expect(await balanceOf(account)).toBe(before - unit.price);
  });

  it('merges what a guest read into the account at login', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const unit = await freeChapter(4, 5);
    const path = `/readbook/4/${unit.id}`;
    await asGuest(page, path);
    await page.locator('#root [data-p="5"]').waitFor();
    await scrollToParagraph(page, 5);
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('ld-guest-progress') ?? '{}')['novel:4']?.position?.paragraph,
        ),
      )
      .toBe(5);

    await page.goto(`${baseUrl()}/login?redirect=${encodeURIComponent(path)}`);
    await page.getByLabel('用户名').fill(account.loginName);
    await page.getByLabel('密码', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    const book = await api<{ progress: { unitId: number; position: { paragraph: number } } | null }>(
      '/v1/novel/4',
      {},
      account,
    );
    expect(book.progress?.unitId).toBe(unit.id);
    expect(book.progress?.position.paragraph).toBe(5);
    await page.locator('#root [data-p="5"]').waitFor();
    await expect.poll(() => firstVisibleParagraph(page)).toBe(5);
  });

  it('turns pages with the arrow keys in page mode and reopens on the same page', async () => {
    const { page } = phone;
    const unit = await freeChapter(4, 6);
    const path = `/readbook/4/${unit.id}`;
    await asGuest(page, path);
    await page.locator('#root [data-p="0"]').waitFor();
    await page.mouse.click(195, 420);
    await page.getByRole('button', { name: '设置' }).click();
    await page.getByRole('button', { name: '左右翻页' }).click();
    await page.keyboard.press('Escape');
    await page.mouse.click(195, 420);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // The first paragraph showing on the third page, which the guest's progress records.
    const firstOnPage = () =>
      page.evaluate(() => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('[data-p]')).find((p) =>
          Array.from(p.getClientRects()).some((r) => r.right > 1 && r.left < window.innerWidth - 1),
        );
        return shown ? Number(shown.dataset.p) : -1;
      });
    await expect.poll(firstOnPage).toBeGreaterThan(0);
    const shown = await firstOnPage();
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('ld-guest-progress') ?? '{}')['novel:4']?.position?.paragraph,
        ),
      )
      .toBe(shown);
    await page.reload();
    await page.locator('[data-p="0"]').waitFor({ state: 'attached' });
    await expect.poll(firstOnPage).toBe(shown);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(firstOnPage).toBeLessThan(shown);
  });

  it('passes the WCAG AA checks (contrast included) in every theme, toolbars and settings open', async () => {
    const { page } = phone;
    const unit = await freeChapter(4, 2);
    await asGuest(page, `/readbook/4/${unit.id}`);
    for (const theme of ['white', 'sepia', 'green', 'night']) {
      await page.evaluate(
        (theme) =>
          localStorage.setItem(
            'ld-reader-prefs',
            JSON.stringify({ fontSize: 18, lineHeight: 1.8, theme, mode: 'scroll' }),
          ),
        theme,
      );
      await page.reload();
      await page.locator('#root [data-p="0"]').waitFor();
      await page.mouse.click(195, 420);
      await page.locator('.reader-bar--bottom').waitFor();
      expect(await scanAccessibility(page), `${theme}: reading with the toolbars`).toEqual([]);
      await page.locator('.reader-bar--bottom').getByRole('button', { name: '设置' }).click();
      await page.getByRole('dialog', { name: '阅读设置' }).waitFor();
      expect(await scanAccessibility(page), `${theme}: settings`).toEqual([]);
    }
  });

  it('goes from book info to the text, sets font size and theme, turns to 下一章 and leaves', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const [first, second] = await unitsOf(2);
    await loginAs(page, account, '/bookinfo/2');
    await page
      .getByRole('button', { name: '开始阅读' })
      .or(page.getByRole('link', { name: '开始阅读' }))
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/readbook/2/${first.id}`);
    await page.locator('#root [data-p="0"]').waitFor();
    const fontSize = () =>
      page.locator('[data-p="0"]').evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    const before = await fontSize();

    // A tap in the middle shows the toolbars; 设置 opens the sheet.
    await page.mouse.click(195, 422);
    await page.getByRole('button', { name: '设置' }).click();
    const sheet = page.getByRole('dialog', { name: '阅读设置' });
    await sheet.getByRole('button', { name: '字号增大' }).click();
    await sheet.getByRole('button', { name: '夜间' }).click();
    await expect.poll(fontSize).toBeGreaterThan(before);
    await expect.poll(() => page.locator('.reader').getAttribute('class')).toContain('reader--night');
    await sheet.getByRole('button', { name: '关闭' }).click();

    // The toolbar's own 下一章 (the toolbars stay open after the sheet closes).
    await page
      .locator('.reader-bar--bottom')
      .getByRole('button', { name: /^下一章/ })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/readbook/2/${second.id}`);
    // The address and the title move first; the text follows once the next chapter is in.
    const textTitle = page.locator('#root .reader-text__title');
    await expect.poll(() => textTitle.innerText()).toContain(second.title);
    await expect.poll(() => page.title()).toBe(await textTitle.innerText());
    // The settings stay with the account, and the chapter is where the book continues.
    await page.goto(`${baseUrl()}/`);
    const book = await api<{ progress: { unitId: number } | null }>('/v1/novel/2', {}, account);
    expect(book.progress?.unitId).toBe(second.id);
    const settings = await api<{ reader: { theme: string; fontSize: number } }>(
      '/v1/reading/settings',
      {},
      account,
    );
    expect(settings.reader.theme).toBe('night');
  });

  it('opens the low-balance dialog when the balance is short, and auto-buys up to the daily cap only', async () => {
    const { page } = phone;
    // A new account has fewer diamonds than the chapter costs: 购买本章 opens the dialog of spec §4
    // and charges nothing.
    const poor = await apiRegister();
    const priced = (await unitsOf(3)).filter((u) => u.price > 0 && !u.vip);
    const poorBalance = await balanceOf(poor);
    expect(poorBalance).toBeLessThan(priced[0].price);
    await loginAs(page, poor, `/readbook/3/${priced[0].id}`);
    await page.getByRole('button', { name: '购买本章' }).click();
    const dialog = page.getByRole('dialog', { name: '当前蓝钻余额不足！' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByRole('link', { name: '去充值' })
        .or(dialog.getByRole('button', { name: '去充值' }))
        .count(),
    ).toBe(1);
    expect(await balanceOf(poor)).toBe(poorBalance);

    // The demo account has diamonds: with auto-unlock on and a cap that fits exactly one more chapter,
    // the first priced chapter opens bought, the next one asks.
    const account = await demo();
    const open = (await viewerUnitsOf(3, account)).filter((u) => u.price > 0 && !u.vip && !u.unlocked);
    const [a, b] = open.slice(-2);
    const { autoUnlock } = await putSettings(account, { enabled: false, dailyCap: 0 });
    await putSettings(account, { enabled: true, dailyCap: autoUnlock.todaySpent + a.price });
    try {
      const start = await balanceOf(account);
      await loginAs(page, account, `/readbook/3/${a.id}`);
      await page.locator('#root [data-p="0"]').waitFor();
      expect(await balanceOf(account)).toBe(start - a.price);
      await page.goto(`${baseUrl()}/readbook/3/${b.id}`);
      await expect.poll(() => page.getByText('本章为付费章节').isVisible()).toBe(true);
      expect(await balanceOf(account)).toBe(start - a.price);
    } finally {
      await putSettings(account, { enabled: false, dailyCap: 0 });
    }
  });
});
