import {
  PHONE_PATTERN as CONTRACT_PHONE,
  loginNameSchema,
  passwordSchema,
  smsCodeSchema,
} from '@ld/contract/validation';
import { describe, expect, it } from 'vitest';
import {
  checkAge,
  checkConfirm,
  checkLoginName,
  checkName,
  checkPassword,
  checkPhone,
  checkSmsCode,
  fitsMaskedPhone,
  PHONE_INVALID,
  PHONE_PATTERN,
} from './rules';

describe('account form rules', () => {
  it('takes login names of 4-20 letters, digits or underscores', () => {
    expect(checkLoginName('')).toBe('请填写用户名');
    expect(checkLoginName('abc')).toBe('用户名须为 4-20 位字母、数字或下划线');
    expect(checkLoginName('a'.repeat(21))).not.toBeNull();
    expect(checkLoginName('名字abcd')).not.toBeNull();
    expect(checkLoginName('ab-cd')).not.toBeNull();
    expect(checkLoginName('Player_01')).toBeNull();
  });

  it('takes passwords of 6-32 characters and a matching confirmation', () => {
    expect(checkPassword('')).toBe('请填写密码');
    expect(checkPassword('12345')).toBe('密码至少 6 位');
    expect(checkPassword('x'.repeat(33))).toBe('密码最多 32 位');
    expect(checkPassword('123456')).toBeNull();
    expect(checkConfirm('secret1')('secret2')).toBe('两次输入的密码不一致');
    expect(checkConfirm('secret1')('')).toBe('请再次输入密码');
    expect(checkConfirm('secret1')('secret1')).toBeNull();
  });

  it('takes mainland mobiles only, with the UI kit wording (spec §5)', () => {
    expect(checkPhone('')).toBe('请填写手机号');
    for (const bad of ['12800138000', '1380013800', '138001380001', '23800138000', '1380013800a']) {
      expect(checkPhone(bad)).toBe(PHONE_INVALID);
    }
    expect(PHONE_INVALID).toBe('请填写正确的电话');
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('19912345678')).toBeNull();
  });

  it('takes 6-digit codes, names up to 16 characters and ages 1-120', () => {
    expect(checkSmsCode('12345')).toBe('验证码为 6 位数字');
    expect(checkSmsCode('123456')).toBeNull();
    expect(checkName('  ')).toBe('请填写姓名');
    expect(checkName('一'.repeat(17))).toBe('昵称最多 16 个字');
    expect(checkName('蓝钻玩家')).toBeNull();
    expect(checkAge('')).toBeNull();
    expect(checkAge('0')).toBe('年龄须在 1-120 之间');
    expect(checkAge('121')).toBe('年龄须在 1-120 之间');
    expect(checkAge('2.5')).toBe('年龄须为整数');
    expect(checkAge('18')).toBeNull();
  });

  it('matches a full phone against the masked bound one', () => {
    expect(fitsMaskedPhone('13800138000', '138****8000')).toBe(true);
    expect(fitsMaskedPhone('13900138000', '138****8000')).toBe(false);
    expect(fitsMaskedPhone('13800138001', '138****8000')).toBe(false);
  });

  it('agrees with the server rules in @ld/contract', () => {
    expect(PHONE_PATTERN.source).toBe(CONTRACT_PHONE.source);
    const names = ['abc', 'abcd', 'a'.repeat(20), 'a'.repeat(21), 'ab_9', 'ab-9', '用户名字'];
    for (const name of names)
      expect(checkLoginName(name) === null).toBe(loginNameSchema.safeParse(name).success);
    for (const pw of ['12345', '123456', 'x'.repeat(32), 'x'.repeat(33)]) {
      expect(checkPassword(pw) === null).toBe(passwordSchema.safeParse(pw).success);
    }
    for (const code of ['12345', '123456', '1234567', '12345a']) {
      expect(checkSmsCode(code) === null).toBe(smsCodeSchema.safeParse(code).success);
    }
  });
});
