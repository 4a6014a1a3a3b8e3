import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// Novels and comics in the console (docs/decisions/0059-novels-and-comics-console.md): one shape
// for a work of either kind, its units (chapters, episodes) and the pricing of a range of them.

/** A work as operators see it, published or a draft. */
export const adminWorkSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['novel', 'comic', 'video']),
  title: z.string(),
  author: z.string(),
  /** Public URL of the cover (re-encoded like the portal's). */
  cover: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  tags: z.array(z.string()),
  intro: z.string(),
  /** 0 连载, 1 完结. */
  status: z.number().int(),
  /** Shown in the portal; a draft is not. */
  published: z.boolean(),
  unitCount: z.number().int(),
  wordCount: z.number().int(),
  createTime: z.string(),
});
export type AdminWork = z.infer<typeof adminWorkSchema>;
export const adminWorkPageSchema = adminPageOf(adminWorkSchema);

export const adminWorkListQuery = adminListQuery(['id', 'createTime', 'title', 'unitCount'], 'id').extend({
  title: blankAsAbsent(z.string().trim().max(64, 'title 最多 64 个字符')),
  categoryId: blankAsAbsent(
    z.coerce
      .number({ error: 'categoryId 须为正整数' })
      .int('categoryId 须为正整数')
      .positive('categoryId 须为正整数'),
  ),
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminWorkListQuery = z.infer<typeof adminWorkListQuery>;

export const workCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type WorkCategory = z.infer<typeof workCategorySchema>;

const title = z.string({ error: '请填写书名' }).trim().min(1, '请填写书名').max(64, '书名最多 64 字');
const author = z.string({ error: '请填写作者' }).trim().min(1, '请填写作者').max(32, '作者最多 32 字');
const categoryId = z.coerce.number({ error: '请选择分类' }).int('请选择分类').positive('请选择分类');
const intro = z.string({ error: '简介须为文字' }).trim().max(1000, '简介最多 1000 字');
const tags = z
  .array(z.string({ error: '标签须为文字' }).trim().min(1, '标签不能为空').max(12, '每个标签最多 12 字'), {
    error: 'tags 须为标签列表',
  })
  .max(8, '最多 8 个标签')
  .refine((list) => new Set(list).size === list.length, '标签不能重复');
const status = z.union([z.literal(0), z.literal(1)], { error: 'status 只能是 0（连载）或 1（完结）' });

export const createWorkBody = z.object({
  title,
  author,
  categoryId,
  intro: intro.default(''),
  tags: tags.default([]),
  status: status.default(0),
});
export type CreateWorkBody = z.infer<typeof createWorkBody>;

export const updateWorkBody = z
  .object({
    title: title.optional(),
    author: author.optional(),
    categoryId: categoryId.optional(),
    intro: intro.optional(),
    tags: tags.optional(),
    status: status.optional(),
    published: z.boolean({ error: 'published 须为 true 或 false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] });
export type UpdateWorkBody = z.infer<typeof updateWorkBody>;

/** A chapter or an episode as operators see it. */
export const adminUnitSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  /** Diamonds; 0 free. */
  price: z.number().int(),
  /** Free for members (others pay `price`). */
  vip: z.boolean(),
  /** Novels: characters; comics: pages. */
  size: z.number().int(),
});
export type AdminUnit = z.infer<typeof adminUnitSchema>;
export const adminUnitPageSchema = adminPageOf(adminUnitSchema);
export const adminUnitListQuery = z.object({
  currentPage: z.coerce
    .number({ error: 'currentPage 须为正整数' })
    .int('currentPage 须为正整数')
    .positive('currentPage 须为正整数')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize 须为正整数' })
    .int('pageSize 须为正整数')
    .positive('pageSize 须为正整数')
    .max(100, 'pageSize 最大为 100')
    .default(50),
});

/** Highest price of one chapter or episode, in diamonds. */
export const MAX_UNIT_PRICE = 1000;

/**
 * Prices units `from`–`to` (by index; the whole work when absent): the first `freeFirst` of them
 * free, the rest `price` diamonds each, free for members when `vip` (DESIGN §6; a unit priced 0 is
 * free for everyone, whatever `vip`).
 */
export const pricingBody = z
  .object({
    freeFirst: z
      .number({ error: 'freeFirst 须为 0 或正整数' })
      .int('freeFirst 须为 0 或正整数')
      .min(0, 'freeFirst 须为 0 或正整数'),
    price: z
      .number({ error: 'price 须为整数（蓝钻）' })
      .int('price 须为整数（蓝钻）')
      .min(0, 'price 不能为负')
      .max(MAX_UNIT_PRICE, `price 最多 ${MAX_UNIT_PRICE} 蓝钻`),
    vip: z.boolean({ error: 'vip 须为 true 或 false' }).default(false),
    from: z
      .number({ error: 'from 须为正整数' })
      .int('from 须为正整数')
      .positive('from 须为正整数')
      .optional(),
    to: z.number({ error: 'to 须为正整数' }).int('to 须为正整数').positive('to 须为正整数').optional(),
  })
  .refine((b) => b.from === undefined || b.to === undefined || b.to >= b.from, {
    message: 'to 不能小于 from',
    path: ['to'],
  });
export type PricingBody = z.infer<typeof pricingBody>;

export const pricingAnswer = z.object({ priced: z.number().int(), free: z.number().int() });
export type PricingAnswer = z.infer<typeof pricingAnswer>;

/** A unit of a work: `/novels/:id/units/:unitId`, `/comics/:id/units/:unitId`. */
export const unitParams = z.object({
  id: z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数'),
  unitId: z.coerce
    .number({ error: 'unitId 须为正整数' })
    .int('unitId 须为正整数')
    .positive('unitId 须为正整数'),
});

/** Longest chapter or episode title: the `units.title` column, and what the portal's menus show. */
export const MAX_UNIT_TITLE = 64;

/**
 * Renames a unit and/or moves it to position `index` (1 = first); the units between shift by one.
 * Its id stays, so purchases, progress and comments stay with it.
 */
export const updateUnitBody = z
  .object({
    title: z
      .string({ error: 'title 须为文字' })
      .trim()
      .min(1, 'title 不能为空')
      .max(MAX_UNIT_TITLE, `title 最多 ${MAX_UNIT_TITLE} 字`)
      .optional(),
    index: z
      .number({ error: 'index 须为正整数' })
      .int('index 须为正整数')
      .positive('index 须为正整数')
      .optional(),
  })
  .refine((b) => b.title !== undefined || b.index !== undefined, {
    message: '至少修改标题或位置',
    path: ['title'],
  });
export type UpdateUnitBody = z.infer<typeof updateUnitBody>;

/** After a unit was deleted: what the work has left (a work left with none is taken down). */
export const deleteUnitAnswer = z.object({
  unitCount: z.number().int(),
  published: z.boolean(),
});
export type DeleteUnitAnswer = z.infer<typeof deleteUnitAnswer>;
