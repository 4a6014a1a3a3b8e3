import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/** A square tag (话题) as operators see it; the square lists the ones in use by `sort`. */
export const adminSquareTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  /** Listed and offered for new posts; posts already under a tag keep it either way. */
  published: z.boolean(),
  createTime: z.string(),
});
export type AdminSquareTag = z.infer<typeof adminSquareTagSchema>;
export const adminSquareTagPageSchema = adminPageOf(adminSquareTagSchema);

export const adminSquareTagListQuery = adminListQuery(['sort', 'id', 'name'], 'sort').extend({
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminSquareTagListQuery = z.infer<typeof adminSquareTagListQuery>;

export const SQUARE_TAG_NAME_MAX = 32;

const name = z
  .string({ error: '请填写话题名称' })
  .trim()
  .min(1, '请填写话题名称')
  .max(SQUARE_TAG_NAME_MAX, `话题名称最多 ${SQUARE_TAG_NAME_MAX} 个字`);
const sort = z
  .number({ error: 'sort 须为整数（排序，小的在前）' })
  .int('sort 须为整数（排序，小的在前）')
  .min(0, 'sort 不能小于 0')
  .max(9999, 'sort 不能大于 9999');
const published = z.boolean({ error: 'published 须为 true 或 false' });

export const createSquareTagBody = z.object({
  name,
  sort: sort.default(0),
  published: published.default(false),
});
export type CreateSquareTagBody = z.infer<typeof createSquareTagBody>;

export const updateSquareTagBody = z
  .object({ name: name.optional(), sort: sort.optional(), published: published.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '至少修改一项', path: ['name'] });
export type UpdateSquareTagBody = z.infer<typeof updateSquareTagBody>;
