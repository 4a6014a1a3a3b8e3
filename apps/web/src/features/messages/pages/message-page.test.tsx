import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST, useAccountStore } from '../../../shared/stores/account';
import { unreadCountQuery } from '../api/get-messages';
import MessagePage from './message-page';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

/** A fake inbox behind the two message calls: the list and mark-read. */
function stubInbox() {
  const inbox = [
    { id: 3, title: '签到奖励', content: '今天别忘了签到哦', isRead: false, createTime: minutesAgo(5) },
    { id: 2, title: '会员限时优惠', content: '年卡八折', isRead: false, createTime: minutesAgo(90) },
    { id: 1, title: '欢迎来到蓝钻乐园', content: '注册成功', isRead: true, createTime: minutesAgo(3000) },
  ];
  const marks: Array<string | null> = [];
  const unread = () => inbox.filter((m) => !m.isRead).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = new URLSearchParams(String(init.body));
      let data: unknown;
      if (url === '/api/user/message') {
        const id = body.get('id');
        marks.push(id);
        for (const m of inbox) if (id === null || m.id === Number(id)) m.isRead = true;
        data = { unread: unread() };
      } else {
        data = {
          records: inbox.map((m) => ({ ...m })),
          total: 3,
          size: 10,
          current: 1,
          pages: 1,
          unread: unread(),
        };
      }
      return new Response(JSON.stringify({ code: 0, msg: 'success', data }));
    }),
  );
  return marks;
}

function renderPage() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessagePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const unreadDots = () => screen.queryAllByRole('img', { name: '未读' });

describe('系统消息', () => {
  beforeEach(() => useAccountStore.getState().setAccount({ ...GUEST, uid: '42', token: 't' }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAccountStore.getState().reset();
  });

  it('marks a message read when it is opened, and the badge count follows', async () => {
    const marks = stubInbox();
    const client = renderPage();
    const user = userEvent.setup();
    const item = await screen.findByRole('button', { name: /签到奖励/ });
    expect(within(item).getByText('5分钟前')).toBeTruthy();
    expect(unreadDots()).toHaveLength(2);
    expect(screen.getByText('2 条未读消息')).toBeTruthy();

    await user.click(item);
    await vi.waitFor(() => expect(unreadDots()).toHaveLength(1));
    expect(marks).toEqual(['3']);
    expect(item.getAttribute('aria-expanded')).toBe('true');
    expect(client.getQueryData(unreadCountQuery('42').queryKey)).toBe(1);
    expect(screen.getByText('1 条未读消息')).toBeTruthy();

    // A read message opens and closes without another call.
    await user.click(screen.getByRole('button', { name: /欢迎来到蓝钻乐园/ }));
    expect(marks).toEqual(['3']);
  });

  it('marks everything read with 全部已读', async () => {
    const marks = stubInbox();
    const client = renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /签到奖励/ });
    await user.click(screen.getByRole('button', { name: '全部已读' }));
    await vi.waitFor(() => expect(unreadDots()).toHaveLength(0));
    expect(marks).toEqual([null]);
    expect(client.getQueryData(unreadCountQuery('42').queryKey)).toBe(0);
    expect(screen.getByText('没有未读消息')).toBeTruthy();
    expect((screen.getByRole('button', { name: '全部已读' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
