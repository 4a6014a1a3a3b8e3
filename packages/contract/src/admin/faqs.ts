import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

/** An FAQ entry (常见问题) as operators see it: the answer as saved, and as the portal serves it. */
export const adminFaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  /** As saved (HTML). */
  answer: z.string(),
  /** As the portal serves it: cleaned against the allow-list. */
  cleanAnswer: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
});
export type AdminFaq = z.infer<typeof adminFaqSchema>;
export const adminFaqPageSchema = adminPageOf(adminFaqSchema);

export const adminFaqListQuery = adminListQuery(['sort', 'id'], 'sort').extend({
  question: blankAsAbsent(z.string().trim().max(255, 'question 最多 255 个字符')),
  published: blankAsAbsent(z.enum(['true', 'false'], { error: 'published 只能是 true 或 false' })),
});
export type AdminFaqListQuery = z.infer<typeof adminFaqListQuery>;

export const FAQ_LIMITS = { questionMax: 255, answerMax: 20_000 } as const;

const question = z
  .string({ error: '请填写问题' })
  .trim()
  .min(1, '请填写问题')
  .max(FAQ_LIMITS.questionMax, `问题最多 ${FAQ_LIMITS.questionMax} 字`);
const answer = z
  .string({ error: '请填写回答' })
  .trim()
  .min(1, '请填写回答')
  .max(FAQ_LIMITS.answerMax, `回答最多 ${FAQ_LIMITS.answerMax} 字`);
const sort = z
  .number({ error: 'sort 须为整数（排序，小的在前）' })
  .int('sort 须为整数（排序，小的在前）')
  .min(0, 'sort 不能小于 0')
  .max(9999, 'sort 不能大于 9999');
const published = z.boolean({ error: 'published 须为 true 或 false' });

export const createFaqBody = z.object({
  question,
  answer,
  sort: sort.default(0),
  published: published.default(false),
});
export type CreateFaqBody = z.infer<typeof createFaqBody>;

export const updateFaqBody = z
  .object({
    question: question.optional(),
    answer: answer.optional(),
    sort: sort.optional(),
    published: published.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: '至少修改一项',
    path: ['question'],
  });
export type UpdateFaqBody = z.infer<typeof updateFaqBody>;
