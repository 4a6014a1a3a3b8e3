import { z } from 'zod';
import { vipBadges } from '../vip.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/**
 * A membership plan (会员套餐) as operators see it; the price is in diamonds. A purchase copies
 * days and price when it is made, so an edit here never changes one already made (DESIGN §7).
 */
export const adminVipPlanSchema = z.object({
  /** The plan's number (`vipType` of vip/vipopen). */
  id: z.number().int(),
  name: z.string(),
  days: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  badge: z.enum(vipBadges),
  description: z.string(),
  /** Smaller first on the membership page. */
  sort: z.number().int(),
  /** Listed by vip/vipconfig and on sale. */
  published: z.boolean(),
});
export type AdminVipPlan = z.infer<typeof adminVipPlanSchema>;
export const adminVipPlanPageSchema = adminPageOf(adminVipPlanSchema);

export const adminVipPlanListQuery = adminListQuery(['sort', 'id', 'price'], 'sort').extend({
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminVipPlanListQuery = z.infer<typeof adminVipPlanListQuery>;

export const VIP_PLAN_LIMITS = {
  nameMax: 16,
  descriptionMax: 255,
  daysMax: 3660,
  priceMax: 10_000_000,
  sortMax: 9999,
} as const;

export const VIP_BADGE_TEXT: Record<(typeof vipBadges)[number], string> = {
  month: '月卡徽章',
  normal: '普通徽章',
  year: '年卡徽章',
};

const int = (field: string, label: string, min: number, max: number) =>
  z
    .number({ error: `${field} 须为整数（${label}）` })
    .int(`${field} 须为整数（${label}）`)
    .min(min, `${field} 不能小于 ${min}（${label}）`)
    .max(max, `${field} 不能大于 ${max}（${label}）`);

const name = z
  .string({ error: '请填写套餐名称' })
  .trim()
  .min(1, '请填写套餐名称')
  .max(VIP_PLAN_LIMITS.nameMax, `套餐名称最多 ${VIP_PLAN_LIMITS.nameMax} 个字`);
const days = int('days', '会员天数', 1, VIP_PLAN_LIMITS.daysMax);
const price = int('price', '价格，单位：钻石', 1, VIP_PLAN_LIMITS.priceMax);
const originalPrice = int('originalPrice', '原价，单位：钻石', 1, VIP_PLAN_LIMITS.priceMax);
const badge = z.enum(vipBadges, { error: `badge 只能是 ${vipBadges.join('、')}` });
const description = z
  .string({ error: 'description 须为文字' })
  .trim()
  .max(VIP_PLAN_LIMITS.descriptionMax, `说明最多 ${VIP_PLAN_LIMITS.descriptionMax} 个字`);
const sort = int('sort', '排序，小的在前', 0, VIP_PLAN_LIMITS.sortMax);
const published = z.boolean({ error: 'published 须为 true 或 false' });

const originalNotBelowPrice = (b: { price?: number; originalPrice?: number }) =>
  b.price === undefined || b.originalPrice === undefined || b.originalPrice >= b.price;
const originalRule = () => ({ message: '原价不能低于现价', path: ['originalPrice'] });

export const createVipPlanBody = z
  .object({
    name,
    days,
    price,
    /** Defaults to the price: no struck-through label. */
    originalPrice: originalPrice.optional(),
    badge,
    description: description.default(''),
    sort: sort.default(0),
    published: published.default(false),
  })
  .refine(originalNotBelowPrice, originalRule());
export type CreateVipPlanBody = z.infer<typeof createVipPlanBody>;

export const updateVipPlanBody = z
  .object({
    name: name.optional(),
    days: days.optional(),
    price: price.optional(),
    originalPrice: originalPrice.optional(),
    badge: badge.optional(),
    description: description.optional(),
    sort: sort.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['name'] })
  .refine(originalNotBelowPrice, originalRule());
export type UpdateVipPlanBody = z.infer<typeof updateVipPlanBody>;
