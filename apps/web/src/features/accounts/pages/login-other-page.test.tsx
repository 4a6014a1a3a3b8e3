import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../shared/stores/account';
import { useToastStore } from '../../../shared/ui/toast-store';
import LoginOtherPage from './login-other-page';
import RegisterPage from './register-page';

const ACCOUNT = {
  accountType: 0,
  age: '',
  loginName: 'm13800138000',
  name: '游客8000',
  needBind: 0,
  needRealName: 0,
  newAccount: 1,
  sex: 0,
  token: 'tok',
  uid: '9',
};

let posts: Array<{ url: string; body: URLSearchParams }> = [];
/** A small fake of the server: the config list and the account calls. */
function stubServer(config: Array<{ key: string; value: string }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/v1/square/config/list')) {
        const page = { records: config, total: config.length, size: 99, current: 1, pages: 1 };
        return new Response(JSON.stringify({ code: 0, msg: 'success', data: page }));
      }
      posts.push({ url, body: new URLSearchParams(String(init.body)) });
      return new Response(JSON.stringify({ code: 0, msg: 'success', data: ACCOUNT }));
    }),
  );
}

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/', element: <p>首页</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('手机号登录 and 注册', () => {
  beforeEach(() => {
    posts = [];
    localStorage.clear();
    useAccountStore.getState().reset();
    useToastStore.setState({ items: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the phone, then logs in without registering when the config says 0, sending the invite code', async () => {
    localStorage.setItem('inviteCode', 'AB12CD34');
    stubServer([{ key: 'phoneLoginAutoRegister', value: '0' }]);
    const router = renderAt('/other', <LoginOtherPage />);
    const user = userEvent.setup();
    await screen.findByText('请使用已绑定账号的手机号登录');
    await user.type(screen.getByLabelText('手机号'), '12345678901');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByText('请填写正确的电话')).toBeTruthy();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('手机号'));
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posts[0].url).toBe('/api/user/loginPhoneWithoutRegister');
    expect(posts[0].body.get('inviteCode')).toBe('AB12CD34');
    expect(useAccountStore.getState().account.uid).toBe('9');
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('欢迎回来:游客8000');
  });

  it('registers with a confirmed password and the invite code prefilled from the link', async () => {
    localStorage.setItem('inviteCode', 'AB12CD34');
    stubServer([]);
    const router = renderAt('/register', <RegisterPage />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('AB12CD34');
    await user.type(screen.getByLabelText('用户名'), 'new_player');
    await user.type(screen.getByLabelText('密码', { exact: true }), 'secret123');
    await user.type(screen.getByLabelText('确认密码'), 'secret124');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posts[0].url).toBe('/api/user/registerWithName');
    expect(Object.fromEntries(posts[0].body)).toMatchObject({
      loginName: 'new_player',
      password: 'secret123',
      inviteCode: 'AB12CD34',
    });
    // The invite code has done its job once the account exists.
    expect(localStorage.getItem('inviteCode')).toBeNull();
  });
});
