import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/** A bulletin as operators see it: the stored HTML, and what the portal shows after cleaning. */
export const adminBulletinSchema = z.object({
  id: z.number().int(),
  posType: z.number().int(),
  title: z.string(),
  /** As saved. */
  content: z.string(),
  /** As the portal serves it: cleaned against the allow-list (tags, attributes, links). */
  cleanContent: z.string(),
  published: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AdminBulletin = z.infer<typeof adminBulletinSchema>;
export const adminBulletinPageSchema = adminPageOf(adminBulletinSchema);

export const adminBulletinListQuery = adminListQuery(['id', 'createTime', 'title'], 'createTime').extend({
  title: blankAsAbsent(z.string().trim().max(128, 'title 最多 128 个字符')),
  posType: blankAsAbsent(
    z.coerce.number({ error: 'posType 须为正整数' }).int('posType 须为正整数').positive('posType 须为正整数'),
  ),
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminBulletinListQuery = z.infer<typeof adminBulletinListQuery>;

const title = z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(128, '标题最多 128 字');
const content = z
  .string({ error: '请填写内容' })
  .trim()
  .min(1, '请填写内容')
  .max(20_000, '内容最多 20000 字');
const posType = z.coerce
  .number({ error: 'posType 须为正整数' })
  .int('posType 须为正整数')
  .positive('posType 须为正整数');

export const createBulletinBody = z.object({
  title,
  content,
  /** 1: the start-up popup (DESIGN §6). */
  posType: posType.default(1),
  published: z.boolean({ error: 'published 须为 true 或 false' }).default(false),
});
export type CreateBulletinBody = z.infer<typeof createBulletinBody>;

export const updateBulletinBody = z
  .object({
    title: title.optional(),
    content: content.optional(),
    posType: posType.optional(),
    published: z.boolean({ error: 'published 须为 true 或 false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['title'] });
export type UpdateBulletinBody = z.infer<typeof updateBulletinBody>;
