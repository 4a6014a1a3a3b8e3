import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionState } from '../../../shared/hooks/use-session-state';
import { fail, fakeServer } from '../../../testing/fake-server';
import { scrollListsToTheEnd } from '../../../testing/infinite-scroll';
import { renderApp } from '../../../testing/render';
import { CATEGORIES, work } from '../lib/fake-novels';
import NovelsPage from './novels-page';

const BOOKS = [
  work({ id: 1, title: '万古星河', author: '青衫客', category: CATEGORIES[0] }),
  work({ id: 2, title: '霓虹旧梦', author: '林深', category: CATEGORIES[1], status: 1 }),
  work({ id: 3, title: '剑出青云', author: '北山有木', category: CATEGORIES[0], status: 1 }),
];

/** The 书城's calls: categories and a list that filters by category, sort (3 = finished) and keyword. */
function shopServer() {
  return fakeServer()
    .on('GET /v1/novel/categories', () => CATEGORIES)
    .on('GET /v1/novel/list', ({ query }) => {
      const category = Number(query.get('category') ?? 0);
      const keyword = query.get('keyword') ?? '';
      const records = BOOKS.filter(
        (b) =>
          (!category || b.category.id === category) &&
          (query.get('sort') !== '3' || b.status === 1) &&
          (!keyword || b.title.includes(keyword) || b.author.includes(keyword)),
      );
      return { records, total: records.length, size: 18, current: 1, pages: 1, nextCursor: null };
    });
}

const titles = () => screen.queryAllByRole('link').map((a) => a.textContent);
/** Waits long enough for the debounce and a slow shared machine. */
const WAIT = { timeout: 4000 };

describe('书城', () => {
  beforeEach(() => clearSessionState());

  it('shows the covers of every category, then one category, then its finished books', async () => {
    const { server, user } = renderApp(<NovelsPage />, { at: '/novels', server: shopServer() });
    expect(await screen.findByRole('img', { name: '《万古星河》封面' })).toBeTruthy();
    expect(titles()).toHaveLength(3);
    expect(screen.getByText('没有更多了')).toBeTruthy();
    const cover = screen.getByRole('img', { name: '《万古星河》封面' });
    // The first row is above the fold: its covers are the page's largest paint and load at once.
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(cover.getAttribute('fetchpriority')).toBe('high');
    expect(screen.getByRole('link', { name: /万古星河/ }).getAttribute('href')).toBe('/bookinfo/1');

    await user.click(screen.getByRole('tab', { name: '玄幻' }));
    await vi.waitFor(() => expect(titles()).toHaveLength(2), WAIT);
    expect(screen.queryByText('霓虹旧梦')).toBeNull();
    expect(server.requestsTo('GET /v1/novel/list').at(-1)?.query.get('category')).toBe('1');

    await user.click(screen.getByRole('tab', { name: '完结' }));
    await vi.waitFor(() => expect(titles()).toHaveLength(1), WAIT);
    expect(screen.getByText('剑出青云')).toBeTruthy();
    const last = server.requestsTo('GET /v1/novel/list').at(-1);
    expect([last?.query.get('category'), last?.query.get('sort')]).toEqual(['1', '3']);
    expect(screen.getByRole('tab', { name: '完结' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches by title or author once typing settles, and says when nothing matches', async () => {
    const { server, user } = renderApp(<NovelsPage />, { at: '/novels', server: shopServer() });
    await screen.findByText('万古星河');
    const box = screen.getByRole('searchbox', { name: '搜索书名或作者' });
    await user.type(box, '林深');
    await vi.waitFor(() => expect(titles()).toHaveLength(1), WAIT);
    expect(screen.getByText('霓虹旧梦')).toBeTruthy();
    // One request for the settled keyword, not one per key.
    const keywords = server.requestsTo('GET /v1/novel/list').map((r) => r.query.get('keyword'));
    expect(keywords).toEqual([null, '林深']);

    await user.clear(box);
    await user.type(box, '不存在的书');
    expect(await screen.findByText('没有找到与“不存在的书”相关的书', {}, WAIT)).toBeTruthy();
  });

  it('offers a retry when the list fails, and shows the books after it', async () => {
    let down = true;
    const server = shopServer();
    server.on('GET /v1/novel/list', () =>
      down
        ? fail(500, '服务器开小差了', { status: 500 })
        : { records: BOOKS, total: 3, size: 18, current: 1, pages: 1, nextCursor: null },
    );
    const { user } = renderApp(<NovelsPage />, { at: '/novels', server });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('加载失败，请检查网络后重试')).toBeTruthy();
    down = false;
    await user.click(within(alert).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('剑出青云')).toBeTruthy();
  });

  it('loads the next page by cursor', async () => {
    const server = shopServer().on('GET /v1/novel/list', ({ query }) =>
      query.get('cursor') === 'p2'
        ? { records: [BOOKS[2]], total: 0, size: 18, current: 1, pages: 0, nextCursor: null }
        : { records: BOOKS.slice(0, 2), total: 0, size: 18, current: 1, pages: 0, nextCursor: 'p2' },
    );
    // jsdom lays nothing out: the list's end counts as on screen.
    scrollListsToTheEnd();
    renderApp(<NovelsPage />, { at: '/novels', server });
    // The first page does not fill the screen, so the list asks for the next one at once.
    expect(await screen.findByText('剑出青云', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(server.requestsTo('GET /v1/novel/list').map((r) => r.query.get('cursor'))).toEqual([null, 'p2']);
  });
});
