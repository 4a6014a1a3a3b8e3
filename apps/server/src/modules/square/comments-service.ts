import type {
  Comment,
  CommentListQuery,
  CreateCommentBody,
  FeedQuery,
  MyCommentPage,
  ReplyPage,
  ThreadPage,
} from '@ld/contract/square';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { SQUARE_STORE } from './comment-store.ts';
import * as engine from './comments-engine.ts';
import * as comments from './comments-repository.ts';
import { postHotScore } from './hot-score.ts';
import { toComment } from './mapping.ts';
import { feedPage, keyOf, windowOf } from './paging.ts';
import * as posts from './posts-repository.ts';

// A post's comments: the comment engine on the square's store, the post as the anchor.

async function requireLivePost(db: Conn, postId: number) {
  const post = await posts.findPost(db, postId);
  if (!post || post.deleted_at !== null) throw notFound('帖子');
  return post;
}

/** The square's comment target: a post's counters and hot score move with its comments. */
export const onPosts: engine.CommentTarget = {
  store: SQUARE_STORE,
  async bump(trx, postId, delta) {
    const post = await posts.bumpPostCounters(trx, postId, delta);
    await posts.setPostHotScore(trx, postId, postHotScore(post));
  },
};

/** Top-level comments of a post, hot or latest, each with its first replies. */
export function listComments(
  deps: Deps,
  userId: number | null,
  postId: number,
  query: CommentListQuery,
): Promise<ThreadPage> {
  return engine.listTopLevel(deps, SQUARE_STORE, userId, postId, query);
}

/** Replies under one top-level comment, oldest first (楼中楼). */
export async function listReplies(
  deps: Deps,
  userId: number | null,
  postId: number,
  commentId: number,
  query: FeedQuery,
): Promise<ReplyPage> {
  await requireLivePost(deps.db.kysely, postId);
  return engine.listReplies(deps, SQUARE_STORE, userId, commentId, query, async (_db, anchorId) => {
    if (anchorId !== postId) throw notFound('评论');
  });
}

/** The caller's comments on posts that still exist, newest first. */
export async function listMyComments(deps: Deps, userId: number, query: FeedQuery): Promise<MyCommentPage> {
  const db = deps.db.kysely;
  const window = windowOf(query, 'latest');
  const [rows, total] = await Promise.all([
    comments.listUserComments(db, userId, window),
    comments.countUserComments(db, userId),
  ]);
  const viewer = await engine.viewerOf(db, SQUARE_STORE, userId, rows.slice(0, query.pageSize));
  return feedPage(rows, total, query, 'latest', keyOf('latest'), (page) =>
    page.map((r) => ({ ...toComment(r, viewer), postExcerpt: [...r.post_content].slice(0, 60).join('') })),
  );
}

/** A comment on a live post, or a reply when `replyCommentId` is given. */
export async function createComment(
  deps: Deps,
  userId: number,
  postId: number,
  body: CreateCommentBody,
): Promise<Comment> {
  const comment = await engine.create(
    deps,
    onPosts,
    userId,
    body,
    async (trx) => (await requireLivePost(trx, postId)).id,
  );
  // After the commit: the post's comment count and hot score moved (guest-feed-cache.ts), and its
  // comments (guest-comments-cache.ts).
  await deps.changes.announce('square-counts');
  await deps.changes.announce('square-comments');
  return comment;
}

/** The author's soft delete (a comment under a deleted post can still be removed). */
export async function deleteComment(deps: Deps, userId: number, id: number): Promise<void> {
  await engine.remove(deps, onPosts, userId, id, async () => {});
  await deps.changes.announce('square-counts');
  await deps.changes.announce('square-comments');
}

export async function setCommentLike(
  deps: Deps,
  userId: number,
  id: number,
  like: boolean,
): Promise<{ liked: boolean; likeCount: number }> {
  // A comment under a deleted post is gone from every list; it cannot gather likes either.
  const answer = await engine.setLike(deps, SQUARE_STORE, userId, id, like, async (db, postId) => {
    await requireLivePost(db, postId);
  });
  // After the commit: the comment's like count and hot score moved (guest-comments-cache.ts).
  await deps.changes.announce('square-comments');
  return answer;
}
