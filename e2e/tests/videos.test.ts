import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchPhone } from '../src/browser.ts';
import { apiRegister, asGuest, baseUrl, loginAs, usePhone } from '../src/fixtures.ts';

// Issue 9 §3, the web side: 动漫福利视频 (welfare), the player /video/:id (play, seek through
// HTTP Range, resume on another browser profile at the same second), buying a locked video, and
// the video in 阅读记录 and 我的订阅.

interface Account {
  uid: string;
  token: string;
  [key: string]: unknown;
}
interface Video {
  id: number;
  title: string;
  price: number;
  vip: boolean;
  duration: number;
  viewCount: number;
}
interface VideoDetail extends Video {
  next: Video | null;
  unlocked: boolean;
  src: string | null;
  progress: { position: { second: number } } | null;
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
const allVideos = async () => (await api<{ records: Video[] }>('/v1/video/list?pageSize=100')).records;

/** The <video>'s state, read in the page. */
const playerState = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => ({
    currentTime: v.currentTime,
    duration: v.duration,
    paused: v.paused,
    readyState: v.readyState,
    error: v.error?.code ?? null,
  }));

describe('videos at 390×844', () => {
  const phone = usePhone();
  let videos: Video[];
  let free: Video;

  beforeAll(async () => {
    // The demo clips are made in the background after start-up (docs/decisions/0038-videos.md).
    for (let i = 0; i < 240; i++) {
      videos = await allVideos();
      if (videos.length >= 16) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const found = videos.find((v) => v.price === 0 && !v.vip && v.duration >= 3);
    if (!found) throw new Error('the demo content has no free video of 3 s or more');
    free = found;
  });

  it('a guest opens 动漫福利视频: cards with cover, duration, views and VIP/price badges; a category', async () => {
    const { page } = phone;
    await asGuest(page, '/welfare');
    await page.locator('.video-card').first().waitFor();
    expect(await page.title()).toContain('动漫福利视频');
    // Infinite scroll: the grid goes on to the end of the 热门 ranking, then says so.
    const first = await api<{ records: Video[] }>('/v1/video/list?sort=1&pageSize=100');
    expect(first.records.length).toBeGreaterThan(12);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2000);
        return page.locator('.video-card__title').allTextContents();
      })
      .toEqual(first.records.map((v) => v.title));
    await page.getByText('没有更多了').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    // Every cover is an image with a fixed 16:9 box; the first row is not lazy.
    const box = await page.locator('.video-card__cover').first().boundingBox();
    expect(box && Math.round((box.width / box.height) * 9)).toBe(16);
    expect(await page.locator('.video-card__cover img').first().getAttribute('loading')).toBe('eager');
    // Badges say VIP or the price exactly for the videos that have one.
    const badges = await page
      .locator('.video-card')
      .evaluateAll((cards) => cards.map((c) => c.querySelector('.video-card__badge')?.textContent ?? ''));
    expect(badges).toEqual(first.records.map((v) => (v.vip ? 'VIP' : v.price > 0 ? `${v.price}蓝钻` : '')));

    // A category shows exactly that category's videos.
    const categories = await api<{ id: number; name: string }[]>('/v1/video/categories');
    const category = categories[1];
    await page.getByRole('tab', { name: category.name }).click();
    const inCategory = await api<{ records: Video[] }>(`/v1/video/list?category=${category.id}&pageSize=12`);
    await expect
      .poll(() => page.locator('.video-card__title').allTextContents())
      .toEqual(inCategory.records.map((v) => v.title));
    // 最新: the list the API ranks by time.
    await page.getByRole('tab', { name: '最新' }).click();
    const latest = await api<{ records: Video[] }>(
      `/v1/video/list?category=${category.id}&sort=2&pageSize=12`,
    );
    await expect
      .poll(() => page.locator('.video-card__title').allTextContents())
      .toEqual(latest.records.map((v) => v.title));
  });

  it('plays a video, seeks through HTTP Range, and resumes on a second browser profile at the same second', async () => {
    const { page } = phone;
    const account = await apiRegister();
    // Media requests: every one asks for a byte range, and none of them is answered with the whole file.
    const media: { range: string | undefined; status: number; length: number }[] = [];
    page.on('response', async (response) => {
      if (!/\/api\/v1\/video\/\d+\/file\?/.test(response.request().url())) return;
      const headers = await response.request().allHeaders();
      media.push({
        range: headers.range,
        status: response.status(),
        length: Number(response.headers()['content-length'] ?? -1),
      });
    });
    await loginAs(page, account, '/welfare');
    await page
      .getByRole('link', { name: new RegExp(free.title) })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/video/${free.id}`);
    await page.getByRole('heading', { name: free.title }).waitFor();
    await expect.poll(() => page.title()).toBe(free.title);

    // Chromium plays the H.264/AAC file for real: time moves.
    const video = page.locator('video');
    await video.waitFor();
    expect(
      await video.evaluate((v: HTMLVideoElement) =>
        v.canPlayType('video/mp4; codecs="avc1.42E01E, mp4a.40.2"'),
      ),
    ).not.toBe('');
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(async () => (await playerState(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect((await playerState(page)).error).toBeNull();

    // Seek to a second near the middle and pause there: the pause saves that second.
    const target = Math.round(free.duration * 0.6 * 10) / 10;
    const saved = page.waitForRequest(
      (r) =>
        r.url().endsWith('/api/v1/progress') && r.method() === 'PUT' && /"second":/.test(r.postData() ?? ''),
    );
    await video.evaluate(
      (v: HTMLVideoElement, at: number) =>
        new Promise<void>((resolve) => {
          v.pause();
          v.addEventListener('seeked', () => resolve(), { once: true });
          v.currentTime = at;
        }),
      target,
    );
    const body = JSON.parse((await saved).postData() ?? '{}') as {
      kind: string;
      workId: number;
      unitId: number;
      position: { second: number };
    };
    expect(body.kind).toBe('video');
    expect(body.workId).toBe(free.id);
    expect(body.unitId).toBe(free.id);
    await expect
      .poll(async () => {
        const detail = await api<VideoDetail>(`/v1/video/${free.id}`, {}, account);
        return detail.progress?.position.second;
      })
      .toBeCloseTo(target, 1);

    expect(media.length).toBeGreaterThan(0);
    expect(media.every((m) => m.range?.startsWith('bytes='))).toBe(true);
    expect(media.every((m) => m.status === 206)).toBe(true);
    // A demo clip is small enough to arrive in the first range; a seek into a long file asks for
    // the bytes at the new place only, which the same address answers:
    const part = await video.evaluate(async (v: HTMLVideoElement) => {
      const res = await fetch(v.currentSrc, { headers: { Range: 'bytes=1000-1999' } });
      return {
        status: res.status,
        range: res.headers.get('content-range'),
        bytes: (await res.arrayBuffer()).byteLength,
      };
    });
    expect(part.status).toBe(206);
    expect(part.range).toMatch(/^bytes 1000-1999\/\d+$/);
    expect(part.bytes).toBe(1000);

    // Leaves the player.
    await page.goto(`${baseUrl()}/`);

    const other = await launchPhone();
    try {
      const page2 = await other.context.newPage();
      await loginAs(page2, account, `/video/${free.id}`);
      await page2.locator('video').waitFor();
      await expect.poll(async () => (await playerState(page2)).readyState).toBeGreaterThanOrEqual(1);
      await expect.poll(async () => (await playerState(page2)).currentTime).toBeCloseTo(target, 1);
      expect(await page2.title()).toBe(free.title);
    } finally {
      await other.close();
    }

    // 阅读记录 shows the video at its second and opens the player.
    await page.goto(`${baseUrl()}/readhistory`);
    await page.getByRole('tab', { name: '视频' }).click();
    const row = page.locator('.shelf-item').filter({ hasText: free.title });
    await row.waitFor();
    const s = Math.floor(target);
    await row.getByText(`看到 ${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`).waitFor();
    await row.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/video/${free.id}`);

    // 收藏 puts it in 我的订阅, which opens the player too.
    await page.getByRole('button', { name: '收藏' }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await page.goto(`${baseUrl()}/subscriblist`);
    await page.getByRole('tab', { name: '视频' }).click();
    const shelfRow = page.locator('.shelf-item').filter({ hasText: free.title });
    await shelfRow.waitFor();
    await shelfRow.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/video/${free.id}`);
  });

  it('offers the next video when one ends: a countdown card, then the next one opens and plays', async () => {
    const { page } = phone;
    // A free video whose next one (the 下一个 of its category) is free too.
    let pair: { from: Video; next: Video } | null = null;
    for (const v of videos.filter((x) => x.price === 0 && !x.vip && x.duration >= 3)) {
      const detail = await api<VideoDetail>(`/v1/video/${v.id}`);
      if (detail.next && detail.next.price === 0 && !detail.next.vip) {
        pair = { from: v, next: detail.next };
        break;
      }
    }
    if (!pair) throw new Error('the demo content has no free video followed by a free one');
    const { from, next } = pair;
    await asGuest(page, `/video/${from.id}`);
    await page.getByRole('heading', { name: from.title, level: 1 }).waitFor();
    await expect.poll(async () => (await playerState(page)).readyState).toBeGreaterThanOrEqual(1);
    // Seek to a second before the end and play it out.
    await page.locator('video').evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.currentTime = Math.max(0, v.duration - 1);
      await v.play();
    });
    const card = page.getByRole('region', { name: '即将播放' });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText(`下一个：${next.title}`).waitFor();
    await card.getByRole('button', { name: '立即播放' }).waitFor();
    expect(await card.locator('.video-next-up__count').textContent()).toMatch(/^[1-5] 秒后自动播放$/);
    // The countdown ends: the next video opens in its place and starts (or offers 点击播放 if the
    // browser refuses to start it without a gesture).
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/video/${next.id}`);
    await page.getByRole('heading', { name: next.title, level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(next.title);
    await expect
      .poll(async () => {
        const state = await playerState(page);
        const refused = await page.getByRole('button', { name: '点击播放' }).count();
        return (!state.paused && state.currentTime > 0) || refused === 1;
      })
      .toBe(true);
  });

  it('counts a view once per viewer: not for the page’s HTML, once for a guest who reloads, once for a user from the app', async () => {
    const { page } = phone;
    // docs/decisions/0046-video-views-apart.md. A video no other test here opens (VIP), and the
    // video whose 下一个 it is, to reach it inside the app (no HTML, no first data).
    const target = videos.find((v) => v.vip);
    if (!target) throw new Error('the demo content has no VIP video');
    let before: VideoDetail | null = null;
    for (const v of videos) {
      const detail = await api<VideoDetail>(`/v1/video/${v.id}`);
      if (detail.next?.id === target.id) before = detail;
    }
    if (!before) throw new Error(`no video has ${target.id} as its next`);
    const viewsOf = async () => (await api<VideoDetail>(`/v1/video/${target.id}`)).viewCount;
    const start = await viewsOf();

    // The calls the browser makes for the video: the detail and the view.
    const calls: string[] = [];
    const onRequest = (request: { url(): string; method(): string; headers(): Record<string, string> }) => {
      const url = new URL(request.url());
      if (url.pathname === `/api/v1/video/${target.id}` || url.pathname === `/api/v1/video/${target.id}/view`)
        calls.push(`${request.method()} ${url.pathname}${request.headers().uid ? ' as user' : ''}`);
    };
    page.on('request', onRequest);
    try {
      // A guest opens the address: the server renders the page with the detail (no view), the app
      // hydrates it from the page's state (no second request for it) and counts the view by the device.
      const views = () => page.waitForResponse((r) => r.url().endsWith(`/api/v1/video/${target.id}/view`));
      let counted = views();
      await asGuest(page, `/video/${target.id}`);
      expect((await (await counted).json()).data).toEqual({ viewCount: start + 1, counted: true });
      await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
      expect(await viewsOf()).toBe(start + 1);
      // Reloading is the same viewer on the same day: no second view.
      counted = views();
      await page.reload();
      expect((await (await counted).json()).data).toEqual({ viewCount: start + 1, counted: false });
      expect(calls).toEqual([`POST /api/v1/video/${target.id}/view`, `POST /api/v1/video/${target.id}/view`]);
      await expect.poll(() => page.locator('.video-page__meta').textContent()).toContain('次播放');

      // A user goes there inside the app (下一个 under another video): the detail over the network,
      // and the view, once, by the account.
      calls.length = 0;
      const account = await apiRegister();
      await loginAs(page, account, `/video/${before.id}`);
      await page.getByRole('heading', { name: before.title, level: 1 }).waitFor();
      counted = views();
      await page.locator('.video-next').click();
      await page.getByRole('heading', { name: target.title, level: 1 }).waitFor();
      expect((await (await counted).json()).data).toEqual({ viewCount: start + 2, counted: true });
      await page.waitForTimeout(300);
      expect(calls).toEqual([
        `GET /api/v1/video/${target.id} as user`,
        `POST /api/v1/video/${target.id}/view as user`,
      ]);
      expect(await viewsOf()).toBe(start + 2);
    } finally {
      page.off('request', onRequest);
    }
  });

  it('a locked video shows its price and the balance; short of diamonds the dialog offers 去充值; buying charges once and plays', async () => {
    const { page } = phone;
    const priced = videos.find((v) => v.price > 0 && !v.vip);
    if (!priced) throw new Error('the demo content has no priced video');

    // A new account has no diamonds: 购买 opens the low-balance dialog, nothing is charged.
    const poor = await apiRegister();
    await loginAs(page, poor, `/video/${priced.id}`);
    await page.getByText('付费视频').waitFor();
    await page.getByText(`价格 ${priced.price} 蓝钻`).waitFor();
    expect(await page.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe(
      '/profile?fun=member',
    );
    await page.getByRole('button', { name: '购买' }).click();
    await page.getByRole('dialog', { name: /余额不足/ }).waitFor();
    await page.getByRole('button', { name: '取消' }).click();
    expect(await page.locator('video').count()).toBe(0);

    // The demo user buys it: charged once, then it plays; opening it again charges nothing.
    const rich = await demo();
    const before = await balanceOf(rich);
    const detail = await api<VideoDetail>(`/v1/video/${priced.id}`, {}, rich);
    expect(detail.unlocked).toBe(false);
    await loginAs(page, rich, `/video/${priced.id}`);
    await expect.poll(() => page.getByText(`余额 ${before} 蓝钻`).isVisible()).toBe(true);
    await page.getByRole('button', { name: '购买' }).click();
    await page.locator('video').waitFor();
    expect(await balanceOf(rich)).toBe(before - priced.price);
    await page.reload();
    await page.locator('video').waitFor();
    expect(await page.getByRole('button', { name: '购买' }).count()).toBe(0);
    expect(await balanceOf(rich)).toBe(before - priced.price);
  });
});
