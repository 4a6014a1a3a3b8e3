import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRegister, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// Offline bookshelf (issue 8): a book on the shelf is downloaded, the network is cut, a downloaded
// chapter still opens (from the service worker's cache), reading progress waits in the queue, and
// reaches the server once the network is back.

interface Unit {
  id: number;
  index: number;
  unlocked: boolean;
}
interface Account {
  uid: string;
  token: string;
  [key: string]: unknown;
}

/** A book whose first chapters are free and the rest locked to a new account. */
const BOOK = 6;

async function api<T>(path: string, account?: Account): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    headers: account ? { uid: account.uid, token: account.token } : {},
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

const queuedParagraph = (page: Page, bookId: number) =>
  page.evaluate(
    (id) => JSON.parse(localStorage.getItem('ld-progress-queue') ?? '{}').entries?.[id]?.position?.paragraph,
    bookId,
  );

describe('offline bookshelf', () => {
  // Without a network the browser notes each failed request (ERR_FAILED when the service worker
  // had no copy to answer with); the app says so itself.
  const phone = usePhone({
    allowConsole: [
      /ERR_INTERNET_DISCONNECTED/,
      /Failed to load resource: net::ERR_FAILED/,
      /Failed to fetch/,
    ],
  });

  it('reads a downloaded chapter with the network cut and sends the progress when it is back', async () => {
    const { page } = phone;
    const account = (await apiRegister()) as unknown as Account;
    const units = (await api<{ records: Unit[] }>(`/v1/novel/${BOOK}/chapters?pageSize=500`, account))
      .records;
    const open = units.filter((u) => u.unlocked);
    const locked = units.filter((u) => !u.unlocked);
    expect(open.length).toBeGreaterThan(2);
    expect(locked.length).toBeGreaterThan(0);
    const chapter = open[2];

    await loginAs(page, account, `/bookinfo/${BOOK}`);
    await page.getByRole('button', { name: '加入书架' }).click();
    await page.getByRole('button', { name: '已在书架' }).waitFor();
    const offline = page.getByRole('region', { name: '离线阅读' });
    await offline.getByRole('button', { name: '下载', exact: true }).click();
    await offline.getByText(`已下载 ${open.length}章，可离线阅读`).waitFor({ timeout: 30_000 });
    await offline.getByText(`${locked.length} 章未解锁，已跳过`).waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // 我的订阅 marks the book as downloaded.
    await page.goto(`${baseUrl()}/subscriblist`);
    await page.getByText('已下载').first().waitFor();

    // Every toast the reader is shown from here on, noted as it appears (a toast lasts 3 s).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenToasts: string[] }).seenToasts = seen;
      new MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach((node) => {
            if (!(node instanceof HTMLElement)) return;
            const toasts = node.matches('.ld-toast')
              ? [node]
              : Array.from(node.querySelectorAll('.ld-toast'));
            for (const t of toasts) seen.push(`${t.className}: ${t.textContent}`);
          });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.context().setOffline(true);
    await page.goto(`${baseUrl()}/readbook/${BOOK}/${chapter.id}`);
    await page.locator('[data-p="3"]').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^离线$/ })
          .isVisible(),
      )
      .toBe(true);
    // Start-up's background requests (config, tags, status, messages, device, popups) find no
    // network: the reader is told once, calmly, never with a stack of error toasts.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts))
      .toEqual([expect.stringContaining('当前处于离线状态，已下载的章节仍可阅读')]);
    await page.waitForTimeout(3000);
    const seen = await page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('ld-toast--info');

    // Reading on: the save waits in the queue.
    await page.evaluate(() => {
      const el = document.querySelector('[data-p="3"]');
      if (!el) throw new Error('no paragraph 3');
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 30);
    });
    await expect.poll(() => queuedParagraph(page, BOOK)).toBe(3);

    // A chapter that was not downloaded says so, with a retry.
    await page.goto(`${baseUrl()}/readbook/${BOOK}/${locked[0].id}`);
    await page.getByText('网络不可用，本章未下载').waitFor();
    await page.getByRole('button', { name: '重新加载' }).waitFor();

    await page.context().setOffline(false);
    await expect
      .poll(async () => {
        const book = await api<{ progress: { unitId: number; position: { paragraph: number } } | null }>(
          `/v1/novel/${BOOK}`,
          account,
        );
        return book.progress ? `${book.progress.unitId}:${book.progress.position.paragraph}` : null;
      })
      .toBe(`${chapter.id}:3`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ld-progress-queue'))).toBe(null);
  });
});
