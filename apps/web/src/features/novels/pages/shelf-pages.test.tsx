import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionState } from '../../../shared/hooks/use-session-state';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { historyEntry, hoursAgo, subscription, work } from '../lib/fake-novels';
import ReadHistoryPage from './read-history-page';
import SubscribeListPage from './subscribe-list-page';

beforeEach(() => clearSessionState());

/** A history the fake keeps: list (by kind), delete one, clear (by kind). */
function historyServer() {
  let entries = [
    historyEntry({ id: 1, title: '万古星河' }, { unitId: 1500, unitTitle: '第1500章 旧约', percent: 49 }),
    historyEntry(
      { id: 3, title: '剑出青云' },
      { unitId: 12, unitTitle: '第12章 出鞘', percent: 25, readTime: hoursAgo(3) },
    ),
  ];
  return fakeServer()
    .on('GET /v1/history', ({ query }) => ({
      records: entries.filter((e) => !query.get('kind') || e.kind === query.get('kind')),
      nextCursor: null,
    }))
    .on('DELETE /v1/history/:kind/:workId', ({ params }) => {
      entries = entries.filter((e) => !(e.kind === params.kind && e.id === Number(params.workId)));
      return null;
    })
    .on('DELETE /v1/history', ({ query }) => {
      entries = entries.filter((e) => query.get('kind') && e.kind !== query.get('kind'));
      return null;
    });
}

describe('阅读记录', () => {
  it('lists what was read with the chapter, percent and time, and deletes one entry', async () => {
    const server = historyServer();
    const { user } = renderApp(<ReadHistoryPage />, { at: '/readhistory', server, account: TEST_ACCOUNT });
    const book = (await screen.findByText('万古星河')).closest('a') as HTMLElement;
    expect(book.getAttribute('href')).toBe('/readbook/1/1500');
    expect(within(book).getByText('读到 第1500章 旧约 · 49%')).toBeTruthy();
    expect(within(book).getByText('1小时前阅读')).toBeTruthy();
    expect(within(book).getByRole('img', { name: '《万古星河》封面' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '删除《万古星河》的阅读记录' }));
    await vi.waitFor(() => expect(screen.queryByText('万古星河')).toBeNull());
    expect(screen.getByText('剑出青云')).toBeTruthy();
    expect(server.requestsTo('DELETE /v1/history/:kind/:workId')[0].params).toEqual({
      kind: 'novel',
      workId: '1',
    });
  });

  it('clears everything only after the confirm, and then shows the empty state', async () => {
    const server = historyServer();
    const { user } = renderApp(<ReadHistoryPage />, { at: '/readhistory', server, account: TEST_ACCOUNT });
    await screen.findByText('万古星河');
    await user.click(screen.getByRole('button', { name: '清空' }));
    const dialog = screen.getByRole('dialog', { name: '清空阅读记录' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(server.requestsTo('DELETE /v1/history')).toHaveLength(0);
    expect(screen.getByText('万古星河')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '清空' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确认清空' }));
    expect(await screen.findByText('还没有阅读记录')).toBeTruthy();
    expect(server.requestsTo('DELETE /v1/history')[0].query.get('kind')).toBeNull();
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('阅读记录已清空');
    expect((screen.getByRole('button', { name: '清空' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by kind: the 漫画 tab asks for comics and is empty', async () => {
    const server = historyServer();
    const { user } = renderApp(<ReadHistoryPage />, { at: '/readhistory', server, account: TEST_ACCOUNT });
    await screen.findByText('万古星河');
    await user.click(screen.getByRole('tab', { name: '漫画' }));
    expect(await screen.findByText('还没有阅读记录')).toBeTruthy();
    expect(server.requestsTo('GET /v1/history').at(-1)?.query.get('kind')).toBe('comic');
    await user.click(screen.getByRole('tab', { name: '小说' }));
    expect(await screen.findByText('剑出青云')).toBeTruthy();
  });
});

describe('我的订阅', () => {
  it('lists the shelf with new chapters since the last read and where reading stopped', async () => {
    const server = fakeServer().on('GET /v1/subscriptions', () => ({
      records: [
        subscription({ ...work({ id: 1, title: '万古星河' }), newUnits: 3 }),
        subscription({
          ...work({ id: 3, title: '剑出青云', author: '北山有木', latestUnit: null }),
          progress: historyEntry({ id: 3 }, { unitTitle: '第12章 出鞘', percent: 25 }).progress,
        }),
      ],
      nextCursor: null,
    }));
    renderApp(<SubscribeListPage />, { at: '/subscriblist', server, account: TEST_ACCOUNT });
    const first = (await screen.findByText('万古星河')).closest('a') as HTMLElement;
    expect(first.getAttribute('href')).toBe('/bookinfo/1');
    expect(within(first).getByText('更新3章')).toBeTruthy();
    expect(within(first).getByText('还没开始读')).toBeTruthy();
    expect(within(first).getByText('最新：第3000章 问道')).toBeTruthy();
    const second = screen.getByText('剑出青云').closest('a') as HTMLElement;
    expect(within(second).queryByText(/^更新\d+章$/)).toBeNull();
    expect(within(second).getByText('读到 第12章 出鞘 · 25%')).toBeTruthy();
  });

  it('shows the empty shelf with a way to the 书城', async () => {
    const server = fakeServer().on('GET /v1/subscriptions', () => ({ records: [], nextCursor: null }));
    renderApp(<SubscribeListPage />, { at: '/subscriblist', server, account: TEST_ACCOUNT });
    expect(await screen.findByText('书架空空的，去书城挑几本吧')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去书城看看' }).getAttribute('href')).toBe('/novels');
  });
});
