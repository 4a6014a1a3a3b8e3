import { z } from 'zod';
import { optionalText } from './validation.ts';

/** The three badges of the spec's icons (badges-month, badges-normal, badges-year). */
export const vipBadges = ['month', 'normal', 'year'] as const;
export type VipBadge = (typeof vipBadges)[number];

export const vipPlanSchema = z.object({
  vipType: z.number().int(),
  name: z.string(),
  days: z.number().int(),
  /** Price in diamonds. */
  price: z.number().int(),
  /** Price before the discount, for the struck-through label; equals price when there is none. */
  originalPrice: z.number().int(),
  badge: z.enum(vipBadges),
  description: z.string(),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;

export const vipOpenBody = z.object({
  vipType: z.coerce
    .number({ error: '请选择会员套餐' })
    .int('vipType 须为整数')
    .positive('vipType 须为正整数'),
  /** Sent by the client per tap so a double tap pays once. */
  requestId: optionalText(z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'requestId 须为 8-64 位字母、数字或 -')),
});

/** Balance and membership after opening a plan. */
export const vipStatusSchema = z.object({
  coinNum: z.number().int(),
  levelType: z.number().int(),
  expTime: z.string().nullable(),
  isMember: z.boolean(),
});
export type VipStatus = z.infer<typeof vipStatusSchema>;

/** Member = levelType >= 1 and expTime in the future (DESIGN §6). */
export function isMemberAt(levelType: number, expTime: number | string | null, now: number): boolean {
  if (levelType < 1 || expTime === null) return false;
  const expires = typeof expTime === 'number' ? expTime : Date.parse(expTime);
  return expires > now;
}
