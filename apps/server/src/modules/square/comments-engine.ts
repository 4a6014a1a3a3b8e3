import {
  type Comment,
  type CommentListQuery,
  type CreateCommentBody,
  type FeedQuery,
  type ReplyPage,
  SQUARE_LIMITS,
  SquareSort,
  type ThreadPage,
} from '@ld/contract/square';
import type { Conn } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound, ruleError } from '../../platform/errors.ts';
import { assertMayPost, profilesOf } from '../accounts/public.ts';
import type { CommentStore } from './comment-store.ts';
import * as comments from './comments-repository.ts';
import { commentHotScore } from './hot-score.ts';
import { toComment, type Viewer } from './mapping.ts';
import { feedPage, keyOf, windowOf } from './paging.ts';
import { assertNoSensitiveWords } from './words-service.ts';

/**
 * The comment engine (DESIGN §13): two levels (a reply joins the thread of the top-level comment
 * it answers), hot or latest, keyset or page paging, each top-level comment with its first
 * replies, likes, the author's soft delete, counters and hot scores moved in the write's
 * transaction, sensitive words refused. One code path for every store: the square's posts and
 * the comment threads (段评) (docs/decisions/0033-paragraph-comments.md).
 */
export interface CommentTarget {
  store: CommentStore;
  /** Moves the anchor's counters (and what follows from them) as comments appear or vanish. */
  bump(
    trx: Conn,
    anchorId: number,
    delta: { comment_count: number; top_comment_count: number },
  ): Promise<void>;
}

/** Throws when a comment on `anchorId` may not be reached through this call (wrong or deleted anchor). */
export type AnchorCheck = (db: Conn, anchorId: number) => Promise<void>;

/** The people these comments name (authors, whom replies answer) and what the caller liked. */
export async function viewerOf(
  db: Conn,
  store: CommentStore,
  userId: number | null,
  rows: comments.CommentRow[],
): Promise<Viewer> {
  const [people, liked] = await Promise.all([
    profilesOf(
      db,
      rows.flatMap((r) => (r.reply_to_user_id === null ? [r.user_id] : [r.user_id, r.reply_to_user_id])),
    ),
    userId === null || rows.length === 0
      ? new Set<number>()
      : comments.likedCommentIds(
          db,
          store,
          userId,
          rows.map((r) => r.id),
        ),
  ]);
  return { userId, liked, followed: new Set(), people };
}

