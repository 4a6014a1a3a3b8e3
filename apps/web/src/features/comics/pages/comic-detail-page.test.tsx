import type { UnitPage, WorkDetail } from '@ld/contract/content';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionState } from '../../../shared/hooks/use-session-state';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import ComicDetailPage from './comic-detail-page';

// 漫画详情 counts the page's view once it shows the comic; the detail itself counts none
// (docs/decisions/0046-video-views-apart.md, "Novels and comics too").

const comic = (over: Partial<WorkDetail> = {}): WorkDetail => ({
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
  ...over,
});
const episodes: UnitPage = {
  records: [
    { id: 11, index: 1, title: '第1话 初见', price: 0, vip: false, unlocked: true, read: false },
    { id: 12, index: 2, title: '第2话 烟火', price: 5, vip: false, unlocked: false, read: false },
  ],
  total: 2,
  nextCursor: null,
};
const noComments = { records: [], total: 0, size: 10, current: 1, pages: 0, nextCursor: null };

const comicServer = () =>
  fakeServer()
    .on('GET /v1/comic/:id', () => comic())
    .on('GET /v1/comic/:id/episodes', () => episodes)
    .on('GET /v1/comic/:id/comments', () => noComments)
    .on('POST /v1/comic/:id/view', () => ({ viewCount: 21, counted: true }));
const at = { at: '/comic/5', path: '/comic/:id' };

afterEach(() => clearSessionState());

describe('漫画详情', () => {
  it('counts the page’s view once it shows the comic, a user by the session', async () => {
    const server = comicServer();
    const { user, queryClient } = renderApp(<ComicDetailPage />, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('heading', { name: '夏日烟火' })).toBeTruthy();
    await waitFor(() => expect(server.requestsTo('POST /v1/comic/:id/view')).toHaveLength(1));
    const [view] = server.requestsTo('POST /v1/comic/:id/view');
    expect(view.params.id).toBe('5');
    expect(view.headers.uid).toBe('42');
    expect(view.form.has('deviceId')).toBe(false);
    await waitFor(() =>
      expect(queryClient.getQueryData<WorkDetail>(['comics', 'detail', '42', 5])?.viewCount).toBe(21),
    );
    // Turning the episode order and refetching the detail count nothing more.
    await user.click(screen.getByRole('button', { name: '正序' }));
    expect(await screen.findByRole('button', { name: '倒序' })).toBeTruthy();
    await queryClient.refetchQueries({ queryKey: ['comics', 'detail'] });
    expect(server.requestsTo('GET /v1/comic/:id')).toHaveLength(2);
    expect(server.requestsTo('POST /v1/comic/:id/view')).toHaveLength(1);
  });

  it('asks no view for a comic that is not there', async () => {
    const server = comicServer().on('GET /v1/comic/:id', () => fail(404, '漫画不存在', { status: 404 }));
    renderApp(<ComicDetailPage />, { at: '/comic/999', path: '/comic/:id', server });
    expect(await screen.findByText('这部漫画不存在或已下架')).toBeTruthy();
    expect(server.requestsTo('POST /v1/comic/:id/view')).toHaveLength(0);
  });
});
