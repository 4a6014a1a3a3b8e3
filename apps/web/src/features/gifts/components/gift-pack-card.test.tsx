import type { GiftPack } from '@ld/contract/gifts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST, useAccountStore } from '../../../shared/stores/account';
import { useToastStore } from '../../../shared/ui/toast-store';
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

let calls: string[] = [];
function stubServer(answer: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify(answer), { status: 200 });
    }),
  );
}

function renderCard(pack: GiftPack, onClaimed?: (code: string) => void) {
  const router = createMemoryRouter(
    [
      { path: '/detail/:id', element: <GiftPackCard pack={pack} onClaimed={onClaimed} /> },
      { path: '/login', element: <p>登录页</p> },
    ],
    { initialEntries: ['/detail/10001'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const toasts = () => useToastStore.getState().items.map((t) => t.message);

describe('GiftPackCard', () => {
  beforeEach(() => {
    calls = [];
    useAccountStore.getState().reset();
    useToastStore.setState({ items: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the pack, its window and the stock left', () => {
    stubServer(null);
    renderCard(PACK);
    expect(screen.getByRole('article', { name: '新手启航礼包' })).toBeTruthy();
    expect(screen.getByText('星钻×200')).toBeTruthy();
    expect(screen.getByText('剩余 150/200')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '剩余库存' }).getAttribute('aria-valuenow')).toBe('75');
  });

  it('sends a guest to login and back, without calling the server', async () => {
    stubServer(null);
    const router = renderCard(PACK);
    await userEvent.click(screen.getByRole('button', { name: '领取' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/detail/10001')}`);
    expect(calls).toEqual([]);
  });

  it('claims for a user, shows the code and copies it', async () => {
    useAccountStore.getState().setAccount({ ...GUEST, uid: '42', token: 'tok', name: '小蓝' });
    stubServer({ code: 0, msg: 'success', data: { code: 'G1YJS83YGKMY' } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onClaimed = vi.fn();
    renderCard(PACK, onClaimed);

    await userEvent.click(screen.getByRole('button', { name: '领取' }));
    await screen.findByText('G1YJS83YGKMY');
    expect(calls[0]).toBe('/api/v1/gift/5/claim');
    expect(onClaimed).toHaveBeenCalledWith('G1YJS83YGKMY');
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('G1YJS83YGKMY');
    expect(toasts()).toContain('复制成功');
  });

  it('names a pack that cannot be claimed and offers no button', () => {
    stubServer(null);
    renderCard({ ...PACK, status: 'soldOut', remaining: 0 });
    expect(screen.getByText('已领完')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
