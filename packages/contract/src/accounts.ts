import { z } from 'zod';
import { loginNameSchema, optionalText, passwordSchema, phoneSchema, smsCodeSchema } from './validation.ts';

export const DEFAULT_USER_NAME = '游客';

/** The account as the client persists it (spec §3, DESIGN §12). */
export const accountSchema = z.object({
  accountType: z.number().int(),
  age: z.string(),
  loginName: z.string(),
  name: z.string(),
  needBind: z.union([z.literal(0), z.literal(1)]),
  needRealName: z.union([z.literal(0), z.literal(1)]),
  newAccount: z.union([z.literal(0), z.literal(1)]),
  sex: z.number().int(),
  token: z.string(),
  uid: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** User status from `user/center/me`: balance, membership and the profile fields. */
export const userStatusSchema = z.object({
  uid: z.string(),
  loginName: z.string(),
  name: z.string(),
  sex: z.number().int(),
  age: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  inviteCode: z.string(),
  coinNum: z.number().int(),
  levelType: z.number().int(),
  expTime: z.string().nullable(),
  isMember: z.boolean(),
  needBind: z.union([z.literal(0), z.literal(1)]),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

const inviteCode = optionalText(z.string().trim().max(32, '邀请码最多 32 位'));

export const registerBody = z.object({ loginName: loginNameSchema, password: passwordSchema, inviteCode });
export const loginBody = z.object({
  loginName: loginNameSchema,
  password: z.string({ error: '请填写密码' }).min(1, '请填写密码'),
});
export const smsTypes = ['login', 'bind', 'reset'] as const;
export const smsCodeBody = z.object({
  phone: phoneSchema,
  type: z.enum(smsTypes, { error: 'type 须为 login、bind 或 reset' }),
});
export const phoneLoginBody = z.object({ phone: phoneSchema, code: smsCodeSchema, inviteCode });
export const bindBody = z.object({ phone: phoneSchema, code: smsCodeSchema });
export const resetPasswordBody = z
  .object({
    newPassword: passwordSchema,
    oldPassword: optionalText(z.string()),
    phone: optionalText(phoneSchema),
    code: optionalText(smsCodeSchema),
  })
  .refine((b) => b.oldPassword !== undefined || (b.phone !== undefined && b.code !== undefined), {
    message: '请填写原密码，或填写手机号和验证码',
    path: ['oldPassword'],
  });
export const updateInfoBody = z.object({
  name: optionalText(z.string().trim().min(1, '请填写姓名').max(16, '昵称最多 16 个字')),
  sex: optionalText(z.coerce.number().int().min(0, 'sex 须为 0、1 或 2').max(2, 'sex 须为 0、1 或 2')),
  age: optionalText(
    z.coerce.number().int('年龄须为整数').min(1, '年龄须在 1-120 之间').max(120, '年龄须在 1-120 之间'),
  ),
});
export const avatarAnswer = z.object({ url: z.string() });
