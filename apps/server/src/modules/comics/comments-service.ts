import type { ThreadComment, ThreadCommentPage, ThreadReplyPage } from '@ld/contract/comments';
import type { CommentListQuery, CreateCommentBody, FeedQuery, LikeAnswer } from '@ld/contract/square';
import type { Deps } from '../../platform/deps.ts';
import { existingUnit, existingWork } from '../content/public.ts';
import {
  createThreadComment,
  deleteThreadComment,
  listThreadComments,
  listThreadReplies,
  setThreadCommentLike,
} from '../square/public.ts';
import { comicScope, episodeScope } from './service.ts';

// Comments on an episode (scope `comic:{id}:{eid}`) and on a comic (scope `comic:{id}`): the
// square's comment engine on one thread each, slot 0 (docs/decisions/0033-paragraph-comments.md).
// They hang on an episode whether or not the caller has unlocked it; the comic and episode must
// exist (404), and a comment reached by id must belong to the URL's place (404 otherwise).

/** Which place a call is about: the comic alone, or one of its episodes. */
export interface CommentPlace {
  workId: number;
  episodeId?: number;
}

async function scopeOf(deps: Deps, place: CommentPlace): Promise<string> {
  if (place.episodeId === undefined) {
    await existingWork(deps, 'comic', place.workId);
    return comicScope(place.workId);
  }
  await existingUnit(deps, 'comic', place.workId, place.episodeId);
  return episodeScope(place.workId, place.episodeId);
}

export async function listComments(
  deps: Deps,
  userId: number | null,
  place: CommentPlace,
  query: CommentListQuery,
): Promise<ThreadCommentPage> {
  return listThreadComments(deps, userId, { scope: await scopeOf(deps, place), slot: 0 }, query);
}

export async function listReplies(
  deps: Deps,
  userId: number | null,
  place: CommentPlace,
  commentId: number,
  query: FeedQuery,
): Promise<ThreadReplyPage> {
  return listThreadReplies(deps, userId, await scopeOf(deps, place), commentId, query);
}

export async function createComment(
  deps: Deps,
  userId: number,
  place: CommentPlace,
  body: CreateCommentBody,
): Promise<ThreadComment> {
  return createThreadComment(deps, userId, { scope: await scopeOf(deps, place), slot: 0 }, body);
}

export async function deleteComment(
  deps: Deps,
  userId: number,
  place: CommentPlace,
  commentId: number,
): Promise<void> {
  await deleteThreadComment(deps, userId, await scopeOf(deps, place), commentId);
}

export async function setCommentLike(
  deps: Deps,
  userId: number,
  place: CommentPlace,
  commentId: number,
  like: boolean,
): Promise<LikeAnswer> {
  return setThreadCommentLike(deps, userId, await scopeOf(deps, place), commentId, like);
}
