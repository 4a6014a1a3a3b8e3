import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginWithPhone, phoneLoginPath } from './login-with-phone';

describe('phone login endpoint (spec §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('auto-registers unless the config key is present with value 0', () => {
    expect(phoneLoginPath(undefined)).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({})).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '1' })).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '' })).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '0' })).toBe('/user/loginPhoneWithoutRegister');
  });

  it('posts phone, code and invite code to the endpoint the config chooses', async () => {
    const calls: Array<{ url: string; body: string }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body) });
        return new Response(JSON.stringify({ code: 0, msg: 'success', data: { uid: '7' } }), { status: 200 });
      }),
    );
    await loginWithPhone(
      { phone: '13800138000', code: '123456', inviteCode: 'AB12CD34' },
      { phoneLoginAutoRegister: '0' },
    );
    await loginWithPhone({ phone: '13800138000', code: '123456', inviteCode: undefined }, {});
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/loginPhoneWithoutRegister',
      '/api/user/loginWithPhone',
    ]);
    const first = new URLSearchParams(calls[0].body);
    expect(first.get('phone')).toBe('13800138000');
    expect(first.get('code')).toBe('123456');
    expect(first.get('inviteCode')).toBe('AB12CD34');
    expect(new URLSearchParams(calls[1].body).has('inviteCode')).toBe(false);
  });
});
