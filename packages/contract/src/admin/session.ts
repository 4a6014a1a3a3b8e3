import { z } from 'zod';
import { OPERATOR_PASSWORD_MAX, operatorPasswordProblem } from './password.ts';
import { OPERATOR_ROLES } from './roles.ts';

/** Operator names: 3–32 of letters, digits, `_`, `.` and `-`; compared without case. */
export const OPERATOR_NAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export const operatorNameSchema = z
  .string({ error: '请填写操作员名' })
  .trim()
  .regex(OPERATOR_NAME_PATTERN, '操作员名为 3-32 位字母、数字或 _ . -');

/** A password as typed at login: only bounded, never judged (an old one may predate the rules). */
const typedPassword = z
  .string({ error: '请填写密码' })
  .min(1, '请填写密码')
  .max(OPERATOR_PASSWORD_MAX, `密码最多 ${OPERATOR_PASSWORD_MAX} 位`);

/** A new password: the operator password rules (password.ts). */
export const newOperatorPassword = z.string({ error: '请填写新密码' }).superRefine((value, ctx) => {
  const problem = operatorPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const totpCodeSchema = z
  .string({ error: '请填写验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为 6 位数字');

export const operatorRoleSchema = z.enum(OPERATOR_ROLES, {
  error: '角色只能是 admin、editor、moderator、finance',
});

export const adminLoginBody = z.object({ name: operatorNameSchema, password: typedPassword });
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const totpBody = z.object({ code: totpCodeSchema });
export type TotpBody = z.infer<typeof totpBody>;

export const changePasswordBody = z.object({ oldPassword: typedPassword, newPassword: newOperatorPassword });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The operator behind a session, as the console shows it. */
export const sessionOperatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
});
export type SessionOperator = z.infer<typeof sessionOperatorSchema>;

/**
 * A session: who, how far through login (`SessionStage`), and the CSRF token the console sends
 * back in the `x-csrf-token` header of every call. The session itself is an HttpOnly cookie.
 */
export const adminSessionSchema = z.object({
  operator: sessionOperatorSchema,
  stage: z.enum(['totp', 'enrol', 'active']),
  csrfToken: z.string(),
  /** Two-factor is compulsory for every operator (the admins' switch). */
  totpRequired: z.boolean(),
  expiresAt: z.string(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** A new two-factor secret to scan: the `otpauth://` URL for the QR code, and the secret to type. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** Turning two-factor off takes the password and a current code. */
export const disableTotpBody = z.object({ password: typedPassword, code: totpCodeSchema });
export type DisableTotpBody = z.infer<typeof disableTotpBody>;
