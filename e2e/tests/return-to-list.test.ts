import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRegister, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// Going back to a list keeps its exact scroll position and every page it had loaded (issue 7 §4):
// scroll far enough to load more pages, open an item, go back.

const POLL = { timeout: 15_000 };

const scrollTop = (page: Page) => page.evaluate(() => Math.round(document.scrollingElement!.scrollTop));

/** Scrolls to the bottom until the list holds more than `atLeast` items (infinite scroll loads pages). */
async function scrollUntil(page: Page, items: string, atLeast: number) {
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      return page.locator(items).count();
    }, POLL)
    .toBeGreaterThan(atLeast);
}

/**
 * Opens an item in the middle of the screen, goes back, and checks the list as it was: the same
 * scrollTop, the items it had, the same first item (by `text`, a part of it that does not age).
 */
async function openAndComeBack(page: Page, items: string, text: string, listPath: RegExp) {
  // Stop somewhere in the middle of the loaded pages, not at an edge the browser would clamp to.
  await page.evaluate(() => window.scrollTo(0, Math.round(document.scrollingElement!.scrollHeight * 0.6)));
  // An item starting well inside the screen, tapped near its top: clear of the sticky bars, so
  // the tap itself scrolls nothing.
  const target = await page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(selector)).findIndex((el) => {
        const { top } = el.getBoundingClientRect();
        return top > window.innerHeight * 0.2 && top < window.innerHeight * 0.75;
      }),
    items,
  );
  expect(target).toBeGreaterThanOrEqual(0);
  const item = page.locator(items).nth(target);
  const before = { top: await scrollTop(page), count: await page.locator(items).count() };
  const firstText = await page.locator(text).first().textContent();
  const visible = page.locator(items).filter({ visible: true });
  await item.click({ position: { x: 12, y: 6 } });
  await expect.poll(() => new URL(page.url()).pathname, POLL).not.toMatch(listPath);
  // The address changes first; the list gives way once the item's page has rendered (its route
  // chunk may still be on its way on a busy machine).
  await expect.poll(() => visible.count(), POLL).toBe(0);

  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname, POLL).toMatch(listPath);
  await expect.poll(() => scrollTop(page), POLL).toBe(before.top);
  // Every page loaded before is still there (the list may have loaded one more near its end).
  expect(await page.locator(items).count()).toBeGreaterThanOrEqual(before.count);
  expect(await page.locator(text).first().textContent()).toBe(firstText);
  // And it stays there (no late re-render jumping back to the top).
  await page.waitForTimeout(800);
  expect(await scrollTop(page)).toBe(before.top);
}

describe('going back to a list at 390×844', () => {
  const phone = usePhone();

  beforeAll(async () => {
    await phone.page.goto(`${baseUrl()}/`);
    await phone.page.evaluate(() => localStorage.setItem(':not-show', String(Date.now())));
  });

  it('the square keeps its feed (最新), its place and its loaded pages', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/square`);
    await page.locator('.post-card').first().waitFor();
    await page.getByRole('tab', { name: '最新' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: '最新' }).getAttribute('aria-selected'))
      .toBe('true');
    await scrollUntil(page, '.post-card', 25);
    await openAndComeBack(page, '.post-card .post-card__text', '.post-card__text', /^\/square$/);
    expect(await page.getByRole('tab', { name: '最新' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the games tab keeps its place and its loaded pages', async () => {
    const { page } = phone;
    await page.goto(`${baseUrl()}/games`);
    await page.locator('.game-card').first().waitFor();
    await page.getByRole('button', { name: '切换为列表' }).click();
    await scrollUntil(page, '.game-card', 20);
    await openAndComeBack(page, '.game-card', '.game-card__name', /^\/games$/);
    expect(await page.locator('.game-card--list').count()).toBeGreaterThan(20);
  });

  it('我的发布和评论 keeps its place and its loaded pages, although it is not kept alive', async () => {
    const { page } = phone;
    const user = await apiRegister();
    for (let i = 1; i <= 32; i++) {
      const res = await fetch(`${baseUrl()}/api/v1/square/post`, {
        method: 'POST',
        headers: { uid: user.uid, token: user.token, 'content-type': 'application/json' },
        body: JSON.stringify({
          appID: 2008,
          content: `第 ${i} 条：回到列表时位置不变`,
          tagId: 1,
          images: [],
        }),
      });
      expect(((await res.json()) as { code: number }).code).toBe(0);
    }
    await loginAs(page, user);
    await page.goto(`${baseUrl()}/commenthistory`);
    await page.locator('.history-item').first().waitFor();
    await scrollUntil(page, '.history-item', 20);
    await openAndComeBack(page, '.history-item__body', '.history-item__text', /^\/commenthistory$/);
  });
});
