import type { Home, SearchAnswer } from '@ld/contract/home';
import { describe, expect, it } from 'vitest';
import { formatViolations, scanAccessibility, settle } from '../src/axe.ts';
import { apiRegister, asGuest, baseUrl, clearBrowser, usePhone } from '../src/fixtures.ts';

// Issue 10 §1 and §5 in Chromium at 390×844: the home's sections of what the portal has, the one
// search across every kind (suggestions as you type, results grouped by kind), and the start-up
// popups one at a time, each once a day.

async function get<T>(url: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`);
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${url}: ${envelope.msg}`);
  return envelope.data;
}

describe('home at 390×844', () => {
  const phone = usePhone();

  it('shows the banners, the entries and a section per kind the portal has, each with 更多', async () => {
    const { page } = phone;
    const home = await get<Home>('/v1/home');
    await asGuest(page, '/');
    const banners = page.getByRole('region', { name: '活动推荐' });
    await banners.waitFor();
    expect(await banners.getByRole('link').count()).toBe(2);
    expect(
      await page.getByRole('navigation', { name: '快捷入口' }).getByRole('link').allTextContents(),
    ).toEqual(['签到', '活动中心', '书城', '福利视频', '礼包中心', '充值', '邀请好友']);

    // The demo portal has games, novels and posts; every section the API answers is on the page,
    // in its order, and no other (comics and videos appear once they have works).
    expect(home.sections.map((s) => s.kind)).toEqual(expect.arrayContaining(['game', 'novel', 'post']));
    await page.getByRole('region', { name: home.sections[0].title }).waitFor();
    expect(await page.locator('.home-section h2').allTextContents()).toEqual(
      home.sections.map((s) => s.title),
    );
    for (const section of home.sections) {
      const region = page.getByRole('region', { name: section.title });
      expect(await region.getByRole('listitem').count()).toBe(section.items.length);
      expect(await region.getByRole('link', { name: `更多${section.title}` }).getAttribute('href')).toBe(
        section.more,
      );
    }

    // 更多 of the games opens the game list; a game opens its page.
    await page.getByRole('link', { name: '更多热门游戏' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/games');
    await page.goBack();
    const firstGame = home.sections.find((s) => s.kind === 'game')!.items[0];
    await page.getByRole('region', { name: '热门游戏' }).getByRole('link', { name: firstGame.title }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(firstGame.path);
  });

  it('suggests titles as you type, opens one, and shows every kind that matched, grouped', async () => {
    const { page } = phone;
    const home = await get<Home>('/v1/home');
    const novel = home.sections.find((s) => s.kind === 'novel')!.items[0];
    const keyword = [...novel.title].slice(0, 2).join('');
    await asGuest(page, '/');
    const box = page.getByRole('searchbox', { name: '搜索' });
    await box.click();
    await box.pressSequentially(keyword, { delay: 50 });
    const suggestions = page.getByRole('list', { name: '搜索建议' });
    await suggestions.waitFor();
    const titles = await suggestions.locator('.search-box__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.every((t) => t.includes(keyword))).toBe(true);
    expect(titles).toContain(novel.title);
    await suggestions
      .getByRole('link', { name: new RegExp(novel.title) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(novel.path);

    // 搜索 opens the results, grouped by kind as the API groups them; a result opens its page.
    await page.goto(`${baseUrl()}/`);
    await page.getByRole('searchbox', { name: '搜索' }).fill(keyword);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    const answer = await get<SearchAnswer>(`/v1/search?keyword=${encodeURIComponent(keyword)}`);
    await page.locator('.search-group').first().waitFor();
    expect(await page.locator('.search-group h2').allTextContents()).toEqual(
      answer.groups.map((g) => `${g.title}${g.total} 个结果`),
    );
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      '全部',
      ...answer.groups.map((g) => g.title),
    ]);
    expect(formatViolations(await scanAccessibility(page), 'search results')).toBe('');
    const first = answer.groups[0].items[0];
    await page
      .getByRole('region', { name: new RegExp(answer.groups[0].title) })
      .getByRole('link')
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(first.path);

    // One kind's tab lists that kind alone.
    await page.goBack();
    const novels = answer.groups.find((g) => g.kind === 'novel')!;
    await page.getByRole('tab', { name: novels.title }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe('novel');
    await page.locator('.search-kind-list .search-row').first().waitFor();
    const all = await get<SearchAnswer>(
      `/v1/search?keyword=${encodeURIComponent(keyword)}&kind=novel&pageSize=20`,
    );
    await expect
      .poll(() => page.locator('.search-kind-list .search-row__title').allTextContents())
      .toEqual(all.groups[0].items.map((i) => i.title));
  });

  it('opens the start-up popups one at a time, the bulletin first, each once a day', async () => {
    const { page } = phone;
    const user = await apiRegister();
    await clearBrowser(page);
    await page.evaluate((acc) => {
      localStorage.setItem('ld-account', JSON.stringify({ state: { account: acc }, version: 1 }));
    }, user);
    await page.goto(`${baseUrl()}/`);
    const dialogs = page.getByRole('dialog');

    // The bulletin first, alone. It is in the server's HTML and opens before the app has drawn the
    // home; the home fills in under it.
    await expect.poll(() => dialogs.count(), { timeout: 10_000 }).toBe(1);
    expect(await dialogs.textContent()).toContain('发布时间');
    await expect.poll(() => page.getByRole('region', { name: '活动推荐' }).count()).toBe(1);
    expect(await dialogs.count()).toBe(1);
    await page.getByRole('button', { name: '我知道了' }).click();

    // Then the check-in reminder (this user has not checked in today), alone.
    await expect.poll(() => page.getByRole('dialog', { name: '今日还未签到' }).count()).toBe(1);
    expect(await dialogs.count()).toBe(1);
    await page.getByRole('button', { name: '稍后再说' }).click();

    // Then an ongoing activity, if the portal has one, alone.
    const ongoing = await get<Array<{ title: string }>>('/v1/activity/list?status=ongoing');
    if (ongoing.length > 0) {
      await expect.poll(() => page.getByRole('dialog', { name: ongoing[0].title }).count()).toBe(1);
      expect(await dialogs.count()).toBe(1);
      await page.getByRole('button', { name: '关闭' }).click();
    }
    await expect.poll(() => dialogs.count()).toBe(0);

    // Each kind once a day: the next start shows none of them.
    await page.reload();
    await settle(page, { quietMs: 1500 });
    expect(await dialogs.count()).toBe(0);
  });
});
