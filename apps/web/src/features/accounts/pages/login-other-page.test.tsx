import type { Account } from '@ld/contract/accounts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../../../shared/stores/account';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import LoginOtherPage from './login-other-page';
import RegisterPage from './register-page';

const ACCOUNT: Account = {
  ...TEST_ACCOUNT,
  uid: '9',
  loginName: 'm13800138000',
  name: '游客8000',
  newAccount: 1,
};

/** A server whose config list (read on the page's first render) holds `config`. */
const serverWithConfig = (config: Array<{ key: string; value: string }>) =>
  fakeServer().on('GET /v1/square/config/list', () => ({
    records: config,
    total: config.length,
    size: 99,
    current: 1,
    pages: 1,
    nextCursor: null,
  }));

describe('手机号登录 and 注册', () => {
  it('checks the phone, then logs in without registering when the config says 0, sending the invite code', async () => {
    localStorage.setItem('inviteCode', 'AB12CD34');
    const { server, router, user } = renderApp(<LoginOtherPage />, {
      at: '/other',
      server: serverWithConfig([{ key: 'phoneLoginAutoRegister', value: '0' }]),
    });
    server.on('POST /user/loginPhoneWithoutRegister', () => ACCOUNT);
    await screen.findByText('请使用已绑定账号的手机号登录');
    await user.type(screen.getByLabelText('手机号'), '12345678901');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(screen.getByText('请填写正确的电话')).toBeTruthy();
    expect(server.requestsTo('POST /user/smsCode')).toHaveLength(0);

    await user.clear(screen.getByLabelText('手机号'));
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [login] = server.requestsTo('POST /user/loginPhoneWithoutRegister');
    expect(login.form.get('phone')).toBe('13800138000');
    expect(login.form.get('code')).toBe('123456');
    expect(login.form.get('inviteCode')).toBe('AB12CD34');
    expect(server.requestsTo('POST /user/loginWithPhone')).toHaveLength(0);
    expect(useAccountStore.getState().account.uid).toBe('9');
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('欢迎回来:游客8000');
  });

  it('registers with a confirmed password and the invite code prefilled from the link', async () => {
    localStorage.setItem('inviteCode', 'AB12CD34');
    const { server, router, user } = renderApp(<RegisterPage />, {
      at: '/register',
      server: serverWithConfig([]),
    });
    server.on('POST /user/registerWithName', () => ({ ...ACCOUNT, loginName: 'new_player' }));
    expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('AB12CD34');
    await user.type(screen.getByLabelText('用户名'), 'new_player');
    await user.type(screen.getByLabelText('密码', { exact: true }), 'secret123');
    await user.type(screen.getByLabelText('确认密码'), 'secret124');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(server.requestsTo('POST /user/registerWithName')).toHaveLength(0);

    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '注册' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(Object.fromEntries(server.requestsTo('POST /user/registerWithName')[0].form)).toMatchObject({
      loginName: 'new_player',
      password: 'secret123',
      inviteCode: 'AB12CD34',
    });
    // The invite code has done its job once the account exists.
    expect(localStorage.getItem('inviteCode')).toBeNull();
  });
});
