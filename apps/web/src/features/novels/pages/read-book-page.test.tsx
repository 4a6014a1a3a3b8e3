import type { ReadingSettings, WorkDetail } from '@ld/contract/content';
import type { Chapter } from '@ld/contract/novels';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { type FakeServer, fail, fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import ReadBookPage from './read-book-page';

const PARAGRAPHS = [
  '第一段：雨落在青石街上。',
  '第二段：他推开门。',
  '第三段：灯下有人。',
  '第四段：“你来了？”',
  '第五段：风停了。',
];

const chapter = (id: number, over: Partial<Chapter> = {}): Chapter => ({
  id,
  workId: 7,
  index: id - 100,
  title: `第${id - 100}章 夜雨`,
  paragraphs: PARAGRAPHS.map((p) => `${p}（${id}）`),
  prevId: id > 101 ? id - 1 : null,
  nextId: id + 1,
  prev: id > 101 ? { id: id - 1, title: `第${id - 101}章 夜雨`, price: 0, vip: false, unlocked: true } : null,
  next: { id: id + 1, title: `第${id - 99}章 晨光`, price: 0, vip: false, unlocked: true },
  paragraphCommentCounts: PARAGRAPHS.map(() => 0),
  price: 0,
  vip: false,
  charged: 0,
  ...over,
});

const book = (over: Partial<WorkDetail> = {}): WorkDetail => ({
  id: 7,
  kind: 'novel',
  title: '青石夜行',
  author: '南山',
  cover: '/covers/7.webp',
  category: { id: 1, name: '悬疑' },
  tags: [],
  status: 0,
  unitCount: 40,
  latestUnit: null,
  viewCount: 12,
  intro: '',
  wordCount: 120000,
  subscribed: false,
  progress: null,
  ...over,
});

const settings = (over: Partial<ReadingSettings['reader']> = {}): ReadingSettings => ({
  autoUnlock: { enabled: false, dailyCap: 100, todaySpent: 0 },
  reader: { fontSize: 18, lineHeight: 1.8, theme: 'white', mode: 'scroll', ...over },
});

const toasts = () => useToastStore.getState().items.map((t) => t.message);

/** A server where every chapter from 101 is free and the book has no saved progress. */
function freeBook(): FakeServer {
  return fakeServer()
    .on('GET /v1/novel/:id/chapter/:cid', (r) => chapter(Number(r.params.cid)))
    .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
    .on('GET /v1/novel/:id', () => book());
}

function open(at: string, server: FakeServer, loggedIn = false) {
  // jsdom has no layout and no scrolling: the reader's scrollTo is recorded instead.
  const scrolls: number[] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrolls.push(y);
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  }) as typeof window.scrollTo);
  const view = renderApp(<ReadBookPage />, {
    at,
    path: '/readbook/:id/:cid',
    server,
    account: loggedIn ? {} : undefined,
    routes: { '/recharge': <p>充值页</p>, '/login': <p>登录页</p> },
  });
  return { ...view, scrolls };
}

/** A layout for the paragraphs: each 100px tall, one under the other from 80px, moved by scrollY. */
function layOutParagraphs() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const index = Number((this as HTMLElement).dataset?.p ?? Number.NaN);
    const top = Number.isNaN(index) ? 0 : 80 + index * 100 - window.scrollY;
    return {
      top,
      bottom: top + (Number.isNaN(index) ? 0 : 100),
      left: 20,
      right: 370,
      width: 350,
      height: 100,
      x: 20,
      y: top,
      toJSON: () => ({}),
    };
  });
}

