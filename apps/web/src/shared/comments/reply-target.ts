import type { PlaceComment } from './place';

/** Whom the comment bar answers: a comment or a reply (its id goes out as replyCommentId). */
export interface ReplyTarget {
  commentId: number;
  /** The comment it belongs under: itself for a top-level comment, its thread's comment for a reply. */
  rootId: number;
  name: string;
}

/** Tapping 回复 on a comment (rootId omitted) or on a reply inside the thread of `rootId`. */
export function replyTargetOf(comment: Pick<PlaceComment, 'id' | 'author'>, rootId?: number): ReplyTarget {
  return { commentId: comment.id, rootId: rootId ?? comment.id, name: comment.author.name };
}

/** The bar's placeholder: whom the text will answer, else `prompt`. */
export const composerPlaceholder = (target: ReplyTarget | null, prompt = '说点什么吧…'): string =>
  target ? `回复 @${target.name}` : prompt;

/** The body of a new comment for what the bar holds. */
export function commentPayload(
  content: string,
  target: ReplyTarget | null,
): { content: string; replyCommentId?: number } {
  const text = content.trim();
  return target ? { content: text, replyCommentId: target.commentId } : { content: text };
}

/**
 * The @name a reply shows as 回复 @name: only when it answers another reply. A reply to the
 * comment it sits under needs no name (the thread already says whom it answers).
 */
export function replyMention(
  reply: Pick<PlaceComment, 'replyCommentId' | 'replyTo'>,
  rootId: number,
): string | null {
  if (reply.replyCommentId === null || reply.replyCommentId === rootId || !reply.replyTo) return null;
  return reply.replyTo.name;
}
