// Operator password rules, without zod: the console's forms, the server and `npm run admin:create`
// all ask this one function.

export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 64;

/** Passwords people pick first; an operator account guards every user's money and data. */
const COMMON = new Set([
  '1234567890',
  '12345678910',
  '0123456789',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'password123',
  'password1234',
  'admin12345',
  'admin123456',
  'administrator',
  'iloveyou123',
  'a123456789',
  'abc1234567',
  'abcd123456',
  'qwerty12345',
  'woaini1314',
]);

/**
 * What is wrong with an operator password, in Chinese, or null when it will do: 10–64 characters,
 * at least three kinds of letters, digits and symbols (upper and lower case count apart), not the
 * operator's name, not a well-known password, not one character repeated.
 */
export function operatorPasswordProblem(password: string, name = ''): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN) return `密码至少 ${OPERATOR_PASSWORD_MIN} 位`;
  if (password.length > OPERATOR_PASSWORD_MAX) return `密码最多 ${OPERATOR_PASSWORD_MAX} 位`;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((k) => k.test(password)).length;
  if (kinds < 3) return '密码须包含大写字母、小写字母、数字、符号中的至少三种';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return '密码过于常见，请换一个';
  if (/^(.)\1+$/.test(password) || new Set(password).size < 5) return '密码重复字符过多，请换一个';
  if (name && lower.includes(name.toLowerCase())) return '密码不能包含操作员名';
  return null;
}
