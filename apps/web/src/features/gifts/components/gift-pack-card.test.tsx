import type { GiftPack } from '@ld/contract/gifts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { GiftPackCard } from './gift-pack-card';

const PACK: GiftPack = {
  id: 5,
  gameId: 1,
  title: '新手启航礼包',
  content: '星钻×200',
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2026-12-31T00:00:00.000Z',
  total: 200,
  remaining: 150,
  status: 'open',
  myCode: null,
};

const renderCard = (pack: GiftPack, account?: typeof TEST_ACCOUNT) =>
  renderApp(<GiftPackCard pack={pack} />, {
    at: '/detail/10001',
    account,
    routes: { '/login': <p>登录页</p> },
  });

const toasts = () => useToastStore.getState().items.map((t) => t.message);

describe('GiftPackCard', () => {
  it('shows the pack, its window and the stock left', () => {
    renderCard(PACK);
    expect(screen.getByRole('article', { name: '新手启航礼包' })).toBeTruthy();
    expect(screen.getByText('星钻×200')).toBeTruthy();
    expect(screen.getByText('剩余 150/200')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '剩余库存' }).getAttribute('aria-valuenow')).toBe('75');
  });

  it('sends a guest to login and back, without calling the server', async () => {
    const { router, server, user } = renderCard(PACK);
    await user.click(screen.getByRole('button', { name: '领取' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/detail/10001')}`);
    expect(server.requests).toEqual([]);
  });

  it('claims for a user, shows the code and copies it', async () => {
    const { server, user } = renderCard(PACK, TEST_ACCOUNT);
    server.on('POST /v1/gift/:packId/claim', () => ({ code: 'G1YJS83YGKMY' }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: '领取' }));
    await screen.findByText('G1YJS83YGKMY');
    expect(server.requestsTo('POST /v1/gift/:packId/claim')[0].params.packId).toBe('5');
    expect(toasts()).toContain('领取成功，复制礼包码到游戏内兑换');
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();

    await user.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('G1YJS83YGKMY');
    expect(toasts()).toContain('复制成功');
  });

  it('names a pack that cannot be claimed and offers no button', () => {
    renderCard({ ...PACK, status: 'soldOut', remaining: 0 });
    expect(screen.getByText('已领完')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
