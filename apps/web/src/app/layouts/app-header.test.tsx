import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { onePage, userStatus } from '../../testing/fixtures';
import { renderApp, TEST_ACCOUNT } from '../../testing/render';
import { AppHeader } from './app-header';

/** A server whose config list holds `config`, with 120 unread messages for the test account. */
const serverWith = (config: Record<string, string>) =>
  fakeServer()
    .on('GET /v1/square/config/list', () =>
      onePage(Object.entries(config).map(([key, value]) => ({ key, value }))),
    )
    .on('POST /user/center/me', () => userStatus())
    .on('POST /user/center/message/all', () => ({ ...onePage([], 1), unread: 120 }));

describe('the header', () => {
  it('offers login/register to guests', async () => {
    renderApp(<AppHeader />, { server: serverWith({}) });
    expect((await screen.findByRole('link', { name: '登录/注册' })).getAttribute('href')).toBe('/login');
  });

  it('shows the avatar to the profile and the unread badge capped at 99+ for users', async () => {
    renderApp(<AppHeader />, { server: serverWith({}), account: TEST_ACCOUNT });
    expect(screen.getByRole('link', { name: '我的' }).getAttribute('href')).toBe('/profile');
    expect(await screen.findByText('99+')).toBeTruthy();
    expect(screen.getByRole('link', { name: '系统消息，120 条未读' })).toBeTruthy();
  });

  it('shows the download image instead when the config carries a bundle or package URL', async () => {
    renderApp(<AppHeader />, { server: serverWith({ packageUrl: 'https://example.com/app.apk' }) });
    const image = await screen.findByRole('img', { name: '下载APP' });
    expect(image.closest('a')?.getAttribute('href')).toBe('/download');
    expect(screen.queryByRole('link', { name: '登录/注册' })).toBeNull();
  });
});
