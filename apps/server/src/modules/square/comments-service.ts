import {
  type Comment,
  type CommentListQuery,
  type CreateCommentBody,
  type FeedQuery,
  type MyCommentPage,
  type ReplyPage,
  SQUARE_LIMITS,
  SquareSort,
  type ThreadPage,
} from '@ld/contract/square';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound, ruleError } from '../../platform/errors.ts';
import { profilesOf } from '../accounts/public.ts';
import * as comments from './comments-repository.ts';
import { commentHotScore, postHotScore } from './hot-score.ts';
import { toComment, type Viewer } from './mapping.ts';
import { feedPage, keyOf, windowOf } from './paging.ts';
import * as posts from './posts-repository.ts';
import { assertNoSensitiveWords } from './words-service.ts';

/** The people these comments name (authors, whom replies answer) and what the caller liked. */
async function viewerOf(db: Conn, userId: number | null, rows: comments.CommentRow[]): Promise<Viewer> {
  const [people, liked] = await Promise.all([
    profilesOf(
      db,
      rows.flatMap((r) => (r.reply_to_user_id === null ? [r.user_id] : [r.user_id, r.reply_to_user_id])),
    ),
    userId === null || rows.length === 0
      ? new Set<number>()
      : comments.likedCommentIds(
          db,
          userId,
          rows.map((r) => r.id),
        ),
  ]);
  return { userId, liked, followed: new Set(), people };
}

async function requireLivePost(db: Conn, postId: number) {
  const post = await posts.findPost(db, postId);
  if (!post || post.deleted_at !== null) throw notFound('帖子');
  return post;
}

/** Top-level comments of a post, hot or latest, each with its first replies. */
export async function listComments(
  deps: Deps,
  userId: number | null,
  postId: number,
  query: CommentListQuery,
): Promise<ThreadPage> {
  const db = deps.db.kysely;
  const order = query.sort === SquareSort.hot ? 'hot' : 'latest';
  const window = windowOf(query, order);
  const rows = await comments.listTopComments(db, postId, window);
  // The post's own counter is the total: counting a busy post's comments would cost more than the page.
  // Rows carry it (null once the post is deleted); only an empty page has to look the post up to tell
  // an empty list from a missing post.
  const total = rows.length > 0 ? rows[0].post_total : (await requireLivePost(db, postId)).top_comment_count;
  if (total === null) throw notFound('帖子');
  const kept = rows.slice(0, query.pageSize);
  // reply_count moves with every reply in the same transaction, so a root counting none has no
  // preview to fetch; a page of fresh comments skips the query altogether.
  const replies = await comments.firstReplies(
    db,
    kept.filter((r) => r.reply_count > 0).map((r) => r.id),
    SQUARE_LIMITS.repliesPreview,
  );
  const viewer = await viewerOf(db, userId, [...kept, ...replies]);
  const byRoot = new Map<number, Comment[]>();
  for (const reply of replies) {
    const list = byRoot.get(reply.root_id!) ?? [];
    list.push(toComment(reply, viewer));
    byRoot.set(reply.root_id!, list);
  }
  return feedPage(rows, total, query, order, keyOf(order), (page) =>
    page.map((r) => ({ ...toComment(r, viewer), replies: byRoot.get(r.id) ?? [] })),
  );
}

/** Replies under one top-level comment, oldest first (楼中楼). */
export async function listReplies(
  deps: Deps,
  userId: number | null,
  postId: number,
  commentId: number,
  query: FeedQuery,
): Promise<ReplyPage> {
  const db = deps.db.kysely;
  const window = windowOf(query, 'oldest');
  await requireLivePost(db, postId);
  const root = await comments.findComment(db, commentId);
  if (!root || root.post_id !== postId || root.deleted_at !== null || root.root_id !== null) {
    throw notFound('评论');
  }
  // The thread's live replies are counted on its root comment.
  const total = root.reply_count;
  const rows = await comments.listReplies(db, commentId, window);
  const viewer = await viewerOf(db, userId, rows.slice(0, query.pageSize));
  return feedPage(rows, total, query, 'oldest', keyOf('latest'), (page) =>
    page.map((r) => toComment(r, viewer)),
  );
}

/** The caller's comments on posts that still exist, newest first. */
export async function listMyComments(deps: Deps, userId: number, query: FeedQuery): Promise<MyCommentPage> {
  const db = deps.db.kysely;
  const window = windowOf(query, 'latest');
  const [rows, total] = await Promise.all([
    comments.listUserComments(db, userId, window),
    comments.countUserComments(db, userId),
  ]);
  const viewer = await viewerOf(db, userId, rows.slice(0, query.pageSize));
  return feedPage(rows, total, query, 'latest', keyOf('latest'), (page) =>
    page.map((r) => ({ ...toComment(r, viewer), postExcerpt: [...r.post_content].slice(0, 60).join('') })),
  );
}

