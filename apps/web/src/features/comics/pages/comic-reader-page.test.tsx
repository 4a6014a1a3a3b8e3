import { ErrorCode } from '@ld/contract/codes';
import type { Episode } from '@ld/contract/comics';
import type { WorkDetail } from '@ld/contract/content';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import type { EpisodeResult } from '../api/get-episode';
import ComicReaderPage from './comic-reader-page';

// The reader reads on upward: near the top of the first episode, moving up, the previous episode
// joins above under its divider and the picture in view stays where it was. jsdom lays nothing
// out, so this file gives the page a small layout of its own (below): blocks stacked in DOM order,
// each panel as tall as its inline height, a 390 × 844 window that scrolls.

/** The episodes the fake server answers, by id: an episode, or the lock (code 1005) with its price. */
const episodeAnswers = new Map<number, () => Promise<EpisodeResult>>();
const answerEpisode = async (eid: number) => {
  const answer = episodeAnswers.get(eid);
  if (!answer) throw new Error(`no episode ${eid}`);
  const result = await answer();
  return result.state === 'open'
    ? result.episode
    : fail(ErrorCode.unitLocked, '本话需解锁后阅读', { data: result.locked });
};
const comic: WorkDetail = {
  id: 5,
  kind: 'comic',
  title: '夏日烟火',
  author: '青木',
  cover: '/uploads/comics/5/cover.webp',
  category: { id: 1, name: '热血' },
  tags: [],
  status: 0,
  unitCount: 2,
  latestUnit: null,
  viewCount: 20,
  intro: '一部测试用的漫画。',
  wordCount: null,
  subscribed: false,
  progress: null,
};

const WIDTH = 390;
const VIEW = 844;
/** The fake layout's fixed heights (px) of what is not a panel. */
const H = { h1: 48, divider: 70, end: 100, loading: 120, lock: 320 };

const episode = (id: number, index: number, over: Partial<Episode> = {}): Episode => ({
  id,
  workId: 5,
  index,
  title: `第${index}话`,
  panels: [0, 1, 2].map((p) => ({ url: `/uploads/comics/5/${id}-${p}.webp`, width: 800, height: 1200 })),
  prevId: null,
  nextId: null,
  prev: null,
  next: null,
  commentCount: 0,
  price: 0,
  vip: false,
  charged: 0,
  ...over,
});
const PANEL = (1200 * WIDTH) / 800;

let scrollY = 0;
/** Where each laid-out element starts on the page (px) and how tall it is. */
function layoutPage(): Map<Element, { top: number; height: number }> {
  const boxes = new Map<Element, { top: number; height: number }>();
  const strip = document.querySelector('.comic-strip');
  if (!strip) return boxes;
  let y = 0;
  for (const block of strip.querySelectorAll('.comic-episode-block')) {
    const blockTop = y;
    for (const child of block.children) {
      const top = y;
      if (child.matches('.comic-strip__title')) y += H.h1;
      else if (child.matches('.comic-strip__divider')) y += H.divider;
      else if (child.matches('.comic-strip__end')) y += H.end;
      else if (child.matches('.comic-lock')) y += H.lock;
      else if (child.matches('.comic-strip__panels')) {
        let panelTop = y;
        for (const panel of child.querySelectorAll<HTMLElement>('.comic-panel')) {
          const height = Number.parseFloat(panel.style.height);
          boxes.set(panel, { top: panelTop, height });
          panelTop += height;
        }
        y += Number.parseFloat((child as HTMLElement).style.height);
      } else y += H.loading;
      boxes.set(child, { top, height: y - top });
    }
    boxes.set(block, { top: blockTop, height: y - blockTop });
  }
  boxes.set(strip, { top: 0, height: y });
  return boxes;
}
function rectOf(this: Element): DOMRect {
  const box = layoutPage().get(this) ?? { top: 0, height: 0 };
  const top = box.top - scrollY;
  return {
    top,
    bottom: top + box.height,
    height: box.height,
    left: 0,
    right: WIDTH,
    width: WIDTH,
    x: 0,
    y: top,
    toJSON: () => ({}),
  };
}
const pageHeight = () => layoutPage().get(document.querySelector('.comic-strip') as Element)?.height ?? 0;
function scrollToY(y: number) {
  scrollY = Math.max(0, Math.min(y, pageHeight() - VIEW));
}
/** The reader scrolls by `dy` (negative: up), as a thumb would; the view is read in the next frame. */
async function scrollBy(dy: number) {
  await act(async () => {
    if (dy < 0) fireEvent.wheel(window, { deltaY: dy });
    scrollToY(scrollY + dy);
    fireEvent.scroll(window);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  });
}
const topOf = (selector: string) => (document.querySelector(selector) as Element).getBoundingClientRect().top;

