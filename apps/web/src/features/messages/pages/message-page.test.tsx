import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FakeServer, fakeServer } from '../../../testing/fake-server';
import { scrollListsToTheEnd } from '../../../testing/infinite-scroll';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { unreadCountQuery } from '../api/get-messages';
import MessagePage from './message-page';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A fake inbox behind the two message calls: the list and mark-read. */
function inboxServer(): FakeServer {
  const inbox = [
    { id: 3, title: '签到奖励', content: '今天别忘了签到哦', isRead: false, createTime: minutesAgo(5) },
    { id: 2, title: '会员限时优惠', content: '年卡八折', isRead: false, createTime: minutesAgo(90) },
    { id: 1, title: '欢迎来到蓝钻乐园', content: '注册成功', isRead: true, createTime: minutesAgo(3000) },
  ];
  const unread = () => inbox.filter((m) => !m.isRead).length;
  return fakeServer()
    .on('POST /user/center/message/all', () => ({
      records: inbox.map((m) => ({ ...m })),
      total: 3,
      size: 10,
      current: 1,
      pages: 1,
      nextCursor: null,
      unread: unread(),
    }))
    .on('POST /user/message', ({ form }) => {
      const id = form.get('id');
      for (const m of inbox) if (id === null || m.id === Number(id)) m.isRead = true;
      return { unread: unread() };
    });
}

const renderPage = () =>
  renderApp(<MessagePage />, { at: '/message', account: TEST_ACCOUNT, server: inboxServer() });
const marks = (server: FakeServer) => server.requestsTo('POST /user/message').map((r) => r.form.get('id'));
const unreadDots = () => screen.queryAllByRole('img', { name: '未读' });

describe('系统消息', () => {
  it('marks a message read when it is opened, and the badge count follows', async () => {
    const { server, queryClient, user } = renderPage();
    const item = await screen.findByRole('button', { name: /签到奖励/ });
    expect(within(item).getByText('5分钟前')).toBeTruthy();
    expect(unreadDots()).toHaveLength(2);
    expect(screen.getByText('2 条未读消息')).toBeTruthy();

    await user.click(item);
    await vi.waitFor(() => expect(unreadDots()).toHaveLength(1));
    expect(marks(server)).toEqual(['3']);
    expect(item.getAttribute('aria-expanded')).toBe('true');
    expect(queryClient.getQueryData(unreadCountQuery('42').queryKey)).toBe(1);
    expect(screen.getByText('1 条未读消息')).toBeTruthy();

    // A read message opens and closes without another call.
    await user.click(screen.getByRole('button', { name: /欢迎来到蓝钻乐园/ }));
    expect(marks(server)).toEqual(['3']);
  });

  it('marks everything read with 全部已读', async () => {
    const { server, queryClient, user } = renderPage();
    await screen.findByRole('button', { name: /签到奖励/ });
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await vi.waitFor(() => expect(unreadDots()).toHaveLength(0));
    expect(marks(server)).toEqual([null]);
    expect(queryClient.getQueryData(unreadCountQuery('42').queryKey)).toBe(0);
    expect(screen.getByText('没有未读消息')).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('scrolls on by cursor, never by page number, until the inbox ends', async () => {
    const inbox = Array.from({ length: 15 }, (_, i) => ({
      id: 15 - i,
      title: `通知 ${15 - i}`,
      content: '内容',
      isRead: true,
      createTime: minutesAgo(i + 1),
    }));
    const server = fakeServer().on('POST /user/center/message/all', ({ form }) => {
      const size = Number(form.get('pageSize'));
      const start = form.get('cursor') === 'after-10' ? 10 : 0;
      const records = inbox.slice(start, start + size);
      return {
        records,
        total: inbox.length,
        size,
        current: 1,
        pages: Math.ceil(inbox.length / size),
        nextCursor: start + size < inbox.length ? `after-${start + size}` : null,
        unread: 0,
      };
    });
    scrollListsToTheEnd();
    renderApp(<MessagePage />, { at: '/message', account: TEST_ACCOUNT, server });
    // The machine may be busy: give the second page time to come.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: /^通知/ })).toHaveLength(15), {
      timeout: 5000,
    });
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(screen.getByText('通知 1')).toBeTruthy();
    const lists = server
      .requestsTo('POST /user/center/message/all')
      .filter((r) => r.form.get('pageSize') === '10');
    expect(lists.map((r) => r.form.get('cursor'))).toEqual([null, 'after-10']);
    expect(lists.every((r) => r.form.get('currentPage') === null)).toBe(true);
  });
});
