import { z } from 'zod';
import { kefuKinds } from '../messages.ts';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 客服收件箱 (issue 20 §4): what users send through 联系客服 and 合作共赢 (`/user/kefu`), with the
// sender, their channel and recent orders beside it; a reply reaches the sender as a system message.

export const kefuReplySchema = z.object({
  id: z.number().int(),
  operatorName: z.string().nullable(),
  content: z.string(),
  /** Whether it reached the sender's 系统消息 (a guest's note has no inbox to reach). */
  delivered: z.boolean(),
  createTime: z.string(),
});
export type KefuReply = z.infer<typeof kefuReplySchema>;

export const kefuNoteSchema = z.object({
  id: z.number().int(),
  kind: z.enum(kefuKinds),
  content: z.string(),
  contact: z.string(),
  /** Null for a guest. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  channelId: z.string().nullable(),
  answered: z.boolean(),
  replyCount: z.number().int(),
  createTime: z.string(),
  answerTime: z.string().nullable(),
});
export type KefuNote = z.infer<typeof kefuNoteSchema>;
export const kefuNotePageSchema = adminPageOf(kefuNoteSchema);

export const kefuOrderSchema = z.object({
  orderNo: z.string(),
  amount: z.number().int(),
  diamonds: z.number().int(),
  status: z.string(),
  provider: z.string(),
  createTime: z.string(),
});
export type KefuOrder = z.infer<typeof kefuOrderSchema>;

/** One note opened: the thread (the note, then every reply), the sender and their recent orders. */
export const kefuThreadSchema = z.object({
  note: kefuNoteSchema,
  replies: z.array(kefuReplySchema),
  /** The sender's other notes, newest first (a person often writes twice). */
  earlier: z.array(kefuNoteSchema),
  user: z
    .object({
      id: z.number().int(),
      loginName: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      channelId: z.string(),
      createTime: z.string(),
      coinNum: z.number().int(),
    })
    .nullable(),
  orders: z.array(kefuOrderSchema),
});
export type KefuThread = z.infer<typeof kefuThreadSchema>;

export const kefuListQuery = adminListQuery(['inbox', 'createTime'], 'inbox').extend({
  kind: blankAsAbsent(z.enum(kefuKinds, { error: 'kind 只能是 kefu 或 business' })),
  answered: blankAsAbsent(z.enum(['true', 'false'], { error: 'answered 只能是 true 或 false' })),
  keyword: blankAsAbsent(z.string({ error: 'keyword 须为文本' }).trim().max(64, 'keyword 最多 64 个字')),
});
export type KefuListQuery = z.infer<typeof kefuListQuery>;

export const kefuReplyBody = z.object({
  content: z
    .string({ error: '请填写回复内容' })
    .trim()
    .min(2, '回复至少 2 个字')
    .max(1000, '回复最多 1000 字'),
});
export type KefuReplyBody = z.infer<typeof kefuReplyBody>;
