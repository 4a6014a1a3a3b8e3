import type { Work } from '@ld/contract/content';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionState } from '../../../shared/hooks/use-session-state';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import { layOutAt } from '../../../testing/server-rendered';
import ComicsPage from './comics-page';

const CATEGORIES = [
  { id: 1, name: '恋爱' },
  { id: 2, name: '悬疑' },
];
const comic = (id: number, over: Partial<Work> = {}): Work => ({
  id,
  kind: 'comic',
  title: `漫画${id}`,
  author: '作者',
  cover: `/uploads/comics/${id}.webp`,
  category: CATEGORIES[0] as Work['category'],
  tags: [],
  status: 0,
  unitCount: 12,
  latestUnit: { id: id * 100, index: 12, title: '第12话 终章', updateTime: new Date().toISOString() },
  viewCount: 1,
  ...over,
});
/** 5,000 comics, the whole list in one answer: the grid must still draw only what is in view. */
const MANY = Array.from({ length: 5000 }, (_, i) => comic(i + 1, i % 2 ? { category: CATEGORIES[1] } : {}));
const page = (records: Work[]) => ({
  records,
  total: records.length,
  size: 30,
  current: 1,
  pages: 1,
  nextCursor: null,
});

function comicServer(list: Work[] = MANY) {
  return fakeServer()
    .on('GET /v1/comic/categories', () => CATEGORIES)
    .on('GET /v1/comic/list', ({ query }) => {
      const category = Number(query.get('category') ?? 0);
      const keyword = query.get('keyword') ?? '';
      return page(
        list.filter((w) => (!category || w.category.id === category) && (!keyword || w.title === keyword)),
      );
    });
}

const WAIT = { timeout: 4000 };

describe('色漫', () => {
  beforeEach(() => {
    clearSessionState();
    // jsdom lays nothing out: the grid is 390 px wide at the top of an 844 px window.
    layOutAt(390);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws only the rows in view of 5,000 covers, each linking to its comic', async () => {
    const { server, user } = renderApp(<ComicsPage />, { at: '/animate', server: comicServer() });
    const grid = await screen.findByRole('list', { name: '漫画列表' });
    const links = await within(grid).findAllByRole('link');
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThan(60);
    expect(links[0]?.getAttribute('href')).toBe('/comic/1');
    expect(within(grid).getAllByRole('listitem')[0]?.getAttribute('aria-setsize')).toBe('5000');
    // The three rows a 390×844 phone shows are fetched at once, the first row's (the largest
    // paint) first at high priority; the rows below wait until they near the screen.
    const cover = (id: number) => grid.querySelector(`a[href="/comic/${id}"] img`);
    const loading = (id: number) => cover(id)?.getAttribute('loading');
    const priority = (id: number) => cover(id)?.getAttribute('fetchpriority') ?? 'auto';
    expect([1, 3, 7, 9].map(loading)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect([1, 3, 4, 9].map(priority)).toEqual(['high', 'high', 'auto', 'auto']);
    expect([10, 12].map(loading)).toEqual(['lazy', 'lazy']);

    await user.click(screen.getByRole('tab', { name: '悬疑' }));
    await vi.waitFor(() => expect(screen.getAllByRole('link', { name: /漫画2/ })[0]).toBeTruthy(), WAIT);
    expect(server.requestsTo('GET /v1/comic/list').at(-1)?.query.get('category')).toBe('2');
  });

  it('says when a search finds nothing', async () => {
    const { user } = renderApp(<ComicsPage />, { at: '/animate', server: comicServer() });
    await screen.findByRole('list', { name: '漫画列表' });
    await user.type(screen.getByRole('searchbox', { name: '搜索漫画名或作者' }), '没有');
    expect(await screen.findByText('没有找到与“没有”相关的漫画', {}, WAIT)).toBeTruthy();
  });

  it('offers a retry when the list fails, and shows the covers after it', async () => {
    let down = true;
    const server = comicServer().on('GET /v1/comic/list', () =>
      down ? fail(500, '服务器开小差了', { status: 500 }) : page(MANY.slice(0, 3)),
    );
    const { user } = renderApp(<ComicsPage />, { at: '/animate', server });
    const alert = await screen.findByRole('alert');
    down = false;
    await user.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('link', { name: /漫画3/ })).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });
});
