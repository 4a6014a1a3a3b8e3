import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { type FeedWindow, feedDirection, keysetAfter } from './feed-sql.ts';

export interface CommentRow {
  id: number;
  post_id: number;
  user_id: number;
  root_id: number | null;
  reply_comment_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  like_count: number;
  reply_count: number;
  hot_score: number;
  created_at: number;
}

const COMMENT_COLUMNS = [
  'c.id',
  'c.post_id',
  'c.user_id',
  'c.root_id',
  'c.reply_comment_id',
  'c.reply_to_user_id',
  'c.content',
  'c.like_count',
  'c.reply_count',
  'c.hot_score',
  'c.created_at',
] as const;

const commentsOf = (db: Conn) => db.selectFrom('square_comments as c');

export interface TopCommentRow extends CommentRow {
  /** The post's live top-level comment count, or null when the post is deleted. */
  post_total: number | null;
}

/**
 * One window of a post's live top-level comments, hot or latest. Each row also carries the post's
 * own counter (the list's total), read in the same statement, so a page with rows needs no
 * separate look-up of the post.
 */
export async function listTopComments(
  db: Conn,
  postId: number,
  window: FeedWindow,
): Promise<TopCommentRow[]> {
  const column = window.order === 'hot' ? 'c.hot_score' : 'c.created_at';
  const direction = feedDirection(window);
  return commentsOf(db)
    .select(COMMENT_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('square_posts as p')
        .select('p.top_comment_count')
        .where('p.id', '=', postId)
        .where('p.deleted_at', 'is', null)
        .as('post_total'),
    )
    .where('c.post_id', '=', postId)
    .where('c.root_id', 'is', null)
    .where('c.deleted_at', 'is', null)
    .$if(window.after !== null, (qb) => qb.where(keysetAfter(column, 'c.id', window.order, window.after!)))
    .orderBy(sql.ref(column), direction)
    .orderBy('c.id', direction)
    .limit(window.limit)
    .$if(window.after === null && window.offset > 0, (qb) => qb.offset(window.offset))
    .execute();
}

/** One window of the live replies under a top-level comment, oldest first. */
export async function listReplies(db: Conn, rootId: number, window: FeedWindow): Promise<CommentRow[]> {
  return commentsOf(db)
    .select(COMMENT_COLUMNS)
    .where('c.root_id', '=', rootId)
    .where('c.deleted_at', 'is', null)
    .$if(window.after !== null, (qb) =>
      qb.where(keysetAfter('c.created_at', 'c.id', window.order, window.after!)),
    )
    .orderBy('c.created_at', 'asc')
    .orderBy('c.id', 'asc')
    .limit(window.limit)
    .$if(window.after === null && window.offset > 0, (qb) => qb.offset(window.offset))
    .execute();
}

/**
 * The first `perRoot` live replies of each root, oldest first, in one query that reads only the
 * rows it returns: each root's replies come from a `LIMIT perRoot` range of
 * `square_comments_replies` (ranking every reply of the page's roots read busy threads whole).
 * PostgreSQL takes that range as a lateral join. SQLite has no LATERAL; there the range is a
 * correlated `IN` list, which it answers per root by the index and then by primary key. (On
 * PostgreSQL that `IN` form would test every comment against every root, hence the two shapes.)
 * Either statement has a fixed shape apart from its list of root ids: a UNION ALL of one branch
 * per root grew with the page, and SQLite, which prepares every statement afresh, spent more
 * planning it than the branches saved. The limit is a constant written into the SQL; bound as a
 * parameter, SQLite ran the per-root ranges measurably slower.
 */
