import type {
  CreateParagraphCommentBody,
  ParagraphCommentListQuery,
  ThreadComment,
  ThreadCommentPage,
  ThreadReplyPage,
} from '@ld/contract/comments';
import type { FeedQuery, LikeAnswer } from '@ld/contract/square';
import type { Deps } from '../../platform/deps.ts';
import { badInput } from '../../platform/errors.ts';
import { existingUnit } from '../content/public.ts';
import {
  createThreadComment,
  deleteThreadComment,
  listThreadComments,
  listThreadReplies,
  setThreadCommentLike,
} from '../square/public.ts';
import { chapterScope, paragraphsOf } from './service.ts';

// 段评: the square's comment engine on one thread per paragraph, scope `novel:{workId}:{unitId}`
// and slot = the paragraph index (docs/decisions/0033-paragraph-comments.md). Comments hang on a
// chapter whether or not the caller has unlocked it; the book and chapter must exist.

/** The chapter's scope after checking the book, the chapter and, when given, the paragraph. */
async function scopeOf(deps: Deps, workId: number, chapterId: number, paragraph?: number): Promise<string> {
  const unit = await existingUnit(deps, 'novel', workId, chapterId);
  if (paragraph !== undefined) {
    const count = (await paragraphsOf(deps, Number(unit.id), Number(unit.idx))).length;
    if (paragraph >= count) badParagraph(count);
  }
  return chapterScope(workId, chapterId);
}

function badParagraph(count: number): never {
  throw badInput('paragraph', `超出本章段落数（共 ${count} 段，序号从 0 开始）`);
}

export async function listParagraphComments(
  deps: Deps,
  userId: number | null,
  workId: number,
  chapterId: number,
  query: ParagraphCommentListQuery,
): Promise<ThreadCommentPage> {
  const scope = await scopeOf(deps, workId, chapterId, query.paragraph);
  return listThreadComments(deps, userId, { scope, slot: query.paragraph }, query);
}

export async function listParagraphReplies(
  deps: Deps,
  userId: number | null,
  workId: number,
  chapterId: number,
  commentId: number,
  query: FeedQuery,
): Promise<ThreadReplyPage> {
  return listThreadReplies(deps, userId, await scopeOf(deps, workId, chapterId), commentId, query);
}

export async function createParagraphComment(
  deps: Deps,
  userId: number,
  workId: number,
  chapterId: number,
  body: CreateParagraphCommentBody,
): Promise<ThreadComment> {
  const scope = await scopeOf(deps, workId, chapterId, body.paragraph);
  return createThreadComment(deps, userId, { scope, slot: body.paragraph }, body);
}

export async function deleteParagraphComment(
  deps: Deps,
  userId: number,
  workId: number,
  chapterId: number,
  commentId: number,
): Promise<void> {
  await deleteThreadComment(deps, userId, await scopeOf(deps, workId, chapterId), commentId);
}

export async function setParagraphCommentLike(
  deps: Deps,
  userId: number,
  workId: number,
  chapterId: number,
  commentId: number,
  like: boolean,
): Promise<LikeAnswer> {
  return setThreadCommentLike(deps, userId, await scopeOf(deps, workId, chapterId), commentId, like);
}
