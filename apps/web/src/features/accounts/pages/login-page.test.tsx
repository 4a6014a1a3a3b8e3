import type { Account } from '@ld/contract/accounts';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../shared/stores/account';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail } from '../../../testing/fake-server';
import { changeTo, handlersOf, submitted } from '../../../testing/handlers-of';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import LoginPage from './login-page';

const ACCOUNT: Account = { ...TEST_ACCOUNT, loginName: 'player_01', needBind: 1 };

const renderLogin = () =>
  renderApp(<LoginPage />, { at: '/login?redirect=%2Fmessage', routes: { '/message': <p>消息页</p> } });

const nameInput = () => screen.getByLabelText('用户名') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('密码', { exact: true }) as HTMLInputElement;
const toasts = () => useToastStore.getState().items.map((t) => t.message);

describe('登录', () => {
  it('shows each rule under its field and sends nothing until the form is valid', async () => {
    const { server, user } = renderLogin();
    expect(screen.getByText('4-20 位字母、数字或下划线')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请填写用户名')).toBeTruthy();
    expect(screen.getByText('请填写密码')).toBeTruthy();
    await user.type(nameInput(), 'ab');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('用户名须为 4-20 位字母、数字或下划线')).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses, and toasts its message', async () => {
    const { server, user } = renderLogin();
    server.on('POST /user/login', () => fail(1, '用户名或密码错误'));
    await user.type(nameInput(), 'player_01');
    await user.type(passwordInput(), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(toasts()).toContain('用户名或密码错误'));
    expect(nameInput().value).toBe('player_01');
    expect(passwordInput().value).toBe('wrong-pass');
    expect(useAccountStore.getState().account.uid).toBe('');
  });

  it('logs in with what was typed when the name, the password and the tap come from one render', async () => {
    // As at hydration on a slow phone (seen in CI): React replays the name typed before the app took
    // over, and the password and the tap on 登录 are handled before the render in between, by the
    // hydrating render's handlers. Neither the name nor the request may lose it.
    const { server, router } = renderLogin();
    server.on('POST /user/login', () => ACCOUNT);
    const name = handlersOf(nameInput());
    const password = handlersOf(passwordInput());
    const form = handlersOf(nameInput().closest('form') as HTMLFormElement);
    act(() => {
      name.onChange(changeTo('player_01'));
      password.onChange(changeTo('secret123'));
      form.onSubmit(submitted());
    });
    expect(screen.queryByText('请填写用户名')).toBeNull();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    const [login] = server.requestsTo('POST /user/login');
    expect(login.form.get('loginName')).toBe('player_01');
    expect(login.form.get('password')).toBe('secret123');
  });

  it('logs in, greets by name and returns to the page that asked for login', async () => {
    const { server, router, user } = renderLogin();
    server.on('POST /user/login', () => ACCOUNT);
    await user.type(nameInput(), 'player_01');
    await user.type(passwordInput(), 'secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    const [login] = server.requestsTo('POST /user/login');
    expect(login.form.get('loginName')).toBe('player_01');
    expect(login.form.get('password')).toBe('secret123');
    expect(useAccountStore.getState().account.uid).toBe('42');
    expect(toasts()).toContain('欢迎回来:小蓝');
  });

  it('merges what the guest read on this device into the account, with the time it was read', async () => {
    localStorage.setItem(
      'ld-guest-progress',
      JSON.stringify({
        'novel:7': {
          kind: 'novel',
          workId: 7,
          unitId: 105,
          position: { paragraph: 4, offset: 12 },
          clientTime: 1_700_000_000_000,
        },
      }),
    );
    const { server, router, user } = renderLogin();
    server
      .on('POST /user/login', () => ACCOUNT)
      .on('PUT /v1/progress', (r) => ({
        kind: 'novel',
        workId: 7,
        unitId: 105,
        unitIndex: 5,
        unitTitle: '第5章',
        position: { paragraph: 4, offset: 12 },
        clientTime: (r.json as { clientTime: number }).clientTime,
        percent: 12,
        readTime: new Date().toISOString(),
      }));
    await user.type(nameInput(), 'player_01');
    await user.type(passwordInput(), 'secret123');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    const [put] = server.requestsTo('PUT /v1/progress');
    expect(put.headers.uid).toBe('42');
    expect(put.json).toMatchObject({
      kind: 'novel',
      workId: 7,
      unitId: 105,
      position: { paragraph: 4, offset: 12 },
      clientTime: 1_700_000_000_000,
    });
    expect(localStorage.getItem('ld-guest-progress')).toBeNull();
  });
});
