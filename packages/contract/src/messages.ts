import { z } from 'zod';
import { uidBody } from './accounts.ts';
import { cursorPageOf, pageQuery } from './envelope.ts';

/** A system message of the caller (系统消息). */
export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createTime: z.string(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagePageSchema = cursorPageOf(messageSchema).extend({ unread: z.number().int() });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** `/user/center/message/all`: the caller's messages, newest first. */
export const messageListBody = uidBody.extend(pageQuery.shape);
export type MessageListBody = z.infer<typeof messageListBody>;

/** `/user/message`: mark one message read, or all when `id` is absent. */
export const markReadBody = z.object({
  id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: 'id 须为正整数' }).int('id 须为正整数').positive('id 须为正整数').optional(),
  ),
});
export type MarkReadBody = z.infer<typeof markReadBody>;
export const unreadAnswer = z.object({ unread: z.number().int() });

export const kefuKinds = ['kefu', 'business'] as const;
/** `/user/kefu`: a note to customer service (kefu) or a business cooperation request (business). */
export const kefuBody = z.object({
  content: z.string({ error: '请填写内容' }).trim().min(5, '内容至少 5 个字').max(500, '内容最多 500 字'),
  contact: z
    .string({ error: '联系方式须为文本' })
    .trim()
    .max(64, '联系方式最多 64 字')
    .optional()
    .default(''),
  kind: z.enum(kefuKinds, { error: 'kind 须为 kefu 或 business' }).optional().default('kefu'),
});
export type KefuBody = z.infer<typeof kefuBody>;
export const kefuAnswer = z.object({ id: z.number().int() });

export const bulletinQuery = z.object({
  posType: z.coerce
    .number({ error: 'posType 须为正整数' })
    .int('posType 须为正整数')
    .positive('posType 须为正整数')
    .default(1),
});
export const bulletinSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createTime: z.string(),
  /** HTML, cleaned by the server against an allow-list as it is served (apps/server/src/platform/server-html.ts). */
  content: z.string(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;
