import { z } from 'zod';
import { adminListQuery, adminPageOf, blankAsAbsent, isoTimeFilter } from './list.ts';

// 内容审核 and 用户管理 (issue 20 §4): search posts and comments, delete and restore them, mute or
// ban a user (docs/decisions/0061-moderation-inbox-broadcasts.md).

const text = (field: string, max: number) =>
  blankAsAbsent(
    z
      .string({ error: `${field} 须为文本` })
      .trim()
      .max(max, `${field} 最多 ${max} 个字`),
  );

/** `deleted`: true only deleted, false only live, absent both. */
const deletedFilter = blankAsAbsent(z.enum(['true', 'false'], { error: 'deleted 只能是 true 或 false' }));

/** Who wrote it: a user id (digits) or a login or display name it contains. */
const authorFilter = text('author', 32);

export const modPostSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  authorName: z.string(),
  tag: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  createTime: z.string(),
  deleted: z.boolean(),
  deleteTime: z.string().nullable(),
});
export type ModPost = z.infer<typeof modPostSchema>;
export const modPostPageSchema = adminPageOf(modPostSchema);

export const modPostListQuery = adminListQuery(['createTime', 'id'], 'createTime').extend({
  keyword: text('keyword', 64),
  author: authorFilter,
  deleted: deletedFilter,
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type ModPostListQuery = z.infer<typeof modPostListQuery>;

/** square: comments on the square's posts; thread: 段评 and episode comments (comment threads). */
export const commentSources = ['square', 'thread'] as const;
export type CommentSource = (typeof commentSources)[number];
const sourceField = z.enum(commentSources, { error: 'source 只能是 square 或 thread' }).default('square');

export const modCommentSchema = z.object({
  id: z.number().int(),
  source: z.enum(commentSources),
  /** The post it is on (square); null for a thread comment. */
  postId: z.number().int().nullable(),
  /** Null for a top-level comment; the top-level comment a reply belongs to otherwise. */
  rootId: z.number().int().nullable(),
  userId: z.number().int(),
  authorName: z.string(),
  content: z.string(),
  /** Where it is: the first characters of the post, or the thread's scope and slot (novel:作品:章节 第 N 段). */
  place: z.string(),
  likeCount: z.number().int(),
  replyCount: z.number().int(),
  createTime: z.string(),
  deleted: z.boolean(),
  deleteTime: z.string().nullable(),
});
export type ModComment = z.infer<typeof modCommentSchema>;
export const modCommentPageSchema = adminPageOf(modCommentSchema);

export const modCommentListQuery = adminListQuery(['createTime', 'id'], 'createTime').extend({
  source: sourceField,
  keyword: text('keyword', 64),
  author: authorFilter,
  postId: blankAsAbsent(
    z.coerce.number({ error: 'postId 须为正整数' }).int('postId 须为正整数').positive('postId 须为正整数'),
  ),
  deleted: deletedFilter,
  from: isoTimeFilter('from'),
  to: isoTimeFilter('to'),
});
export type ModCommentListQuery = z.infer<typeof modCommentListQuery>;

/** Which table a comment id names, on delete and restore. */
export const modCommentSourceQuery = z.object({ source: sourceField });

/** A user as moderators see them: who, where from, and any mute or ban in force. */
export const modUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  name: z.string(),
  /** Masked. */
  phone: z.string().nullable(),
  channelId: z.string(),
  createTime: z.string(),
  /** In force only while in the future; null when not muted. */
  mutedUntil: z.string().nullable(),
  muteReason: z.string(),
  /** Null when not banned; a permanent ban reads 9999-12-31. */
  bannedUntil: z.string().nullable(),
  banReason: z.string(),
  isMuted: z.boolean(),
  isBanned: z.boolean(),
});
export type ModUser = z.infer<typeof modUserSchema>;
export const modUserPageSchema = adminPageOf(modUserSchema);

export const modUserListQuery = adminListQuery(['createTime', 'id'], 'createTime').extend({
  /** A user id, or text in the login or display name. */
  keyword: text('keyword', 32),
  status: blankAsAbsent(z.enum(['muted', 'banned'], { error: 'status 只能是 muted 或 banned' })),
});
export type ModUserListQuery = z.infer<typeof modUserListQuery>;

/** The stored end of a permanent ban (9999-12-31T23:59:59Z). */
export const PERMANENT_BAN_UNTIL = 253_402_300_799_000;

const reason = z
  .string({ error: '请填写原因' })
  .trim()
  .min(2, '请填写原因（至少 2 个字），用户会看到它')
  .max(200, '原因最多 200 字');
const until = z.iso.datetime({
  offset: true,
  error: 'until 须为 ISO 8601 时间，如 2026-12-01T00:00:00+08:00',
});

export const muteBody = z.object({ until, reason });
export type MuteBody = z.infer<typeof muteBody>;

/** Without `until` the ban is permanent. */
export const banBody = z.object({ until: until.optional(), reason });
export type BanBody = z.infer<typeof banBody>;
