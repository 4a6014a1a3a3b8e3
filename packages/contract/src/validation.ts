import { z } from 'zod';

/** Mainland mobile number: 11 digits, starting with 1, second digit 3 to 9 (spec §5). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const isValidPhone = (value: string): boolean => PHONE_PATTERN.test(value);

export const phoneSchema = z
  .string({ error: '请填写手机号' })
  .trim()
  .regex(PHONE_PATTERN, '手机号须为 11 位数字，以 1 开头，第二位为 3-9');
export const smsCodeSchema = z
  .string({ error: '请填写验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');
export const loginNameSchema = z
  .string({ error: '请填写用户名' })
  .trim()
  .regex(/^[A-Za-z0-9_]{4,20}$/, '用户名为 4-20 位字母、数字或下划线');
export const passwordSchema = z
  .string({ error: '请填写密码' })
  .min(6, '密码至少 6 位')
  .max(32, '密码最多 32 位');

/** Optional form field: an empty string is treated as absent. */
export const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A phone as other people may see it: 138****8000. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/** Control characters (and line/paragraph separators) break layouts and logs; names refuse them. */
export const hasControlChars = (value: string): boolean => /[\p{Cc}\u2028\u2029]/u.test(value);

/** Invite codes: 8 of uppercase letters and digits, without 0 O 1 I L that people misread. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