describe('阅读器', () => {
  it('shows the chapter text with its title as the document title, and prefetches the next chapter', async () => {
    const server = freeBook();
    open('/readbook/7/101', server);
    expect(await screen.findByRole('heading', { name: '第1章 夜雨' })).toBeTruthy();
    expect(screen.getByText('第三段：灯下有人。（101）')).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('第1章 夜雨'));
    // 下一章 is already in the cache: the reader asked for chapter 102 without being told to.
    await vi.waitFor(() =>
      expect(server.requestsTo('GET /v1/novel/:id/chapter/:cid').map((r) => r.params.cid)).toEqual([
        '101',
        '102',
      ]),
    );
  });

  it('toggles the toolbars with a tap in the middle, and goes to the next chapter', async () => {
    const { user, router } = open('/readbook/7/101', freeBook());
    const text = await screen.findByText('第一段：雨落在青石街上。（101）');
    expect(screen.queryByRole('button', { name: '设置' })).toBeNull();
    await user.click(text);
    expect(screen.getByRole('button', { name: '设置' })).toBeTruthy();
    expect(screen.getByText('青石夜行')).toBeTruthy();
    await user.click(screen.getByText('第二段：他推开门。（101）'));
    expect(screen.queryByRole('button', { name: '设置' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: '下一章' })[0]);
    expect(router.state.location.pathname).toBe('/readbook/7/102');
    expect(await screen.findByRole('heading', { name: '第2章 夜雨' })).toBeTruthy();
  });

  it('counts the book’s view once for the page, not again for the chapters read on', async () => {
    const server = freeBook();
    const { user, router } = open('/readbook/7/101', server);
    await screen.findByRole('heading', { name: '第1章 夜雨' });
    await vi.waitFor(() => expect(server.requestsTo('POST /v1/novel/:id/view')).toHaveLength(1));
    const [view] = server.requestsTo('POST /v1/novel/:id/view');
    expect(view.params.id).toBe('7');
    // A guest reader is counted by the device.
    expect(view.form.get('deviceId')).toBe(localStorage.getItem('deviceID'));
    await user.click(screen.getAllByRole('button', { name: '下一章' })[0]);
    expect(router.state.location.pathname).toBe('/readbook/7/102');
    expect(await screen.findByRole('heading', { name: '第2章 夜雨' })).toBeTruthy();
    expect(server.requestsTo('POST /v1/novel/:id/view')).toHaveLength(1);
  });

  it('shows what the next chapter costs on 下一章 before it is opened, and does not prefetch it', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', () =>
        chapter(101, { next: { id: 102, title: '第2章', price: 5, vip: false, unlocked: false } }),
      )
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book());
    open('/readbook/7/101', server);
    expect(await screen.findByRole('button', { name: '下一章 · 5 蓝钻' })).toBeTruthy();
    expect(server.requestsTo('GET /v1/novel/:id/chapter/:cid')).toHaveLength(1);
  });

  it('remembers the settings on the account when logged in', async () => {
    const server = freeBook()
      .on('GET /v1/reading/settings', () => settings())
      .on('PUT /v1/reading/settings', (r) => {
        const body = r.json as { reader: Partial<ReadingSettings['reader']> };
        return settings({ fontSize: 19, ...body.reader });
      })
      .on('PUT /v1/progress', () => fail(1, 'unused'));
    const { user, container } = open('/readbook/7/101', server, true);
    await user.click(await screen.findByText('第一段：雨落在青石街上。（101）'));
    await user.click(screen.getByRole('button', { name: '设置' }));
    const sheet = await screen.findByRole('dialog', { name: '阅读设置' });
    await user.click(within(sheet).getByRole('button', { name: '字号增大' }));
    await user.click(within(sheet).getByRole('button', { name: '夜间' }));
    await vi.waitFor(() => expect(server.requestsTo('PUT /v1/reading/settings')).toHaveLength(2));
    const bodies = server
      .requestsTo('PUT /v1/reading/settings')
      .map((r) => (r.json as { reader: unknown }).reader);
    expect(bodies).toEqual([{ fontSize: 19 }, { theme: 'night' }]);
    expect(container.querySelector('.reader--night')).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: '夜间' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('remembers a guest’s settings on this device', async () => {
    const first = open('/readbook/7/101', freeBook());
    await first.user.click(await screen.findByText('第一段：雨落在青石街上。（101）'));
    await first.user.click(screen.getByRole('button', { name: '设置' }));
    await first.user.click(screen.getByRole('button', { name: '左右翻页' }));
    await first.user.click(screen.getByRole('button', { name: '米黄' }));
    first.unmount();
    const second = open('/readbook/7/101', freeBook());
    await screen.findByText('第一段：雨落在青石街上。（101）');
    expect(second.container.querySelector('.reader--sepia .reader-view--page')).toBeTruthy();
  });

  it('buys a locked chapter once, shows the new balance and the text', async () => {
    let bought = false;
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', () =>
        bought
          ? chapter(130, { price: 5 })
          : fail(1005, '本章需要购买', { data: { price: 5, vip: false, coinNum: 100 } }),
      )
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book())
      .on('GET /v1/reading/settings', () => settings())
      .on('POST /v1/novel/:id/unit/:unitId/unlock', () => {
        bought = true;
        return { charged: 5, coinNum: 95 };
      })
      .on('PUT /v1/progress', () => fail(1, 'unused'));
    const { user } = open('/readbook/7/130', server, true);
    expect(await screen.findByText('本章为付费章节')).toBeTruthy();
    expect(screen.getByText('余额 100 蓝钻')).toBeTruthy();
    expect(screen.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/profile?fun=member');
    await user.click(screen.getByRole('button', { name: '购买本章' }));
    expect(await screen.findByRole('heading', { name: '第30章 夜雨' })).toBeTruthy();
    expect(server.requestsTo('POST /v1/novel/:id/unit/:unitId/unlock')).toHaveLength(1);
    expect(server.requestsTo('POST /v1/novel/:id/unit/:unitId/unlock')[0].params.unitId).toBe('130');
    expect(toasts()).toContain('购买成功，花费 5 蓝钻，余额 95');
    expect(screen.queryByRole('button', { name: '购买本章' })).toBeNull();
  });

  it('sends a guest to login before buying', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', () =>
        fail(1005, '本章需要购买', { data: { price: 12, vip: false, coinNum: null } }),
      )
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book());
    const { user, router } = open('/readbook/7/130', server);
    await user.click(await screen.findByRole('button', { name: '登录后购买' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the low-balance dialog when the server says the balance is short', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', () =>
        fail(1005, '本章需要购买', { data: { price: 20, vip: true, coinNum: 30 } }),
      )
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book())
      .on('GET /v1/reading/settings', () => settings())
      .on('POST /v1/novel/:id/unit/:unitId/unlock', () =>
        fail(1001, '余额不足', { data: { coinNum: 3, price: 20 } }),
      );
    const { user, router } = open('/readbook/7/130', server, true);
    expect(await screen.findByText('本章为 VIP 章节')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '购买本章' }));
    const dialog = await screen.findByRole('dialog', { name: '当前蓝钻余额不足！' });
    expect(toasts()).not.toContain('余额不足');
    await user.click(within(dialog).getByRole('button', { name: '去充值' }));
    expect(router.state.location.pathname).toBe('/recharge');
    expect(router.state.location.search).toBe(`?back=${encodeURIComponent('/readbook/7/130')}`);
  });

  it('saves the first visible paragraph and its visible part while reading', async () => {
    const server = freeBook()
      .on('GET /v1/reading/settings', () => settings())
      .on('PUT /v1/progress', (r) => {
        const body = r.json as {
          unitId: number;
          position: { paragraph: number; offset: number };
          clientTime: number;
        };
        return {
          kind: 'novel',
          workId: 7,
          unitId: body.unitId,
          unitIndex: 1,
          unitTitle: '第1章 夜雨',
          position: body.position,
          clientTime: body.clientTime,
          percent: 3,
          readTime: new Date().toISOString(),
        };
      });
    layOutParagraphs();
    open('/readbook/7/101', server, true);
    await screen.findByText('第一段：雨落在青石街上。（101）');
    // Scrolled so that paragraph 3 starts 30px above the top of the window (80 + 300 + 30).
    Object.defineProperty(window, 'scrollY', { value: 410, configurable: true });
    fireEvent.scroll(window);
    await vi.waitFor(
      () => {
        const last = server.requestsTo('PUT /v1/progress').at(-1)?.json as
          | {
              kind: string;
              workId: number;
              unitId: number;
              position: { paragraph: number; offset: number };
              clientTime: number;
            }
          | undefined;
        expect(last?.position.paragraph).toBe(3);
        expect(last?.position.offset).toBeGreaterThan(0);
        expect(last).toMatchObject({ kind: 'novel', workId: 7, unitId: 101 });
        expect(last?.clientTime).toBeGreaterThan(Date.now() - 60_000);
      },
      { timeout: 4000 },
    );
  });

  it('opens at the saved paragraph when the saved chapter is this one', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', (r) => chapter(Number(r.params.cid)))
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () =>
        book({
          progress: {
            kind: 'novel',
            workId: 7,
            unitId: 101,
            unitIndex: 1,
            unitTitle: '第1章 夜雨',
            position: { paragraph: 2, offset: 0 },
            clientTime: Date.now() - 1000,
            percent: 3,
            readTime: new Date().toISOString(),
          },
        }),
      )
      .on('GET /v1/reading/settings', () => settings())
      .on('PUT /v1/progress', () => fail(1, 'unused'));
    layOutParagraphs();
    const { scrolls } = open('/readbook/7/101', server, true);
    await screen.findByText('第一段：雨落在青石街上。（101）');
    // Paragraph 2 is drawn 280px down the chapter: the window scrolls there (less a 4px margin).
    await vi.waitFor(() => expect(scrolls).toContain(276));
  });

  it('keeps a guest’s position on this device', async () => {
    layOutParagraphs();
    open('/readbook/7/101', freeBook());
    await screen.findByText('第一段：雨落在青石街上。（101）');
    Object.defineProperty(window, 'scrollY', { value: 190, configurable: true });
    fireEvent.scroll(window);
    await vi.waitFor(
      () => {
        const stored = JSON.parse(localStorage.getItem('ld-guest-progress') ?? '{}');
        expect(stored['novel:7']).toMatchObject({
          kind: 'novel',
          workId: 7,
          unitId: 101,
          position: { paragraph: 1 },
        });
      },
      { timeout: 4000 },
    );
  });

  it('says what auto-unlock spent on opening, and switches auto-unlock with its daily cap', async () => {
    const server = fakeServer()
      .on('GET /v1/novel/:id/chapter/:cid', () => chapter(140, { price: 12, charged: 12 }))
      .on('POST /v1/novel/:id/view', () => ({ viewCount: 13, counted: true }))
      .on('GET /v1/novel/:id', () => book())
      .on('GET /v1/reading/settings', () => ({
        ...settings(),
        autoUnlock: { enabled: true, dailyCap: 100, todaySpent: 12 },
      }))
      .on('PUT /v1/reading/settings', (r) => {
        const body = r.json as { autoUnlock: { enabled: boolean; dailyCap: number } };
        return { ...settings(), autoUnlock: { ...body.autoUnlock, todaySpent: 12 } };
      })
      .on('PUT /v1/progress', () => fail(1, 'unused'));
    const { user } = open('/readbook/7/140', server, true);
    await vi.waitFor(() => expect(toasts()).toContain('已自动购买本章，花费 12 蓝钻'));
    await user.click(screen.getByText('第一段：雨落在青石街上。（140）'));
    await user.click(screen.getByRole('button', { name: '设置' }));
    expect(await screen.findByText(/今日已自动花费 12 蓝钻/)).toBeTruthy();
    const cap = screen.getByLabelText('每日上限（蓝钻）');
    await user.clear(cap);
    await user.type(cap, '30');
    await user.click(screen.getByRole('checkbox', { name: '自动购买下一章' }));
    await vi.waitFor(() =>
      expect(server.requestsTo('PUT /v1/reading/settings').length).toBeGreaterThanOrEqual(2),
    );
    const bodies = server
      .requestsTo('PUT /v1/reading/settings')
      .map((r) => (r.json as { autoUnlock: unknown }).autoUnlock);
    expect(bodies).toContainEqual({ enabled: true, dailyCap: 30 });
    expect(bodies.at(-1)).toEqual({ enabled: false, dailyCap: 30 });
  });

  it('lists a 3,000-chapter book in 目录 with only the rows around the current chapter in the page', async () => {
    const server = freeBook().on('GET /v1/novel/:id/chapters', (r) => {
      const from = Number(r.query.get('from'));
      const size = Number(r.query.get('pageSize'));
      return {
        records: Array.from({ length: size }, (_, i) => ({
          id: 100 + from + i,
          index: from + i,
          title: `第${from + i}章 夜雨`,
          price: from + i > 20 ? 10 : 0,
          vip: from + i > 20,
          unlocked: from + i <= 20,
          read: from + i < 1,
        })),
        total: 3000,
        nextCursor: 'next',
      };
    });
    const { user, router } = open('/readbook/7/110', server);
    await user.click(await screen.findByText('第一段：雨落在青石街上。（110）'));
    await user.click(screen.getAllByRole('button', { name: '目录' }).at(-1) as HTMLElement);
    const drawer = await screen.findByRole('dialog', { name: '目录' });
    expect(await within(drawer).findByText('· 共 3000 章', { exact: false })).toBeTruthy();
    const current = within(drawer).getByRole('button', { current: true });
    expect(current.textContent).toContain('第10章 夜雨');
    expect(within(drawer).getAllByRole('listitem').length).toBeLessThan(60);
    expect(within(drawer).getByRole('button', { name: /第21章 夜雨.*VIP 10/ })).toBeTruthy();
    expect(server.requestsTo('GET /v1/novel/:id/chapters').map((r) => r.query.get('from'))).toEqual(['1']);
    await user.click(within(drawer).getByRole('button', { name: /第12章/ }));
    expect(router.state.location.pathname).toBe('/readbook/7/112');
  });

  it('says a chapter the server does not have is gone, with the way to the contents, and toasts nothing', async () => {
    const server = freeBook().on('GET /v1/novel/:id/chapter/:cid', () =>
      fail(404, '章节不存在', { status: 404 }),
    );
    open('/readbook/7/99999', server);
    expect(await screen.findByText('这一章不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去目录看看' }).getAttribute('href')).toBe('/bookmenu/7');
    // Not a failure to retry, and no technical toast ("请求地址出错: /v1/novel/…").
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('says the chapter does not exist for an address that is not one, and asks the server nothing', async () => {
    const server = fakeServer();
    open('/readbook/abc/0', server);
    expect(await screen.findByText('章节不存在，请从目录重新打开')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});
