import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/**
 * A recharge pack (充值档位) as operators see it. The price is CNY in fen; an order copies price
 * and diamonds when it is made, so an edit here never changes an order already made (DESIGN §7).
 */
export const adminRechargePackSchema = z.object({
  id: z.number().int(),
  /** CNY in fen. */
  price: z.number().int(),
  diamonds: z.number().int(),
  bonus: z.number().int(),
  tag: z.string().nullable(),
  /** Smaller first on the recharge page. */
  sort: z.number().int(),
  /** Shown on the recharge page and payable. */
  published: z.boolean(),
});
export type AdminRechargePack = z.infer<typeof adminRechargePackSchema>;
export const adminRechargePackPageSchema = adminPageOf(adminRechargePackSchema);

export const adminRechargePackListQuery = adminListQuery(['sort', 'id', 'price'], 'sort').extend({
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminRechargePackListQuery = z.infer<typeof adminRechargePackListQuery>;

/** Limits of a pack, shared by the console's form and the server. */
export const PACK_LIMITS = {
  priceMax: 10_000_000,
  diamondsMax: 100_000_000,
  tagMax: 16,
  sortMax: 9999,
} as const;

const int = (field: string, label: string, min: number, max: number) =>
  z
    .number({ error: `${field} 须为整数（${label}）` })
    .int(`${field} 须为整数（${label}）`)
    .min(min, `${field} 不能小于 ${min}（${label}）`)
    .max(max, `${field} 不能大于 ${max}（${label}）`);

const price = int('price', '价格，单位：分', 1, PACK_LIMITS.priceMax);
const diamonds = int('diamonds', '到账钻石', 1, PACK_LIMITS.diamondsMax);
const bonus = int('bonus', '赠送钻石', 0, PACK_LIMITS.diamondsMax);
const sort = int('sort', '排序，小的在前', 0, PACK_LIMITS.sortMax);
/** A blank tag means none. */
const tag = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'tag 须为文字' })
    .trim()
    .max(PACK_LIMITS.tagMax, `tag 最多 ${PACK_LIMITS.tagMax} 个字`)
    .nullable(),
);
const published = z.boolean({ error: 'published 须为 true 或 false' });

export const createRechargePackBody = z.object({
  price,
  diamonds,
  bonus: bonus.default(0),
  tag: tag.default(null),
  sort: sort.default(0),
  published: published.default(false),
});
export type CreateRechargePackBody = z.infer<typeof createRechargePackBody>;

export const updateRechargePackBody = z
  .object({
    price: price.optional(),
    diamonds: diamonds.optional(),
    bonus: bonus.optional(),
    tag: tag.optional(),
    sort: sort.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['price'] });
export type UpdateRechargePackBody = z.infer<typeof updateRechargePackBody>;
