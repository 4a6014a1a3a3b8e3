import { z } from 'zod';
import { pageOf } from './envelope.ts';

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = pageOf(messageSchema).extend({ unread: z.number().int() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `/user/message`: mark one message read, or all when `id` is absent. */
export const markReadBody = z.object({ id: z.coerce.number().int().positive().optional() });

export const kefuBody = z.object({
  content: z.string({ error: '请填写内容' }).trim().min(5, '内容至少 5 个字').max(500, '内容最多 500 字'),
  contact: z.string().trim().max(64, '联系方式最多 64 字').optional().default(''),
  kind: z.enum(['kefu', 'business'], { error: 'kind 须为 kefu 或 business' }).optional().default('kefu'),
});

export const bulletinSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createTime: z.string(),
  content: z.string(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
