import { describe, expect, it } from 'vitest';
import { registerBody, resetPasswordBody, updateInfoBody } from '../src/accounts.ts';
import { isPhoneAutoRegister } from '../src/client-config.ts';
import { hasControlChars, isValidPhone, maskPhone, phoneSchema } from '../src/validation.ts';

describe('phone numbers (spec §5)', () => {
  it.each(['13800138000', '19912345678', '15000000000'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    ['12800138000', 'second digit 2'],
    ['10800138000', 'second digit 0'],
    ['23800138000', 'first digit 2'],
    ['1380013800', '10 digits'],
    ['138001380000', '12 digits'],
    ['1380013800a', 'a letter'],
    ['', 'empty'],
    ['+8613800138000', 'country code'],
  ])('refuses %s (%s)', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  it('trims before checking in the schema, and names the rule', () => {
    expect(phoneSchema.parse(' 13800138000 ')).toBe('13800138000');
    const result = phoneSchema.safeParse('12345');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('手机号须为 11 位数字，以 1 开头，第二位为 3-9');
  });

  it('masks the middle four digits', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('account forms', () => {
  it('treats an empty optional invite code as absent', () => {
    expect(registerBody.parse({ loginName: 'abcd', password: '123456', inviteCode: '' })).toEqual({
      loginName: 'abcd',
      password: '123456',
    });
  });

  it('asks for the old password or both phone and code', () => {
    expect(resetPasswordBody.safeParse({ newPassword: '123456', oldPassword: 'x' }).success).toBe(true);
    expect(
      resetPasswordBody.safeParse({ newPassword: '123456', phone: '13800138000', code: '123456' }).success,
    ).toBe(true);
    const neither = resetPasswordBody.safeParse({ newPassword: '123456' });
    expect(neither.error?.issues[0]).toMatchObject({ path: ['oldPassword'] });
  });

  it('needs one profile field and refuses control characters in names', () => {
    expect(updateInfoBody.safeParse({}).error?.issues[0].path).toEqual(['name']);
    expect(updateInfoBody.parse({ name: ' 小蓝 ', age: '18' })).toEqual({ name: '小蓝', age: 18 });
    expect(hasControlChars('a\u0000b')).toBe(true);
    expect(hasControlChars('a\u2028b')).toBe(true);
    expect(hasControlChars('小蓝 😀')).toBe(false);
  });
});

describe('isPhoneAutoRegister (spec §4)', () => {
  it('is on unless the key is present with value 0', () => {
    expect(isPhoneAutoRegister([])).toBe(true);
    expect(isPhoneAutoRegister([{ key: 'phoneLoginAutoRegister', value: '1' }])).toBe(true);
    expect(isPhoneAutoRegister([{ key: 'phoneLoginAutoRegister', value: '0' }])).toBe(false);
    expect(isPhoneAutoRegister([{ key: 'other', value: '0' }])).toBe(true);
  });
});