/** Top-level comments of an anchor, hot or latest, each with its first replies. */
export async function listTopLevel(
  deps: Deps,
  store: CommentStore,
  userId: number | null,
  anchorId: number,
  query: CommentListQuery,
): Promise<ThreadPage> {
  const db = deps.db.kysely;
  const order = query.sort === SquareSort.hot ? 'hot' : 'latest';
  const window = windowOf(query, order);
  const rows = await comments.listTopComments(db, store, anchorId, window);
  // The anchor's own counter is the total: counting a busy post's comments would cost more than the
  // page. Rows carry it (null once the post is deleted); only an empty page has to look the anchor
  // up to tell an empty list from a missing one.
  const total = rows.length > 0 ? rows[0].anchor_total : await comments.anchorTotal(db, store, anchorId);
  if (total === null || total === undefined) throw notFound(store.anchorNoun);
  const kept = rows.slice(0, query.pageSize);
  // reply_count moves with every reply in the same transaction, so a root counting none has no
  // preview to fetch; a page of fresh comments skips the query altogether.
  const replies = await comments.firstReplies(
    db,
    store,
    kept.filter((r) => r.reply_count > 0).map((r) => r.id),
    SQUARE_LIMITS.repliesPreview,
  );
  const viewer = await viewerOf(db, store, userId, [...kept, ...replies]);
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

/** Replies under one live top-level comment whose anchor passes `check`, oldest first (楼中楼). */
export async function listReplies(
  deps: Deps,
  store: CommentStore,
  userId: number | null,
  commentId: number,
  query: FeedQuery,
  check: AnchorCheck,
): Promise<ReplyPage> {
  const db = deps.db.kysely;
  const window = windowOf(query, 'oldest');
  const root = await comments.findComment(db, store, commentId);
  if (!root || root.deleted_at !== null || root.root_id !== null) throw notFound('评论');
  await check(db, root.anchor_id);
  // The thread's live replies are counted on its root comment.
  const total = root.reply_count;
  const rows = await comments.listReplies(db, store, commentId, window);
  const viewer = await viewerOf(db, store, userId, rows.slice(0, query.pageSize));
  return feedPage(rows, total, query, 'oldest', keyOf('latest'), (page) =>
    page.map((r) => toComment(r, viewer)),
  );
}

/**
 * A comment, or a reply when `replyCommentId` is given. A reply joins the thread of the
 * top-level comment it answers (directly or through another reply) and records whom it answers.
 * `open` answers the anchor inside the transaction (throwing when it is gone); the anchor's and
 * the thread's counters and hot scores move in the same transaction.
 */
export async function create(
  deps: Deps,
  target: CommentTarget,
  userId: number,
  body: CreateCommentBody,
  open: (trx: Conn) => Promise<number>,
): Promise<Comment> {
  const { store } = target;
  await assertMayPost(deps.db.kysely, userId, deps.clock.now());
  await assertNoSensitiveWords(deps, body.content);
  const id = await deps.db.kysely.transaction().execute(async (trx) => {
    const anchorId = await open(trx);
    let rootId: number | null = null;
    let replyToUserId: number | null = null;
    if (body.replyCommentId !== undefined) {
      const replied = await comments.findComment(trx, store, body.replyCommentId);
      if (!replied || replied.anchor_id !== anchorId) throw notFound('评论');
      if (replied.deleted_at !== null) throw ruleError('该评论已删除，无法回复');
      rootId = replied.root_id ?? replied.id;
      replyToUserId = replied.user_id;
    }
    const now = deps.clock.now();
    const commentId = await comments.insertComment(trx, store, {
      anchor_id: anchorId,
      user_id: userId,
      root_id: rootId,
      reply_comment_id: body.replyCommentId ?? null,
      reply_to_user_id: replyToUserId,
      content: body.content,
      hot_score: commentHotScore({ like_count: 0, reply_count: 0, created_at: now }),
      created_at: now,
    });
    if (rootId !== null) {
      const root = await comments.bumpCommentCounter(trx, store, rootId, 'reply_count', 1);
      await comments.setCommentHotScore(trx, store, rootId, commentHotScore(root));
    }
    await target.bump(trx, anchorId, { comment_count: 1, top_comment_count: rootId === null ? 1 : 0 });
    return commentId;
  });
  const db = deps.db.kysely;
  const row = (await comments.findCommentRow(db, store, id))!;
  return toComment(row, await viewerOf(db, store, userId, [row]));
}

/**
 * Soft delete by the author. A top-level comment takes its thread with it (its replies have
 * nothing left to hang under); the anchor's comment count drops by everything that vanished, and
 * its top-level count (the comment list's total) by one when the comment was top-level.
 */
export async function remove(
  deps: Deps,
  target: CommentTarget,
  userId: number,
  id: number,
  check: AnchorCheck,
): Promise<void> {
  await deps.db.kysely.transaction().execute(async (trx) => {
    await removeIn(trx, target, id, deps.clock.now(), async (comment) => {
      await check(trx, comment.anchor_id);
      if (comment.user_id !== userId) throw ruleError('只能删除自己的评论');
    });
  });
}

type FoundComment = NonNullable<Awaited<ReturnType<typeof comments.findComment>>>;

/**
 * The soft delete inside the caller's transaction (the author's, or a moderator's audited one):
 * `mayRemove` throws when this caller may not. Answers the comment as it was.
 */
export async function removeIn(
  trx: Conn,
  target: CommentTarget,
  id: number,
  now: number,
  mayRemove: (comment: FoundComment) => Promise<void>,
): Promise<FoundComment> {
  const { store } = target;
  const comment = await comments.findComment(trx, store, id);
  if (!comment || comment.deleted_at !== null) throw notFound('评论');
  await mayRemove(comment);
  // Only the delete that changed the row moves the counters, however many arrive at once.
  if (!(await comments.softDeleteComment(trx, store, id, now))) throw notFound('评论');
  let vanished = 1;
  if (comment.root_id === null) {
    vanished += await comments.softDeleteReplies(trx, store, id, now);
  } else {
    const root = await comments.bumpCommentCounter(trx, store, comment.root_id, 'reply_count', -1);
    await comments.setCommentHotScore(trx, store, comment.root_id, commentHotScore(root));
  }
  await target.bump(trx, comment.anchor_id, {
    comment_count: -vanished,
    top_comment_count: comment.root_id === null ? -1 : 0,
  });
  return comment;
}

/**
 * A moderator's undo of a soft delete, inside the caller's transaction: the comment comes back
 * with the replies that vanished with it (deleted at the same instant), and every counter moves
 * back. A reply whose top-level comment is still deleted cannot come back alone.
 */
export async function restoreIn(trx: Conn, target: CommentTarget, id: number): Promise<FoundComment> {
  const { store } = target;
  const comment = await comments.findComment(trx, store, id);
  if (!comment || comment.deleted_at === null) throw notFound('已删除的评论');
  let returned = 1;
  if (comment.root_id !== null) {
    const root = await comments.findComment(trx, store, comment.root_id);
    if (!root || root.deleted_at !== null) throw ruleError('它所回复的评论已删除，请先恢复那条评论');
  }
  if (!(await comments.restoreComment(trx, store, id, comment.deleted_at))) throw notFound('已删除的评论');
  if (comment.root_id === null) {
    returned += await comments.restoreRepliesDeletedAt(trx, store, id, comment.deleted_at);
  } else {
    const root = await comments.bumpCommentCounter(trx, store, comment.root_id, 'reply_count', 1);
    await comments.setCommentHotScore(trx, store, comment.root_id, commentHotScore(root));
  }
  await target.bump(trx, comment.anchor_id, {
    comment_count: returned,
    top_comment_count: comment.root_id === null ? 1 : 0,
  });
  return comment;
}

/** Idempotent like or unlike of a live comment whose anchor passes `check`. */
export async function setLike(
  deps: Deps,
  store: CommentStore,
  userId: number,
  id: number,
  like: boolean,
  check: AnchorCheck,
): Promise<{ liked: boolean; likeCount: number }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const comment = await comments.findComment(trx, store, id);
    if (!comment || comment.deleted_at !== null) throw notFound('评论');
    await check(trx, comment.anchor_id);
    const changed = like
      ? await comments.insertCommentLike(trx, store, id, userId, deps.clock.now())
      : await comments.deleteCommentLike(trx, store, id, userId);
    if (!changed) {
      // Re-read: a concurrent like by the same user may have committed while this one waited.
      const current = await comments.findComment(trx, store, id);
      return { liked: like, likeCount: current?.like_count ?? comment.like_count };
    }
    const counters = await comments.bumpCommentCounter(trx, store, id, 'like_count', like ? 1 : -1);
    await comments.setCommentHotScore(trx, store, id, commentHotScore(counters));
    return { liked: like, likeCount: counters.like_count };
  });
}
