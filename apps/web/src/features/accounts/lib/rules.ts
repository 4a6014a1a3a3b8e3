// Client-side form rules (DESIGN §6, spec §5), built on the same zod-free patterns as the server's
// schemas (`@ld/contract/patterns`); rules.test.ts checks the messages agree with the schemas.
import {
  LOGIN_NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
} from '@ld/contract/patterns';

export { LOGIN_NAME_PATTERN, PASSWORD_MAX, PASSWORD_MIN, PHONE_PATTERN, SMS_CODE_PATTERN };
export const NAME_MAX = 16;

/** The rule as shown under each field before anything goes wrong. */
export const HINTS = {
  loginName: '4-20 位字母、数字或下划线',
  password: `${PASSWORD_MIN}-${PASSWORD_MAX} 位字符`,
  phone: '11 位中国大陆手机号',
  code: '6 位数字验证码',
} as const;

/** A check answers the message to show, or null when the value is fine. */
export type Check = (value: string) => string | null;

export const checkLoginName: Check = (value) => {
  if (!value.trim()) return '请填写用户名';
  return LOGIN_NAME_PATTERN.test(value.trim()) ? null : '用户名须为 4-20 位字母、数字或下划线';
};

export const checkPassword: Check = (value) => {
  if (!value) return '请填写密码';
  if (value.length < PASSWORD_MIN) return `密码至少 ${PASSWORD_MIN} 位`;
  if (value.length > PASSWORD_MAX) return `密码最多 ${PASSWORD_MAX} 位`;
  return null;
};

/** Login only needs something typed: old accounts may predate today's length rule. */
export const checkLoginPassword: Check = (value) => {
  if (!value) return '请填写密码';
  return value.length > PASSWORD_MAX ? `密码最多 ${PASSWORD_MAX} 位` : null;
};

export const checkConfirm =
  (password: string): Check =>
  (value) => {
    if (!value) return '请再次输入密码';
    return value === password ? null : '两次输入的密码不一致';
  };

/** The UI kit's wording for a bad phone (spec §5). */
export const PHONE_INVALID = '请填写正确的电话';
export const checkPhone: Check = (value) => {
  if (!value.trim()) return '请填写手机号';
  return PHONE_PATTERN.test(value.trim()) ? null : PHONE_INVALID;
};

export const checkSmsCode: Check = (value) => {
  if (!value.trim()) return '请填写验证码';
  return SMS_CODE_PATTERN.test(value.trim()) ? null : '验证码为 6 位数字';
};

/** The spec's UI-kit wording for an empty name (spec §5). */
export const checkName: Check = (value) => {
  if (!value.trim()) return '请填写姓名';
  if (value.trim().length > NAME_MAX) return `昵称最多 ${NAME_MAX} 个字`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value) ? '昵称不能包含特殊控制字符' : null;
};

/** Age is optional; when given, a whole number from 1 to 120. */
export const checkAge: Check = (value) => {
  if (!value.trim()) return null;
  if (!/^\d{1,3}$/.test(value.trim())) return '年龄须为整数';
  const age = Number(value);
  return age >= 1 && age <= 120 ? null : '年龄须在 1-120 之间';
};

/** Whether a full phone fits a masked one (138****8000): the bound phone is only shown masked. */
export function fitsMaskedPhone(phone: string, masked: string): boolean {
  if (masked.length !== 11 || phone.length !== 11) return false;
  return phone.slice(0, 3) === masked.slice(0, 3) && phone.slice(7) === masked.slice(7);
}
