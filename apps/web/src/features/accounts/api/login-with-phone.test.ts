import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { TEST_ACCOUNT } from '../../../testing/render';
import { loginWithPhone, phoneLoginPath } from './login-with-phone';

describe('phone login endpoint (spec §4)', () => {
  it('auto-registers unless the config key is present with value 0', () => {
    expect(phoneLoginPath(undefined)).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({})).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '1' })).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '' })).toBe('/user/loginWithPhone');
    expect(phoneLoginPath({ phoneLoginAutoRegister: '0' })).toBe('/user/loginPhoneWithoutRegister');
  });

  it('posts phone, code, invite code and the device to the endpoint the config chooses', async () => {
    const server = fakeServer()
      .on('POST /user/loginPhoneWithoutRegister', () => TEST_ACCOUNT)
      .on('POST /user/loginWithPhone', () => TEST_ACCOUNT);
    await loginWithPhone(
      { phone: '13800138000', code: '123456', inviteCode: 'AB12CD34' },
      { phoneLoginAutoRegister: '0' },
    );
    await loginWithPhone({ phone: '13800138000', code: '123456', inviteCode: undefined }, {});
    expect(server.requests.map((r) => r.path)).toEqual([
      '/user/loginPhoneWithoutRegister',
      '/user/loginWithPhone',
    ]);
    const [first, second] = server.requests;
    expect(first.form.get('phone')).toBe('13800138000');
    expect(first.form.get('code')).toBe('123456');
    expect(first.form.get('inviteCode')).toBe('AB12CD34');
    expect(second.form.has('inviteCode')).toBe(false);
    // The device id (made once, kept in storage) lets an invite pay once per device (DESIGN §14).
    expect(first.form.get('deviceID')).toMatch(/^[0-9a-f]{32}$/);
    expect(second.form.get('deviceID')).toBe(first.form.get('deviceID'));
  });
});
