import { z } from 'zod';
import { type CursorPage, cursorPageOf, pageQuery } from './envelope.ts';
import { charCount, SQUARE_LIMITS } from './square-values.ts';

export { charCount, SQUARE_LIMITS, SquareSort, type SquareSortValue } from './square-values.ts';

/** Where uploaded post images live; a post may only show images this server issued. */
export const POST_IMAGE_URL = /^\/uploads\/posts\/[0-9a-f]{24}\.webp$/;

const sortField = z.coerce
  .number({ error: 'sort 须为 1（热门）或 2（最新）' })
  .refine((v) => v === 1 || v === 2, 'sort 须为 1（热门）或 2（最新）')
  .transform((v) => v as 1 | 2);
const latestOnlySort = z.coerce
  .number({ error: 'sort 只能为 2（最新）' })
  .refine((v) => v === 2, 'sort 只能为 2（最新）')
  .transform(() => 2 as const)
  .default(2);
const cursorField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, '游标无效，请从第一页重新加载')
  .optional()
  .or(z.literal('').transform(() => undefined));
const idField = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`);

/** Paths: `{id}` segments. */
export const idParams = z.object({ id: idField('id') });
export const replyListParams = z.object({ postId: idField('postId'), commentId: idField('commentId') });

/** Feeds that can be read by page number or, cheaper for deep pages, by `cursor` (DESIGN §5). */
export const feedQuery = pageQuery.extend({ cursor: cursorField });

export const postListQuery = feedQuery.extend({
  sort: sortField.default(1),
  tagId: z.preprocess((v) => (v === '' ? undefined : v), idField('tagId').optional()),
  keyword: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(SQUARE_LIMITS.keywordMax, `keyword 最多 ${SQUARE_LIMITS.keywordMax} 字`).optional(),
  ),
});
export type PostListQuery = z.infer<typeof postListQuery>;

export const commentListQuery = feedQuery.extend({ sort: sortField.default(1) });
export type CommentListQuery = z.infer<typeof commentListQuery>;

/** My posts and comments: newest first only (spec §9: own lists use sort=2). */
export const mineQuery = feedQuery.extend({ sort: latestOnlySort });
export type MineQuery = z.infer<typeof mineQuery>;
export type FeedQuery = z.infer<typeof feedQuery>;

export const suggestionQuery = z.object({
  keyword: z
    .string({ error: '请填写关键词' })
    .trim()
    .min(1, '请填写关键词')
    .max(SQUARE_LIMITS.keywordMax, `keyword 最多 ${SQUARE_LIMITS.keywordMax} 字`),
});

export const createPostBody = z.object({
  content: z
    .string({ error: '请填写帖子内容' })
    .trim()
    .min(1, '请填写帖子内容')
    .refine(
      (s) => charCount(s) <= SQUARE_LIMITS.postContentMax,
      `帖子内容最多 ${SQUARE_LIMITS.postContentMax} 字`,
    ),
  tagId: idField('tagId'),
  images: z
    .array(z.string({ error: '图片地址须为文本' }).regex(POST_IMAGE_URL, '图片须先通过本站上传'), {
      error: 'images 须为图片地址列表',
    })
    .max(SQUARE_LIMITS.imagesMax, `最多 ${SQUARE_LIMITS.imagesMax} 张图片`)
    .default([]),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export const createCommentBody = z.object({
  content: z
    .string({ error: '请填写评论内容' })
    .trim()
    .min(1, '请填写评论内容')
    .refine(
      (s) => charCount(s) <= SQUARE_LIMITS.commentContentMax,
      `评论最多 ${SQUARE_LIMITS.commentContentMax} 字`,
    ),
  replyCommentId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    idField('replyCommentId').optional(),
  ),
});
export type CreateCommentBody = z.infer<typeof createCommentBody>;

export const tagSchema = z.object({ id: z.number().int(), tag: z.string() });
export type SquareTag = z.infer<typeof tagSchema>;

export const authorSchema = z.object({ uid: z.string(), name: z.string(), avatar: z.string().nullable() });
export type Author = z.infer<typeof authorSchema>;

/** A post as DESIGN §12 lists it, plus `isMine` and `followed` (the caller follows the author). */
export const postSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  author: authorSchema,
  tag: tagSchema,
  content: z.string(),
  images: z.array(z.string()),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  liked: z.boolean(),
  isMine: z.boolean(),
  followed: z.boolean(),
  createTime: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  uid: z.string(),
  author: authorSchema,
  content: z.string(),
  /** The comment this one answers (a top-level comment or another reply); null for a top-level comment. */
  replyCommentId: z.number().int().nullable(),
  /** Who is answered, shown as 回复 @name; null for a top-level comment. */
  replyTo: z.object({ uid: z.string(), name: z.string() }).nullable(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  replyCount: z.number().int(),
  isMine: z.boolean(),
  createTime: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A top-level comment in a list, with its first replies (oldest first). */
export const threadSchema = commentSchema.extend({ replies: z.array(commentSchema) });
export type CommentThread = z.infer<typeof threadSchema>;

/** One of my comments, with the start of the post it is under so the list can say where. */
export const myCommentSchema = commentSchema.extend({ postExcerpt: z.string() });
export type MyComment = z.infer<typeof myCommentSchema>;

export const postPageSchema = cursorPageOf(postSchema);
export type PostPage = CursorPage<Post>;
export const threadPageSchema = cursorPageOf(threadSchema);
export type ThreadPage = CursorPage<CommentThread>;
export const replyPageSchema = cursorPageOf(commentSchema);
export type ReplyPage = CursorPage<Comment>;
export const myCommentPageSchema = cursorPageOf(myCommentSchema);
export type MyCommentPage = CursorPage<MyComment>;

export const sensitiveWordPageSchema = cursorPageOf(z.string());

export const likeAnswer = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeAnswer = z.infer<typeof likeAnswer>;
export const followAnswer = z.object({ followed: z.boolean() });
export type FollowAnswer = z.infer<typeof followAnswer>;
export const uploadAnswer = z.object({ url: z.string() });
export const suggestionAnswer = z.array(z.string());
