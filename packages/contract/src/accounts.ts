import { z } from 'zod';
import {
  callerUidField,
  hasControlChars,
  loginNameSchema,
  optionalText,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
} from './validation.ts';

export { DEFAULT_USER_NAME } from './defaults.ts';
export const NAME_MAX_LENGTH = 16;

const flag = z.union([z.literal(0), z.literal(1)]);

/** The account as the client persists it (spec §3, DESIGN §12). */
export const accountSchema = z.object({
  accountType: z.number().int(),
  age: z.string(),
  loginName: z.string(),
  name: z.string(),
  needBind: flag,
  needRealName: flag,
  newAccount: flag,
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
  /** URL path of the avatar image, or null for the default picture. */
  avatar: z.string().nullable(),
  /** The bound phone, masked (138****8000), or null. */
  phone: z.string().nullable(),
  inviteCode: z.string(),
  coinNum: z.number().int(),
  levelType: z.number().int(),
  /** Membership expiry, ISO 8601, or null when never a member. */
  expTime: z.string().nullable(),
  /** levelType >= 1 and expTime in the future (DESIGN §6). */
  isMember: z.boolean(),
  needBind: flag,
});
export type UserStatus = z.infer<typeof userStatusSchema>;

const inviteCode = optionalText(z.string({ error: '邀请码须为文本' }).trim().max(32, '邀请码最多 32 位'));
/** The device signing up (device init's deviceID), so an invite pays once per device (DESIGN §14). */
const deviceID = optionalText(
  z
    .string({ error: 'deviceID 须为文本' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'deviceID 须为 8-64 位字母、数字或 -'),
);

export const registerBody = z.object({
  loginName: loginNameSchema,
  password: passwordSchema,
  inviteCode,
  deviceID,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  loginName: loginNameSchema,
  password: z.string({ error: '请填写密码' }).min(1, '请填写密码').max(32, '密码最多 32 位'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const smsTypes = ['login', 'bind', 'reset'] as const;
export type SmsType = (typeof smsTypes)[number];
export const smsCodeBody = z.object({
  phone: phoneSchema,
  type: z.enum(smsTypes, { error: 'type 须为 login、bind 或 reset' }),
});
export type SmsCodeBody = z.infer<typeof smsCodeBody>;

export const phoneLoginBody = z.object({ phone: phoneSchema, code: smsCodeSchema, inviteCode, deviceID });
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

export const bindBody = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type BindBody = z.infer<typeof bindBody>;

/** Change the caller's password by the old one, or by a code sent to the caller's bound phone (DESIGN §6). */
export const resetPasswordBody = z
  .object({
    newPassword: passwordSchema,
    oldPassword: optionalText(z.string({ error: '原密码须为文本' }).max(32, '原密码最多 32 位')),
    phone: optionalText(phoneSchema),
    code: optionalText(smsCodeSchema),
  })
  .superRefine((b, ctx) => {
    if (b.oldPassword !== undefined) return;
    if (b.phone === undefined && b.code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['oldPassword'], message: '请填写原密码，或填写手机号和验证码' });
    } else if (b.phone === undefined) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: '请填写手机号' });
    } else if (b.code === undefined) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: '请填写验证码' });
    }
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Calls that name the caller in the body (`uid`); a uid other than the session's answers code 2. */
export const uidBody = z.object({ uid: callerUidField });

export const updateInfoBody = z
  .object({
    uid: callerUidField,
    name: optionalText(
      z
        .string({ error: '昵称须为文本' })
        .trim()
        .min(1, '请填写姓名')
        .max(NAME_MAX_LENGTH, `昵称最多 ${NAME_MAX_LENGTH} 个字`)
        .refine((v) => !hasControlChars(v), '昵称不能包含控制字符'),
    ),
    sex: optionalText(
      z.coerce
        .number({ error: 'sex 须为 0（保密）、1（男）或 2（女）' })
        .int('sex 须为 0（保密）、1（男）或 2（女）')
        .min(0, 'sex 须为 0（保密）、1（男）或 2（女）')
        .max(2, 'sex 须为 0（保密）、1（男）或 2（女）'),
    ),
    age: optionalText(
      z.coerce
        .number({ error: '年龄须为整数' })
        .int('年龄须为整数')
        .min(1, '年龄须在 1-120 之间')
        .max(120, '年龄须在 1-120 之间'),
    ),
  })
  .refine((b) => b.name !== undefined || b.sex !== undefined || b.age !== undefined, {
    message: '请至少填写 name、sex、age 中的一项',
    path: ['name'],
  });
export type UpdateInfoBody = z.infer<typeof updateInfoBody>;

export const avatarAnswer = z.object({ url: z.string() });
export type AvatarAnswer = z.infer<typeof avatarAnswer>;