beforeEach(() => {
  scrollY = 0;
  episodeAnswers.clear();
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(rectOf);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(VIEW);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) =>
    scrollToY(y)) as typeof window.scrollTo);
  vi.spyOn(window, 'scrollBy').mockImplementation(((_x: number, y: number) =>
    scrollToY(scrollY + y)) as typeof window.scrollBy);
});
afterEach(() => guestProgress.clear());

const at = { at: '/comic/5/12', path: '/comic/:id/:eid' };
/** The reader counts the comic's view once per page (docs/decisions/0046-video-views-apart.md). */
const readerServer = () =>
  fakeServer()
    .on('GET /v1/comic/:id', () => comic)
    .on('GET /v1/comic/:id/episode/:eid', (r) => answerEpisode(Number(r.params.eid)))
    .on('POST /v1/comic/:id/view', () => ({ viewCount: 3, counted: true }));

describe('reading up into the previous episode', () => {
  it('prepends the previous episode above its divider without moving the picture in view', async () => {
    let answerFirst: (r: EpisodeResult) => void = () => {};
    const prev = { id: 11, title: '第1话', price: 0, vip: false, unlocked: true };
    episodeAnswers.set(12, async () => ({ state: 'open', episode: episode(12, 2, { prevId: 11, prev }) }));
    episodeAnswers.set(11, () => new Promise((r) => (answerFirst = r)));
    const { server } = renderApp(<ComicReaderPage />, { ...at, server: readerServer() });
    await screen.findByRole('heading', { name: '第2话', level: 1 });
    await waitFor(() => expect(document.title).toBe('第2话 · 夏日烟火'));
    const panels12 = '[data-eid="12"] .comic-strip__panels';
    const before = topOf(panels12);
    expect(before).toBe(H.h1);
    // Opened at its top, the previous episode is not asked until the reader moves up.
    expect(document.querySelector('[data-eid="11"]')).toBeNull();

    // A pull up at the very top: episode 1 joins above (still loading) and the picture stays put.
    await scrollBy(-200);
    await waitFor(() => expect(document.querySelector('[data-eid="11"]')).not.toBeNull());
    expect(screen.getByRole('heading', { name: '第2话', level: 2 })).toBeTruthy();
    expect(topOf(panels12)).toBe(before);
    // Its panels arrive: their heights are known at once, and the picture still does not move.
    await act(async () =>
      answerFirst({ state: 'open', episode: episode(11, 1, { nextId: 12, next: null }) }),
    );
    await screen.findByRole('heading', { name: '第1话', level: 1 });
    expect(topOf(panels12)).toBe(before);
    // The page moved down by all that came above: episode 1 (title, panels, end) and the divider
    // that took the place of episode 2's title.
    expect(scrollY).toBe(3 * PANEL + H.end + H.divider);

    // Reading up: episode 1's last panel (with its picture) and the divider come into view, and
    // the title, the address and the saved place follow episode 1.
    await scrollBy(-400);
    const last = document.querySelector<HTMLElement>('[data-eid="11"] [data-panel="2"]') as HTMLElement;
    const rect = last.getBoundingClientRect();
    expect(rect.bottom).toBeGreaterThan(0);
    expect(rect.top).toBeLessThan(VIEW);
    expect(last.querySelector('img')?.getAttribute('alt')).toBe('第1话 第3格');
    const divider = screen.getByRole('heading', { name: '第2话', level: 2 }).getBoundingClientRect();
    expect(divider.top).toBeGreaterThanOrEqual(0);
    expect(divider.bottom).toBeLessThan(VIEW);
    await waitFor(() => expect(document.title).toBe('第1话 · 夏日烟火'));
    expect(window.location.pathname).toBe('/comic/5/11');
    await waitFor(() => expect(guestProgress.get('comic', 5)?.unitId).toBe(11), { timeout: 3000 });
    expect(guestProgress.get('comic', 5)?.position).toMatchObject({ panel: 2 });
    // One view of the comic for the page, however many episodes it went through.
    const views = server.requestsTo('POST /v1/comic/:id/view');
    expect(views.map((r) => r.params.id)).toEqual(['5']);
    expect(views[0].form.get('deviceId')).toBe(localStorage.getItem('deviceID'));
  });

  it('shows a locked previous episode with its price and 购买 above the one being read', async () => {
    // The open episode names its previous one (title, price, still locked for this reader).
    const prev = { id: 11, title: '第1话 初见', price: 5, vip: false, unlocked: false };
    episodeAnswers.set(12, async () => ({ state: 'open', episode: episode(12, 2, { prevId: 11, prev }) }));
    episodeAnswers.set(11, async () => ({ state: 'locked', locked: { price: 5, vip: false, coinNum: 40 } }));
    const { server } = renderApp(<ComicReaderPage />, {
      ...at,
      account: TEST_ACCOUNT,
      server: readerServer(),
    });
    server
      .on('GET /v1/reading/settings', () => ({
        autoUnlock: { enabled: false, dailyCap: 100, todaySpent: 0 },
        reader: { fontSize: 18, lineHeight: 1.8, theme: 'white', mode: 'scroll' },
      }))
      .on('PUT /v1/progress', (r) => {
        const body = r.json as { unitId: number; position: { panel: number; offset: number } };
        return {
          kind: 'comic',
          workId: 5,
          unitId: body.unitId,
          unitIndex: 2,
          unitTitle: '第2话',
          position: body.position,
          clientTime: 1,
          percent: 10,
          readTime: new Date().toISOString(),
        };
      });
    await screen.findByRole('heading', { name: '第2话', level: 1 });
    const before = topOf('[data-eid="12"] .comic-strip__panels');
    await scrollBy(-200);
    await screen.findByRole('button', { name: '购买 5 蓝钻' });
    expect(screen.getByText('本话为付费章节')).toBeTruthy();
    expect(screen.getByText('余额 40 蓝钻')).toBeTruthy();
    expect(topOf('[data-eid="12"] .comic-strip__panels')).toBe(before);
    // Reading up onto the lock: it is named as the previous episode, by its real title.
    await scrollBy(-300);
    const lock = document.querySelector('[data-eid="11"]') as HTMLElement;
    expect(lock.getAttribute('aria-label')).toBe('第1话 初见');
    expect(lock.querySelector('.comic-lock__episode')?.textContent).toBe('上一话：第1话 初见');
    expect(screen.getByText('上一话：第1话 初见')).toBeTruthy();
  });
});

describe('an episode that is not there', () => {
  it('says it is gone, with the way to the episode list, and toasts nothing', async () => {
    const server = readerServer().on('GET /v1/comic/:id/episode/:eid', () =>
      fail(ErrorCode.notFound, '话不存在', { status: 404 }),
    );
    renderApp(<ComicReaderPage />, { ...at, server });
    expect(await screen.findByText('这一话不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去选集看看' }).getAttribute('href')).toBe('/comic/5');
    // Not a failure to retry, nor a technical toast ("请求地址出错: /v1/comic/…").
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(useToastStore.getState().items).toEqual([]);
  });
});
