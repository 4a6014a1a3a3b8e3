import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';
import { isLive, scriptsLate, scriptsOnTime } from '../src/late-scripts.ts';

// Comics on the web (issue 9 §1, §2): the 色漫 tab and its search, reading on from one episode into
// the next without a tap, the exact place inside a very tall panel on a second device, and buying
// a locked episode once.

interface Account {
  uid: string;
  token: string;
  [key: string]: unknown;
}
interface Work {
  id: number;
  title: string;
}
interface Unit {
  id: number;
  index: number;
  title: string;
  price: number;
  vip: boolean;
  unlocked: boolean;
}
interface Panel {
  width: number;
  height: number;
}

async function api<T>(
  path: string,
  init: { method?: string; form?: Record<string, string> } = {},
  account?: Account,
) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(account ? { uid: account.uid, token: account.token } : {}),
    },
    body: init.form ? new URLSearchParams({ appID: '2008', ...init.form }) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg}`);
  return envelope.data;
}

const comicNamed = async (title: string) => {
  const found = (await api<{ records: Work[] }>(`/v1/comic/list?keyword=${encodeURIComponent(title)}`))
    .records;
  const comic = found.find((w) => w.title === title);
  if (!comic) throw new Error(`no demo comic ${title}`);
  return comic;
};
const episodesOf = async (id: number, account?: Account) =>
  (await api<{ records: Unit[] }>(`/v1/comic/${id}/episodes?pageSize=100`, {}, account)).records;
const panelsOf = async (id: number, eid: number) =>
  (await api<{ panels: Panel[] }>(`/v1/comic/${id}/episode/${eid}`)).panels;
const balanceOf = async (account: Account) =>
  (await api<{ coinNum: number }>('/user/center/me', { method: 'POST', form: { uid: account.uid } }, account))
    .coinNum;

/** 深井's first episode and the index of its panel taller than 20,000 px (in the image's own pixels). */
async function tallPanel() {
  const comic = await comicNamed('深井');
  const [episode] = await episodesOf(comic.id);
  if (!episode) throw new Error('深井 has no episode');
  const panels = await panelsOf(comic.id, episode.id);
  const tall = panels.findIndex((p) => p.height > 20_000);
  expect(tall).toBeGreaterThanOrEqual(0);
  return { comic, episode, tall, natural: panels[tall]?.height ?? 1 };
}

/** Scrolls the window to `target` image px inside panel `tall`; the window's scroll after it. */
const scrollIntoPanel = (page: Page, tall: number, target: number, natural: number) =>
  page.evaluate(
    ({ tall, target, natural }) => {
      const el = document.querySelector<HTMLElement>(`[data-panel="${tall}"]`);
      if (!el) throw new Error('no tall panel');
      const rect = el.getBoundingClientRect();
      window.scrollTo(0, rect.top + window.scrollY + (target * rect.height) / natural);
      return window.scrollY;
    },
    { tall, target, natural },
  );

/** The panel at the top of the window and how far into it (in the panel image's own pixels). */
const placeAtTop = (page: Page) =>
  page.evaluate(() => {
    const panels = Array.from(document.querySelectorAll<HTMLElement>('.comic-panel'));
    const el = panels.find((p) => p.getBoundingClientRect().bottom > 0);
    if (!el) return null;
    const rect = el.getBoundingClientRect();
    const img = el.querySelector('img');
    const natural = Number(img?.getAttribute('height') ?? 0);
    return {
      eid: Number(el.closest<HTMLElement>('[data-eid]')?.dataset.eid),
      panel: Number(el.dataset.panel),
      offset: Math.round((-rect.top * natural) / rect.height),
    };
  });

describe('comics', () => {
  const phone = usePhone({ allowConsole: [/Failed to load resource/] });

  it('browses the 色漫 tab by category and finds a comic by search', async () => {
    const { page } = phone;
    await asGuest(page, '/animate');
    const grid = page.getByRole('list', { name: '漫画列表' });
    await grid.getByRole('link').first().waitFor();
    // The tab bar keeps its own style on this tab.
    expect(await page.locator('nav.tab-bar--animate').count()).toBe(1);
    expect(await page.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    // Covers keep a 3:4 box before they load.
    const box = await grid.locator('.comic-card__cover').first().boundingBox();
    expect(box && Math.abs(box.height / box.width - 4 / 3)).toBeLessThan(0.02);

    await page.getByRole('tab', { name: '悬疑' }).click();
    await expect.poll(() => grid.getByRole('link', { name: /深井/ }).count()).toBe(1);
    await expect.poll(() => grid.getByRole('link', { name: /隔壁的作曲家/ }).count()).toBe(0);

    await page.getByRole('tab', { name: '全部' }).click();
    await page.getByRole('searchbox', { name: '搜索漫画名或作者' }).fill('龙与少女');
    await expect.poll(() => grid.getByRole('link').count()).toBe(1);
    await grid.getByRole('link', { name: /龙与少女/ }).click();
    await page.getByRole('heading', { name: '龙与少女', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/comic\/\d+$/);
    await page.getByRole('link', { name: /开始阅读/ }).waitFor();

    await page.goto(`${baseUrl()}/animate`);
    await page.getByRole('searchbox', { name: '搜索漫画名或作者' }).fill('没有这部漫画');
    await page.getByText('没有找到与“没有这部漫画”相关的漫画').waitFor();
    await page.getByRole('searchbox', { name: '搜索漫画名或作者' }).fill('');
  });

  it('reads to the end of an episode and on into the next without a tap', async () => {
    const { page } = phone;
    const comic = await comicNamed('夏日烟火');
    const [first, second] = await episodesOf(comic.id);
    if (!first || !second || second.price > 0) throw new Error('夏日烟火 has no two free episodes');
    await asGuest(page, `/comic/${comic.id}/${first.id}`);
    await page.locator(`[data-eid="${first.id}"] .comic-panel`).first().waitFor();
    expect(await page.title()).toContain(first.title);
    // The episode in view is the one whose block holds the screen's top line: the next one's
    // block, its panels in, has reached the top.
    const reachedTop = (eid: number) => {
      const block = document.querySelector(`[data-eid="${eid}"]`);
      return block?.querySelector('.comic-strip__panels') ? block.getBoundingClientRect().top <= 0 : false;
    };
    // The wheel only, as a reader's thumb would: the next episode comes below, divider first.
    for (let i = 0; i < 200; i += 1) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(30);
      const reached = await page.evaluate(reachedTop, second.id);
      if (reached) break;
    }
    await page.getByRole('heading', { name: second.title, level: 2 }).waitFor();
    // On a busy machine the next episode may come below only after the loop above has met the
    // end of the first: the thumb keeps going until the next episode's panels are in view.
    await expect
      .poll(async () => {
        const reached = await page.evaluate(reachedTop, second.id);
        if (!reached) await page.mouse.wheel(0, 400);
        return reached;
      })
      .toBe(true);
    await expect.poll(() => page.title()).toContain(second.title);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}/${second.id}`);
    // The first panel of the next episode has its picture (no pause to wait for).
    await expect
      .poll(() =>
        page
          .locator(`[data-eid="${second.id}"] .comic-panel img`)
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  });

  it('reads up from episode 2 into episode 1 above it, the picture in view not moving', async () => {
    const { page } = phone;
    const comic = await comicNamed('夏日烟火');
    const [first, second] = await episodesOf(comic.id);
    if (!first || !second || second.price > 0) throw new Error('夏日烟火 has no two free episodes');
    await asGuest(page, `/comic/${comic.id}/${second.id}`);
    await page.locator(`[data-eid="${second.id}"] .comic-panel img`).first().waitFor();
    await expect.poll(() => page.title()).toContain(second.title);
    const topOf = (selector: string) =>
      page.evaluate((s) => document.querySelector(s)?.getBoundingClientRect().top ?? null, selector);
    const panels2 = `[data-eid="${second.id}"] .comic-strip__panels`;
    const before = await topOf(panels2);
    expect(before).not.toBeNull();
    // A pull up at the top: episode 1 comes above, its divider between, and the picture stays.
    await page.mouse.wheel(0, -300);
    await page.locator(`[data-eid="${first.id}"] .comic-panel`).first().waitFor();
    await page.getByRole('heading', { name: second.title, level: 2 }).waitFor();
    // Scroll offsets snap to device pixels: within a pixel is the same place.
    await expect
      .poll(async () => Math.abs(((await topOf(panels2)) ?? 0) - (before ?? 0)))
      .toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await page.title()).toContain(second.title);

    // Reading up: episode 1's last panel and the divider come into view, the title follows.
    const lastPanel = `[data-eid="${first.id}"] .comic-panel:last-child`;
    await expect
      .poll(async () => {
        const top = await topOf(lastPanel);
        if (top === null || top < 100) await page.mouse.wheel(0, -250);
        return top !== null && top >= 100;
      })
      .toBe(true);
    const divider = await page.getByRole('heading', { name: second.title, level: 2 }).boundingBox();
    expect(divider && divider.y >= 0 && divider.y + divider.height <= 844).toBe(true);
    await expect
      .poll(() =>
        page
          .locator(lastPanel)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await expect.poll(() => page.title()).toContain(first.title);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}/${first.id}`);
  });

  it('lands on the same place inside a 20,000 px panel on a second browser profile', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const { comic, episode, tall, natural } = await tallPanel();
    const path = `/comic/${comic.id}/${episode.id}`;
    await loginAs(page, account, path);
    await page.locator(`[data-panel="${tall}"]`).waitFor();
    const target = 12_345;
    const saved = page.waitForRequest(
      (r) => {
        if (!r.url().endsWith('/api/v1/progress') || r.method() !== 'PUT') return false;
        const body = JSON.parse(r.postData() ?? '{}') as { position?: { panel?: number } };
        return body.position?.panel === tall;
      },
      { timeout: 15_000 },
    );
    await scrollIntoPanel(page, tall, target, natural);
    const body = JSON.parse((await saved).postData() ?? '{}') as {
      kind: string;
      unitId: number;
      position: { panel: number; offset: number };
    };
    expect(body.kind).toBe('comic');
    expect(body.unitId).toBe(episode.id);
    expect(Math.abs(body.position.offset - target)).toBeLessThanOrEqual(2);
    // Leaves the reader.
    await page.goto(`${baseUrl()}/`);

    const other = await launchPhone();
    try {
      const page2 = await other.context.newPage();
      await loginAs(page2, account, path);
      await page2.locator(`[data-panel="${tall}"] img`).waitFor();
      await expect.poll(async () => (await placeAtTop(page2))?.panel).toBe(tall);
      const place = await placeAtTop(page2);
      expect(place?.eid).toBe(episode.id);
      expect(Math.abs((place?.offset ?? 0) - body.position.offset)).toBeLessThanOrEqual(3);
      // The detail page offers to go on from there.
      await page2.goto(`${baseUrl()}/comic/${comic.id}`);
      await page2.getByRole('link', { name: `继续阅读 ${episode.title}` }).waitFor();
    } finally {
      await other.close();
    }
  });

  it('keeps the strip where it was scrolled before the app came, and saves that place', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const { comic, episode, tall, natural } = await tallPanel();
    const target = 6_000;
    await loginAs(page, account, '/faq');
    // The server's page paints; the app's code comes 1.5 s later.
    await scriptsLate(page);
    try {
      const saved = page.waitForRequest((r) => r.url().endsWith('/api/v1/progress') && r.method() === 'PUT', {
        timeout: 15_000,
      });
      await page.goto(`${baseUrl()}/comic/${comic.id}/${episode.id}`, {
        waitUntil: 'commit',
        timeout: 15_000,
      });
      await page.locator(`[data-panel="${tall}"]`).waitFor();
      const scrolled = await scrollIntoPanel(page, tall, target, natural);
      expect(await isLive(page), 'the app is not there yet').toBe(false);
      // The app comes, learns there is no saved place, and leaves the reader where they are.
      const body = JSON.parse((await saved).postData() ?? '{}') as {
        unitId: number;
        position: { panel: number; offset: number };
      };
      expect(body.unitId).toBe(episode.id);
      expect(body.position.panel).toBe(tall);
      expect(Math.abs(body.position.offset - target)).toBeLessThanOrEqual(2);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(1);
    } finally {
      await scriptsOnTime(page);
    }
  });

  it('buys a locked episode once and shows its pictures', async () => {
    const { page } = phone;
    const account = await api<Account>('/user/login', {
      method: 'POST',
      form: { loginName: 'demo', password: 'demo123456' },
    });
    const comic = await comicNamed('钟楼的回声');
    const locked = (await episodesOf(comic.id, account)).find((u) => u.price > 0 && !u.vip && !u.unlocked);
    if (!locked) throw new Error('钟楼的回声 has no locked episode left for demo');
    const before = await balanceOf(account);
    await loginAs(page, account, `/comic/${comic.id}/${locked.id}`);
    await page.getByText('本话为付费章节').waitFor();
    await page.getByText(`余额 ${before} 蓝钻`).waitFor();
    await page.getByRole('button', { name: `购买 ${locked.price} 蓝钻` }).click();
    await page.locator(`[data-eid="${locked.id}"] .comic-panel`).first().waitFor();
    expect(await balanceOf(account)).toBe(before - locked.price);

    await page.reload();
    await page.locator(`[data-eid="${locked.id}"] .comic-panel`).first().waitFor();
    expect(await page.getByText('本话为付费章节').count()).toBe(0);
    expect(await balanceOf(account)).toBe(before - locked.price);
  });

  it('lists the comic in 阅读记录 and 我的订阅 under 漫画 and opens it', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const comic = await comicNamed('镜中人');
    const [episode] = await episodesOf(comic.id);
    if (!episode) throw new Error('镜中人 has no episode');
    await loginAs(page, account, `/comic/${comic.id}/${episode.id}`);
    await page.locator('.comic-panel img').first().waitFor();
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/v1/progress') && r.method() === 'PUT');
    await page.mouse.wheel(0, 600);
    await saved;
    await page.goto(`${baseUrl()}/readhistory`);
    await page.getByRole('tab', { name: '漫画' }).click();
    await page.getByRole('link', { name: /镜中人/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}/${episode.id}`);
    await page.locator('.comic-panel').first().waitFor();

    // 订阅 on the detail page puts it on 我的订阅's 漫画 tab, which opens the detail again.
    await page.goto(`${baseUrl()}/comic/${comic.id}`);
    await page.getByRole('button', { name: '订阅', exact: true }).click();
    await page.getByRole('button', { name: '已订阅' }).waitFor();
    await page.goto(`${baseUrl()}/subscriblist`);
    await page.getByRole('tab', { name: '漫画' }).click();
    await page.getByRole('link', { name: /镜中人/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/comic/${comic.id}`);
    await page.getByRole('link', { name: `继续阅读 ${episode.title}` }).waitFor();
  });

  it('finds nothing serious with the toolbars, 选集, the comments and a lock open', async () => {
    const { page } = phone;
    const account = await apiRegister();
    const comic = await comicNamed('雨停之前');
    const episodes = await episodesOf(comic.id);
    const [first] = episodes;
    const locked = episodes.find((u) => u.price > 0);
    if (!first || !locked) throw new Error('雨停之前 lacks a free or a locked episode');
    const scan = async (where: string) => {
      await settle(page, { quietMs: 500 });
      return formatViolations(await scanAccessibility(page), where);
    };
    await loginAs(page, account, `/comic/${comic.id}/${first.id}`);
    await page.locator('.comic-panel img').first().waitFor();
    await page.mouse.click(195, 420);
    await page.getByRole('slider', { name: '本话进度' }).waitFor();
    expect(await scan('reader with toolbars')).toBe('');
    await page.getByRole('button', { name: '选集' }).click();
    await page
      .getByRole('dialog', { name: '选集' })
      .getByRole('button', { name: new RegExp(first.title) })
      .waitFor();
    expect(await scan('episode drawer')).toBe('');
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: /本话评论/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: `${first.title} 评论` }).waitFor();
    expect(await scan('episode comments')).toBe('');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl()}/comic/${comic.id}/${locked.id}`);
    await page.getByRole('button', { name: /购买/ }).waitFor();
    expect(await scan('locked episode')).toBe('');
  });
});
