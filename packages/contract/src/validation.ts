import { z } from 'zod';

import {
  LOGIN_NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from './patterns.ts';

export { isValidPhone, PHONE_PATTERN } from './patterns.ts';

export const phoneSchema = z
  .string({ error: '请填写手机号' })
  .trim()
  .regex(PHONE_PATTERN, '手机号须为 11 位数字，以 1 开头，第二位为 3-9');
export const smsCodeSchema = z
  .string({ error: '请填写验证码' })
  .trim()
  .regex(SMS_CODE_PATTERN, '验证码为 6 位数字');
export const loginNameSchema = z
  .string({ error: '请填写用户名' })
  .trim()
  .regex(LOGIN_NAME_PATTERN, '用户名为 4-20 位字母、数字或下划线');
export const passwordSchema = z
  .string({ error: '请填写密码' })
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `密码最多 ${PASSWORD_MAX} 位`);

/** Optional form field: an empty string is treated as absent. */
export const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * `uid` a client sends to name itself (the spec's clients do on me, message/all and coin/all):
 * digits as text or a JSON number. It never chooses whose data is read; the server answers code 2
 * when it is not the session's (docs/decisions/0023-caller-uid.md). Every call that documents a
 * `uid` uses this one field, and the server holds every call to the same rule.
 */
export const callerUidField = optionalText(
  z
    .union([z.string(), z.number()], { error: 'uid 须为数字' })
    .transform(String)
    .pipe(z.string().regex(/^\d{1,18}$/, 'uid 须为数字')),
);

/** A phone as other people may see it: 138****8000. */
export const maskPhone = (phone: string): string =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/** Control characters (and line/paragraph separators) break layouts and logs; names refuse them. */
export const hasControlChars = (value: string): boolean => /[\p{Cc}\u2028\u2029]/u.test(value);

/** Invite codes: 8 of uppercase letters and digits, without 0 O 1 I L that people misread. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