export async function firstReplies(db: Conn, rootIds: number[], perRoot: number): Promise<CommentRow[]> {
  if (rootIds.length === 0) return [];
  if (!Number.isSafeInteger(perRoot) || perRoot < 1) throw new RangeError(`perRoot ${perRoot}`);
  const roots = db.selectFrom('square_comments as p').where('p.id', 'in', rootIds);
  const paired = onPostgres(db)
    ? roots
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('square_comments as x')
              .select('x.id')
              .whereRef('x.root_id', '=', 'p.id')
              .where('x.deleted_at', 'is', null)
              .orderBy('x.created_at', 'asc')
              .orderBy('x.id', 'asc')
              .limit(sql.lit(perRoot))
              .as('f'),
          (join) => join.onTrue(),
        )
        .innerJoin('square_comments as c', 'c.id', 'f.id')
    : roots.innerJoin('square_comments as c', (join) =>
        join.on((eb) =>
          eb(
            'c.id',
            'in',
            eb
              .selectFrom('square_comments as x')
              .select('x.id')
              .whereRef('x.root_id', '=', 'p.id')
              .where('x.deleted_at', 'is', null)
              .orderBy('x.created_at', 'asc')
              .orderBy('x.id', 'asc')
              .limit(sql.lit(perRoot)),
          ),
        ),
      );
  const rows = await paired.select(COMMENT_COLUMNS).execute();
  // The join promises no order. Sorting the few rows here (at most pageSize × perRoot) rather
  // than in SQL keeps a temp B-tree out of the plan.
  return rows.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

export interface MyCommentRow extends CommentRow {
  post_content: string;
}

const mineOf = (db: Conn, userId: number) =>
  db
    .selectFrom('square_comments as c')
    .innerJoin('square_posts as p', 'p.id', 'c.post_id')
    .where('c.user_id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null);

/** The user's live comments on live posts, newest first. */
export async function listUserComments(
  db: Conn,
  userId: number,
  window: FeedWindow,
): Promise<MyCommentRow[]> {
  return mineOf(db, userId)
    .select(COMMENT_COLUMNS)
    .select('p.content as post_content')
    .$if(window.after !== null, (qb) =>
      qb.where(keysetAfter('c.created_at', 'c.id', window.order, window.after!)),
    )
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(window.limit)
    .$if(window.after === null && window.offset > 0, (qb) => qb.offset(window.offset))
    .execute();
}

export async function countUserComments(db: Conn, userId: number): Promise<number> {
  const row = await mineOf(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findCommentRow(db: Conn, id: number): Promise<CommentRow | undefined> {
  return commentsOf(db).select(COMMENT_COLUMNS).where('c.id', '=', id).executeTakeFirst();
}

/** The bare comment, deleted or not, for ownership checks and counter updates. */
export async function findComment(db: Conn, id: number) {
  return db
    .selectFrom('square_comments')
    .select(['id', 'post_id', 'user_id', 'root_id', 'like_count', 'reply_count', 'created_at', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertComment(
  db: Conn,
  values: {
    post_id: number;
    user_id: number;
    root_id: number | null;
    reply_comment_id: number | null;
    reply_to_user_id: number | null;
    content: string;
    hot_score: number;
    created_at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('square_comments')
    .values({ ...values, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers false when the comment was already deleted (a concurrent delete got there first). */
export async function softDeleteComment(db: Conn, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('square_comments')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the live replies under a root with it; answers how many there were. */
export async function softDeleteReplies(db: Conn, rootId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('square_comments')
    .set({ deleted_at: now })
    .where('root_id', '=', rootId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a comment's like or reply counter and answers the new counters (for its hot score). */
export async function bumpCommentCounter(
  db: Conn,
  id: number,
  column: 'like_count' | 'reply_count',
  delta: number,
) {
  return db
    .updateTable('square_comments')
    .set((eb) =>
      column === 'like_count'
        ? { like_count: eb('like_count', '+', delta) }
        : { reply_count: eb('reply_count', '+', delta) },
    )
    .where('id', '=', id)
    .returning(['like_count', 'reply_count', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setCommentHotScore(db: Conn, id: number, hotScore: number): Promise<void> {
  await db.updateTable('square_comments').set({ hot_score: hotScore }).where('id', '=', id).execute();
}

export async function likedCommentIds(db: Conn, userId: number, commentIds: number[]): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('square_comment_likes')
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

export async function insertCommentLike(db: Conn, commentId: number, userId: number, now: number) {
  const result = await db
    .insertInto('square_comment_likes')
    .values({ comment_id: commentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteCommentLike(db: Conn, commentId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('square_comment_likes')
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
