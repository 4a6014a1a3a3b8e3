import { z } from 'zod';
import { type CursorPage, cursorPageOf } from './envelope.ts';
import { commentListQuery, commentSchema, createCommentBody, feedQuery } from './square.ts';

// Comments outside the square (DESIGN §13): 段评 on a novel's paragraph now, an episode's comments
// later. The square's comment engine on a thread; a comment says which slot of its place it is on
// (the paragraph index; 0 for an episode) instead of a post id.

export const threadCommentSchema = commentSchema.omit({ postId: true }).extend({
  /** The paragraph index (段评); 0 where a place has one thread (an episode). */
  slot: z.number().int(),
});
export type ThreadComment = z.infer<typeof threadCommentSchema>;
export const threadCommentThreadSchema = threadCommentSchema.extend({
  replies: z.array(threadCommentSchema),
});
export type ThreadCommentThread = z.infer<typeof threadCommentThreadSchema>;
export const threadCommentPageSchema = cursorPageOf(threadCommentThreadSchema);
export type ThreadCommentPage = CursorPage<ThreadCommentThread>;
export const threadReplyPageSchema = cursorPageOf(threadCommentSchema);
export type ThreadReplyPage = CursorPage<ThreadComment>;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} 须为正整数` })
    .int(`${name} 须为正整数`)
    .positive(`${name} 须为正整数`)
    .max(Number.MAX_SAFE_INTEGER, `${name} 须为正整数`);

/** The paragraph index, from 0; the server also checks it against the chapter. */
const paragraphField = z.coerce
  .number({ error: 'paragraph 须为从 0 开始的段落序号' })
  .int('paragraph 须为从 0 开始的段落序号')
  .min(0, 'paragraph 须为从 0 开始的段落序号')
  .max(100_000, 'paragraph 超出本章段落数');

/** GET /api/v1/novel/{id}/chapter/{cid}/comments?paragraph=N&sort=1|2&cursor= */
export const paragraphCommentListQuery = commentListQuery.extend({ paragraph: paragraphField });
export type ParagraphCommentListQuery = z.infer<typeof paragraphCommentListQuery>;

/** POST /api/v1/novel/{id}/chapter/{cid}/comments */
export const createParagraphCommentBody = createCommentBody.extend({ paragraph: paragraphField });
export type CreateParagraphCommentBody = z.infer<typeof createParagraphCommentBody>;

/** …/comments/{commentId}, …/comments/{commentId}/replies, …/comments/{commentId}/like */
export const paragraphCommentParams = z.object({
  id: positiveId('id'),
  cid: positiveId('cid'),
  commentId: positiveId('commentId'),
});
export const paragraphReplyQuery = feedQuery;
