import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAccountStore } from '../../shared/stores/account';
import { AppHeader } from './app-header';

function renderHeader(config: Record<string, string>, seed: (qc: QueryClient) => void = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['config', 'client'], config);
  seed(queryClient);
  const router = createMemoryRouter([{ path: '/', element: <AppHeader /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the header', () => {
  it('offers login/register to guests', () => {
    useAccountStore.getState().reset();
    renderHeader({});
    expect(screen.getByRole('link', { name: '登录/注册' }).getAttribute('href')).toBe('/login');
  });

  it('shows the avatar to the profile and the unread badge capped at 99+ for users', () => {
    useAccountStore
      .getState()
      .setAccount({ ...useAccountStore.getState().account, uid: '7', token: 'x', name: '小蓝' });
    renderHeader({}, (qc) => {
      qc.setQueryData(['messages', '7', 'unread'], 120);
      qc.setQueryData(['user', 'status', '7'], { name: '小蓝', avatar: null });
    });
    expect(screen.getByRole('link', { name: '我的' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByText('99+')).toBeTruthy();
    useAccountStore.getState().reset();
  });

  it('shows the download image instead when the config carries a bundle or package URL', () => {
    useAccountStore.getState().reset();
    renderHeader({ packageUrl: 'https://example.com/app.apk' });
    expect(screen.getByRole('img', { name: '下载APP' }).closest('a')?.getAttribute('href')).toBe('/download');
    expect(screen.queryByRole('link', { name: '登录/注册' })).toBeNull();
  });
});