/**
 * A comment, or a reply when `replyCommentId` is given. A reply joins the thread of the
 * top-level comment it answers (directly or through another reply) and records whom it answers.
 * The post's and the thread's counters and hot scores move in the same transaction.
 */
export async function createComment(
  deps: Deps,
  userId: number,
  postId: number,
  body: CreateCommentBody,
): Promise<Comment> {
  await assertNoSensitiveWords(deps, body.content);
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    await requireLivePost(trx, postId);
    let rootId: number | null = null;
    let replyToUserId: number | null = null;
    if (body.replyCommentId !== undefined) {
      const target = await comments.findComment(trx, body.replyCommentId);
      if (!target || target.post_id !== postId) throw notFound('评论');
      if (target.deleted_at !== null) throw ruleError('该评论已删除，无法回复');
      rootId = target.root_id ?? target.id;
      replyToUserId = target.user_id;
    }
    const now = deps.clock.now();
    const commentId = await comments.insertComment(trx, {
      post_id: postId,
      user_id: userId,
      root_id: rootId,
      reply_comment_id: body.replyCommentId ?? null,
      reply_to_user_id: replyToUserId,
      content: body.content,
      hot_score: commentHotScore({ like_count: 0, reply_count: 0, created_at: now }),
      created_at: now,
    });
    if (rootId !== null) {
      const root = await comments.bumpCommentCounter(trx, rootId, 'reply_count', 1);
      await comments.setCommentHotScore(trx, rootId, commentHotScore(root));
    }
    const post = await posts.bumpPostCounters(trx, postId, {
      comment_count: 1,
      top_comment_count: rootId === null ? 1 : 0,
    });
    await posts.setPostHotScore(trx, postId, postHotScore(post));
    return commentId;
  });
  const db = deps.db.kysely;
  const row = (await comments.findCommentRow(db, id))!;
  return toComment(row, await viewerOf(db, userId, [row]));
}

/**
 * Soft delete by the author. A top-level comment takes its thread with it (its replies have
 * nothing left to hang under); the post's comment count drops by everything that vanished, and
 * its top-level count (the comment list's total) by one when the comment was top-level.
 */
export async function deleteComment(deps: Deps, userId: number, id: number): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    const comment = await comments.findComment(trx, id);
    if (!comment || comment.deleted_at !== null) throw notFound('评论');
    if (comment.user_id !== userId) throw ruleError('只能删除自己的评论');
    const now = deps.clock.now();
    // Only the delete that changed the row moves the counters, however many arrive at once.
    if (!(await comments.softDeleteComment(trx, id, now))) throw notFound('评论');
    let vanished = 1;
    if (comment.root_id === null) {
      vanished += await comments.softDeleteReplies(trx, id, now);
    } else {
      const root = await comments.bumpCommentCounter(trx, comment.root_id, 'reply_count', -1);
      await comments.setCommentHotScore(trx, comment.root_id, commentHotScore(root));
    }
    const post = await posts.bumpPostCounters(trx, comment.post_id, {
      comment_count: -vanished,
      top_comment_count: comment.root_id === null ? -1 : 0,
    });
    await posts.setPostHotScore(trx, comment.post_id, postHotScore(post));
  });
}

export async function setCommentLike(
  deps: Deps,
  userId: number,
  id: number,
  like: boolean,
): Promise<{ liked: boolean; likeCount: number }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const comment = await comments.findComment(trx, id);
    if (!comment || comment.deleted_at !== null) throw notFound('评论');
    // A comment under a deleted post is gone from every list; it cannot gather likes either.
    await requireLivePost(trx, comment.post_id);
    const changed = like
      ? await comments.insertCommentLike(trx, id, userId, deps.clock.now())
      : await comments.deleteCommentLike(trx, id, userId);
    if (!changed) {
      // Re-read: a concurrent like by the same user may have committed while this one waited.
      const current = await comments.findComment(trx, id);
      return { liked: like, likeCount: current?.like_count ?? comment.like_count };
    }
    const counters = await comments.bumpCommentCounter(trx, id, 'like_count', like ? 1 : -1);
    await comments.setCommentHotScore(trx, id, commentHotScore(counters));
    return { liked: like, likeCount: counters.like_count };
  });
}
