import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { chaptersOf, detail, progress } from '../lib/fake-novels';
import BookMenuPage from './book-menu-page';

const at = { at: '/bookmenu/1', path: '/bookmenu/:id' };
/** 3.25rem at jsdom's 16px root. */
const ROW = 52;

/**
 * jsdom lays nothing out and cannot scroll: the window scrolls by `scrollTo`, and the list starts
 * 100px down the page, so its box moves up as the window scrolls.
 */
let scrollY = 0;
beforeEach(() => {
  scrollY = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrollY = options.top ?? 0;
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo);
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const top = this.classList.contains('book-menu__list') ? 100 - scrollY : 0;
    return {
      top,
      bottom: top,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: top,
      toJSON: () => '',
    } as DOMRect;
  });
});

const rows = () => within(screen.getByRole('list', { name: '章节目录' })).queryAllByRole('listitem');
/** A chapter's link, found by its title (role queries are slow over many rows in jsdom). */
const findRow = async (title: string) => (await screen.findByText(title)).closest('a') as HTMLElement;
const scrollTo = (top: number) => act(() => window.scrollTo({ top }));

describe('目录', () => {
  it('draws only the rows on screen of a 3,000-chapter book, with prices and marks', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id', () => detail({ progress: progress({ unitId: 8, unitIndex: 8 }) }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000, 8, [7]));
    renderApp(<BookMenuPage />, { ...at, server, account: TEST_ACCOUNT });
    const first = await findRow('第1章 标题1');
    expect(first.getAttribute('href')).toBe('/readbook/1/1');
    expect(rows().length).toBeLessThan(100);
    expect(screen.getByText('连载中 · 共3000章')).toBeTruthy();

    // By text, not by role: computing every link's accessible name is slow in jsdom.
    const row = (n: number) => screen.getByText(`第${n}章 标题${n}`).closest('a') as HTMLElement;
    expect(within(row(1)).getByText('免费')).toBeTruthy();
    expect(within(row(1)).getByText('已读')).toBeTruthy();
    // 7: priced at 12 for everyone, bought; 8: VIP, the saved chapter; 9: VIP, not read.
    expect(within(row(7)).getByText('已解锁')).toBeTruthy();
    expect(within(row(7)).getByText('12 蓝钻')).toBeTruthy();
    expect(row(8).getAttribute('aria-current')).toBe('true');
    expect(within(row(8)).getByText('VIP')).toBeTruthy();
    expect(within(row(9)).getByText('VIP')).toBeTruthy();
    expect(within(row(9)).queryByText('已读')).toBeNull();
    expect(within(row(9)).queryByText('已解锁')).toBeNull();

    // One block of 100 from chapter 1, then the block the window reaches as it scrolls.
    expect(server.requestsTo('GET /v1/novel/:id/chapters').map((r) => r.query.get('from'))).toEqual(['1']);
    scrollTo(100 + 2000 * ROW);
    expect(await findRow('第2001章 标题2001')).toBeTruthy();
    expect(rows().length).toBeLessThan(100);
    expect(screen.queryByText('第1章 标题1')).toBeNull();
    expect(server.requestsTo('GET /v1/novel/:id/chapters').map((r) => r.query.get('from'))).toContain('2001');
  });

  it('turns the order round: the newest chapter first', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id', () => detail())
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000));
    const { user } = renderApp(<BookMenuPage />, { ...at, server });
    await findRow('第1章 标题1');
    await user.click(screen.getByRole('tab', { name: '倒序' }));
    expect(await findRow('第3000章 标题3000')).toBeTruthy();
    expect(rows()[0].textContent).toContain('第3000章');
    const last = server.requestsTo('GET /v1/novel/:id/chapters').at(-1);
    expect([last?.query.get('order'), last?.query.get('from')]).toEqual(['desc', '3000']);
    expect(screen.getByRole('tab', { name: '倒序' }).getAttribute('aria-selected')).toBe('true');
  });

  it('jumps to the saved chapter, loading only the pages around it', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id', () => detail({ progress: progress() }))
      .on('GET /v1/novel/:id/chapters', chaptersOf(3000, 1500));
    const { user } = renderApp(<BookMenuPage />, { ...at, server, account: TEST_ACCOUNT });
    await findRow('第1章 标题1');
    await user.click(screen.getByRole('button', { name: '定位到当前章节' }));
    const current = await findRow('第1500章 标题1500');
    expect(current.getAttribute('aria-current')).toBe('true');
    const froms = server.requestsTo('GET /v1/novel/:id/chapters').map((r) => r.query.get('from'));
    // The page holding chapter 1500 (and the next, which the window's edge reaches), none between.
    expect(froms.slice(0, 2)).toEqual(['1', '1401']);
    expect(froms.length).toBeLessThanOrEqual(3);
  });

  it('says so when the book does not exist, and offers a retry when a page of chapters fails', async () => {
    const server = fakeServer().on('GET /v1/novel/:id', () => fail(404, '作品不存在', { status: 404 }));
    const { unmount } = renderApp(<BookMenuPage />, { ...at, server });
    expect(await screen.findByText('这本书不存在或已下架')).toBeTruthy();
    unmount();

    let down = true;
    const again = fakeServer()
      .on('GET /v1/novel/:id', () => detail({ unitCount: 30 }))
      .on('GET /v1/novel/:id/chapters', (request) =>
        down ? fail(500, '服务器开小差了', { status: 500 }) : chaptersOf(30)(request),
      );
    const { user } = renderApp(<BookMenuPage />, { ...at, server: again });
    const retry = await screen.findByRole('button', { name: '重新加载' });
    expect(screen.getByText('目录加载失败')).toBeTruthy();
    down = false;
    await user.click(retry);
    expect(await findRow('第10章 标题10')).toBeTruthy();
    expect(screen.queryByText('目录加载失败')).toBeNull();
  });
});
