import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../shared/stores/account';
import { useToastStore } from '../../../shared/ui/toast-store';
import LoginPage from './login-page';

const ACCOUNT = {
  accountType: 0,
  age: '',
  loginName: 'player_01',
  name: '小蓝',
  needBind: 1,
  needRealName: 0,
  newAccount: 0,
  sex: 0,
  token: 'tok',
  uid: '42',
};

let calls: Array<{ url: string; body: URLSearchParams }> = [];
function stubServer(answer: () => unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: new URLSearchParams(String(init.body)) });
      return new Response(JSON.stringify(answer()), { status: 200 });
    }),
  );
}

function renderLogin(entry = '/login?redirect=%2Fmessage') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/message', element: <p>消息页</p> },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const nameInput = () => screen.getByLabelText('用户名') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('密码', { exact: true }) as HTMLInputElement;

describe('登录', () => {
  beforeEach(() => {
    calls = [];
    useAccountStore.getState().reset();
    useToastStore.setState({ items: [] });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each rule under its field and sends nothing until the form is valid', async () => {
    stubServer(() => ({ code: 0, msg: 'success', data: ACCOUNT }));
    renderLogin();
    const user = userEvent.setup();
    expect(screen.getByText('4-20 位字母、数字或下划线')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请填写用户名')).toBeTruthy();
    expect(screen.getByText('请填写密码')).toBeTruthy();
    await user.type(nameInput(), 'ab');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('用户名须为 4-20 位字母、数字或下划线')).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses, and toasts its message', async () => {
    stubServer(() => ({ code: 1, msg: '用户名或密码错误', data: null }));
    renderLogin();
    const user = userEvent.setup();
    await user.type(nameInput(), 'player_01');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() =>
      expect(useToastStore.getState().items.map((t) => t.message)).toContain('用户名或密码错误'),
    );
    expect(nameInput().value).toBe('player_01');
    expect(passwordInput().value).toBe('wrong-pass');
    expect(useAccountStore.getState().account.uid).toBe('');
  });

  it('logs in, greets by name and returns to the page that asked for login', async () => {
    stubServer(() => ({ code: 0, msg: 'success', data: ACCOUNT }));
    const router = renderLogin();
    const user = userEvent.setup();
    await user.type(nameInput(), 'player_01');
    await user.type(passwordInput(), 'secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    expect(calls[0].url).toBe('/api/user/login');
    expect(calls[0].body.get('loginName')).toBe('player_01');
    expect(calls[0].body.get('password')).toBe('secret123');
    expect(useAccountStore.getState().account.uid).toBe('42');
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('欢迎回来:小蓝');
  });
});
