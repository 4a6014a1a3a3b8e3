import type { InviteRecord } from '@ld/contract/invites';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import InvitePage from './invite-page';

const ME = {
  code: 'AB23CD45',
  link: 'https://portal.test/?inviteCode=AB23CD45',
  invitedCount: 1,
  rewardTotal: 20,
};
const RECORDS: InviteRecord[] = [
  {
    id: 2,
    name: 's***d',
    avatar: null,
    joinTime: '2026-11-23T02:00:00.000Z',
    reward: 0,
    status: 'device',
    statusText: '该设备已注册过账号，不发奖励',
  },
  {
    id: 1,
    name: 'a***e',
    avatar: null,
    joinTime: '2026-11-23T01:00:00.000Z',
    reward: 20,
    status: 'paid',
    statusText: '奖励已到账',
  },
];
const page = (records: InviteRecord[]) => ({
  records,
  total: records.length,
  size: 20,
  current: 1,
  pages: records.length ? 1 : 0,
  nextCursor: null,
});
const toasts = () => useToastStore.getState().items.map((t) => t.message);
const renderPage = (server = fakeServer()) =>
  renderApp(<InvitePage />, { at: '/invite', account: TEST_ACCOUNT, server });

afterEach(() => useToastStore.setState({ items: [] }));

describe('邀请好友', () => {
  it('shows my code, link and earnings, each invitee with what it paid or why not, and copies the link', async () => {
    const server = fakeServer()
      .on('GET /v1/invite/me', () => ME)
      .on('GET /v1/invite/records', () => page(RECORDS));
    const { user } = renderPage(server);
    expect(await screen.findByText('AB23CD45')).toBeTruthy();
    expect(screen.getByText(ME.link)).toBeTruthy();
    const stats = screen.getByText('成功邀请').closest('dl') as HTMLElement;
    expect(stats.textContent).toContain('1人');
    expect(stats.textContent).toContain('20蓝钻');

    await screen.findByText('a***e');
    const list = screen.getByRole('region', { name: '我的邀请' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/s\*\*\*d.*2026-11-23 10:00 注册.*0 蓝钻.*该设备已注册过账号，不发奖励/),
      expect.stringMatching(/a\*\*\*e.*2026-11-23 09:00 注册.*\+20 蓝钻.*奖励已到账/),
    ]);
    expect(screen.getByText('没有更多了')).toBeTruthy();

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: '复制链接' }));
    expect(writeText).toHaveBeenCalledWith(ME.link);
    expect(toasts()).toContain('复制成功');
    await user.click(screen.getByRole('button', { name: '复制邀请码' }));
    expect(writeText).toHaveBeenLastCalledWith('AB23CD45');
  });

  it('offers the system share sheet only where the browser has one', async () => {
    const server = fakeServer()
      .on('GET /v1/invite/me', () => ME)
      .on('GET /v1/invite/records', () => page([]));
    const share = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = renderPage(server);
      await user.click(await screen.findByRole('button', { name: '分享' }));
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: ME.link }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('says so when nobody joined yet, and has no share button without a share sheet', async () => {
    const server = fakeServer()
      .on('GET /v1/invite/me', () => ({ ...ME, invitedCount: 0, rewardTotal: 0 }))
      .on('GET /v1/invite/records', () => page([]));
    renderPage(server);
    expect(await screen.findByText(/还没有好友通过你的邀请注册/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '分享' })).toBeNull();
  });

  it('shows an error with retry for the list and for the code, and recovers', async () => {
    let isDown = true;
    const server = fakeServer()
      .on('GET /v1/invite/me', () => (isDown ? fail(500, '服务器繁忙', { status: 500 }) : ME))
      .on('GET /v1/invite/records', () =>
        isDown ? fail(500, '服务器繁忙', { status: 500 }) : page(RECORDS),
      );
    const { user } = renderPage(server);
    const codeError = await screen.findByText('邀请信息加载失败，请重试');
    const listError = await screen.findByText('加载失败，请检查网络后重试');
    isDown = false;
    await user.click(
      within(codeError.parentElement as HTMLElement).getByRole('button', { name: '重新加载' }),
    );
    expect(await screen.findByText('AB23CD45')).toBeTruthy();
    await user.click(
      within(listError.parentElement as HTMLElement).getByRole('button', { name: '重新加载' }),
    );
    expect(await screen.findByText('a***e')).toBeTruthy();
  });
});
