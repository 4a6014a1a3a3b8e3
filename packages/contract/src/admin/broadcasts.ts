import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent } from './list.ts';

// 系统消息 sent by operators (issue 20 §4): to one user, a channel or everyone. A send to many
// is delivered by a background job in batches, once per user (docs/decisions/0061-…).

export const broadcastAudiences = ['user', 'channel', 'all'] as const;
export type BroadcastAudience = (typeof broadcastAudiences)[number];

export const broadcastSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(broadcastAudiences),
  userId: z.number().int().nullable(),
  channelId: z.string().nullable(),
  /** queued: waiting for the job; running: part delivered; done: everyone reached. */
  status: z.enum(['queued', 'running', 'done']),
  total: z.number().int(),
  sent: z.number().int(),
  operatorName: z.string().nullable(),
  createTime: z.string(),
  finishTime: z.string().nullable(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastPageSchema = adminPageOf(broadcastSchema);

export const broadcastListQuery = adminListQuery(['createTime'], 'createTime').extend({
  audience: blankAsAbsent(z.enum(broadcastAudiences, { error: 'audience 只能是 user、channel 或 all' })),
  status: blankAsAbsent(
    z.enum(['queued', 'running', 'done'], { error: 'status 只能是 queued、running 或 done' }),
  ),
});
export type BroadcastListQuery = z.infer<typeof broadcastListQuery>;

export const createBroadcastBody = z
  .object({
    title: z.string({ error: '请填写标题' }).trim().min(1, '请填写标题').max(64, '标题最多 64 字'),
    content: z.string({ error: '请填写内容' }).trim().min(1, '请填写内容').max(2000, '内容最多 2000 字'),
    audience: z.enum(broadcastAudiences, { error: '请选择发送对象：user、channel 或 all' }),
    userId: blankAsAbsent(
      z.coerce.number({ error: 'userId 须为正整数' }).int('userId 须为正整数').positive('userId 须为正整数'),
    ),
    channelId: blankAsAbsent(
      z
        .string({ error: 'channelId 须为文本' })
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, '渠道号为 1–32 位字母、数字、下划线或短横线'),
    ),
  })
  .superRefine((b, ctx) => {
    if (b.audience === 'user' && b.userId === undefined)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: '发给一个用户时请填写用户 ID' });
    if (b.audience === 'channel' && b.channelId === undefined)
      ctx.addIssue({ code: 'custom', path: ['channelId'], message: '发给一个渠道时请填写渠道号' });
  });
export type CreateBroadcastBody = z.infer<typeof createBroadcastBody>;
