import type { ActivitySummary } from '@ld/contract/activities';
import type { Bulletin } from '@ld/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BOOT_BULLETIN_ID } from '../../features/bulletin/lib/boot-bulletin';
import { hideKey } from '../../features/bulletin/lib/hide-today';
import { popupShownKey } from '../../shared/lib/popup-queue';
import { fakeServer } from '../../testing/fake-server';
import { renderApp } from '../../testing/render';
import { RootLayout } from './root-layout';

const bulletin: Bulletin = {
  id: 1,
  title: '系统公告',
  createTime: '2026-11-24T08:00:00.000Z',
  content: '<p>欢迎来到蓝钻乐园</p>',
};

const activity: ActivitySummary = {
  id: 7,
  title: '双十一充值活动',
  summary: '充值送钻石',
  banner: '/uploads/banner.png',
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2026-12-01T00:00:00.000Z',
  status: 'ongoing',
  statusText: '进行中',
  rewardTotal: 100,
};

const later = <T,>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

// The start-up popups load lazily with their queue (docs/decisions/0043, the entry addendum):
// what a visitor sees must not change.
describe('start-up popups from the root', () => {
  it('opens the bulletin first, then the activity, one dialog at a time', async () => {
    // The activity answers first: the bulletin still opens before it.
    const server = fakeServer()
      .on('GET /v1/bulletin', () => later(bulletin, 150))
      .on('GET /v1/activity/list', () => [activity]);
    const { user } = renderApp(<RootLayout />, { server });

    const first = await screen.findByRole('dialog', { name: '系统公告' }, { timeout: 3000 });
    expect(first.textContent).toContain('欢迎来到蓝钻乐园');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '我知道了' }));

    const second = await screen.findByRole('dialog', { name: '双十一充值活动' });
    expect(second.textContent).toContain('去看看');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(server.requestsTo('GET /v1/bulletin')).toHaveLength(1);
  });

  it('asks nothing on a day the visitor chose 今日不再提示', async () => {
    localStorage.setItem(hideKey(''), String(Date.now()));
    const server = fakeServer();
    renderApp(<RootLayout />, { server });

    // Longer than the queue waits for an idle page (200 ms without requestIdleCallback).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(server.requests).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('loads and asks nothing while the server’s bulletin is open, until the visitor’s first input', async () => {
    // The server's bulletin as app/boot-bulletin.js leaves it: open, and counted as shown today.
    const boot = document.createElement('dialog');
    boot.id = BOOT_BULLETIN_ID;
    boot.setAttribute('open', '');
    document.body.append(boot);
    localStorage.setItem(popupShownKey('', 'bulletin'), String(Date.now()));
    try {
      const server = fakeServer().on('GET /v1/activity/list', () => [activity]);
      renderApp(<RootLayout />, { server });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(server.requests).toHaveLength(0);

      // The tap that closes it: the queue loads, and the activity follows the bulletin.
      fireEvent.pointerDown(boot);
      boot.removeAttribute('open');
      boot.dispatchEvent(new Event('close'));
      const next = await screen.findByRole('dialog', { name: '双十一充值活动' }, { timeout: 3000 });
      expect(next.textContent).toContain('去看看');
      expect(server.requestsTo('GET /v1/bulletin')).toHaveLength(0);
    } finally {
      boot.remove();
    }
  });
});

// A slow phone pays for every render of the whole page: what changes the root's own state (the
// device's width, being hydrated) must not render the page below it again. (It does not: the
// <Outlet> hands back the same element, so React leaves the page alone; no memo is needed.)
describe('the root’s own changes', () => {
  it('leave the page below it alone', async () => {
    localStorage.setItem(hideKey(''), String(Date.now()));
    const width = window.innerWidth;
    const setWidth = (value: number) =>
      Object.defineProperty(window, 'innerWidth', { configurable: true, value });
    setWidth(390);
    let pageRenders = 0;
    function Page() {
      pageRenders++;
      return <p>页面</p>;
    }
    const router = createMemoryRouter([
      { path: '/', element: <RootLayout />, children: [{ index: true, element: <Page /> }] },
    ]);
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      expect(await screen.findByText('页面')).toBeTruthy();
      const root = document.querySelector('.app-root');
      // The window is measured a frame after the first render (never while React renders).
      await waitFor(() => expect(root?.className).toContain('app-root--mobile'));
      const before = pageRenders;
      act(() => {
        setWidth(1280);
        window.dispatchEvent(new Event('resize'));
      });
      // The root changed (desktop mode); the page below it did not render again.
      expect(root?.className).toContain('app-root--desktop');
      expect(pageRenders).toBe(before);
    } finally {
      setWidth(width);
    }
  });
});
