import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import { type CommentStore, engineView, tableAs, tableOf } from './comment-store.ts';
import { type FeedWindow, feedDirection, keysetAfter } from './feed-sql.ts';

// The comment engine's SQL, written once for every store (`comment-store.ts`): square posts and
// comment threads. The square's own lists (my comments) are at the end, on its tables only.

export interface CommentRow {
  id: number;
  /** The post or thread the comment hangs on. */
  anchor_id: number;
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

/** The anchor column of the comments aliased `alias`. */
const anchorRef = (store: CommentStore, alias = 'c') => sql.ref<number>(`${alias}.${store.anchor}`);

const commentsOf = (db: Conn, store: CommentStore) =>
  engineView(db)
    .selectFrom(tableAs(store, 'c', 'c'))
    .select(COMMENT_COLUMNS)
    .select(anchorRef(store).as('anchor_id'));

export interface TopCommentRow extends CommentRow {
  /** The anchor's live top-level comment count, or null when the anchor is deleted. */
  anchor_total: number | null;
}

/**
 * One window of an anchor's live top-level comments, hot or latest. Each row also carries the
 * anchor's own counter (the list's total), read in the same statement, so a page with rows needs
 * no separate look-up of the post or thread.
 */
export async function listTopComments(
  db: Conn,
  store: CommentStore,
  anchorId: number,
  window: FeedWindow,
): Promise<TopCommentRow[]> {
  const column = window.order === 'hot' ? 'c.hot_score' : 'c.created_at';
  const direction = feedDirection(window);
  const { after } = window;
  const paged = after === null && window.offset > 0;
  // Compiled once per store, order and kind of window (db/compiled.ts); the values are parameters.
  const shape = `top:${store.comments}:${window.order}:${after ? 'after' : paged ? 'offset' : 'first'}`;
  const args = after
    ? [anchorId, window.limit, after.value, after.id]
    : paged
      ? [anchorId, window.limit, window.offset]
      : [anchorId, window.limit];
  // After a cursor, a and b are its value and id; paged by number, a is the offset.
  return topComments(db, shape, args, ([anchor, limit, a, b]) =>
    commentsOf(db, store)
      .select((eb) =>
        eb
          .selectFrom(tableAs(store, 'a', 'p'))
          .select('p.top_comment_count')
          .where('p.id', '=', anchor as number)
          .$if(store.anchorsDeletable, (qb) => qb.where('p.deleted_at', 'is', null))
          .as('anchor_total'),
      )
      .where(anchorRef(store), '=', anchor as number)
      .where('c.root_id', 'is', null)
      .where('c.deleted_at', 'is', null)
      .$if(after !== null, (qb) =>
        qb.where(keysetAfter(column, 'c.id', window.order, { value: a as number, id: b as number })),
      )
      .orderBy(sql.ref(column), direction)
      .orderBy('c.id', direction)
      .limit(limit as number)
      .$if(paged, (qb) => qb.offset(a as number)),
  );
}

const topComments = compiledOnce<TopCommentRow>();

/** The anchor's live top-level count, or undefined when it is missing or deleted. */
export async function anchorTotal(db: Conn, store: CommentStore, anchorId: number) {
  const row = await engineView(db)
    .selectFrom(tableAs(store, 'a', 'p'))
    .select('p.top_comment_count')
    .where('p.id', '=', anchorId)
    .$if(store.anchorsDeletable, (qb) => qb.where('p.deleted_at', 'is', null))
    .executeTakeFirst();
  return row?.top_comment_count;
}

/** One window of the live replies under a top-level comment, oldest first. */
export async function listReplies(
  db: Conn,
  store: CommentStore,
  rootId: number,
  window: FeedWindow,
): Promise<CommentRow[]> {
  return commentsOf(db, store)
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
 * `square_comments_replies` (`thread_comments_replies`) (ranking every reply of the page's roots read busy threads whole).
 * PostgreSQL takes that range as a lateral join. SQLite has no LATERAL; there the range is a
 * correlated `IN` list, which it answers per root by the index and then by primary key. (On
 * PostgreSQL that `IN` form would test every comment against every root, hence the two shapes.)
 * Either statement has a fixed shape apart from its list of root ids: a UNION ALL of one branch
 * per root grew with the page, and SQLite, which prepares every statement afresh, spent more
 * planning it than the branches saved. The limit is a constant written into the SQL; bound as a
 * parameter, SQLite ran the per-root ranges measurably slower.
 */
export async function firstReplies(
  db: Conn,
  store: CommentStore,
  rootIds: number[],
  perRoot: number,
): Promise<CommentRow[]> {
  if (rootIds.length === 0) return [];
  if (!Number.isSafeInteger(perRoot) || perRoot < 1) throw new RangeError(`perRoot ${perRoot}`);
  // Compiled once per store, replies per root and number of roots (db/compiled.ts).
  const shape = `replies:${store.comments}:${perRoot}:${rootIds.length}`;
  const rows = await repliesOf(db, shape, rootIds, (ids) => {
    const roots = engineView(db)
      .selectFrom(tableAs(store, 'c', 'p'))
      .where('p.id', 'in', ids as number[]);
    // The first `perRoot` live replies of the root `p` (correlated: one walk of the replies index each).
    const firstIds = engineView(db)
      .selectFrom(tableAs(store, 'c', 'x'))
      .select('x.id')
      .where('x.root_id', '=', sql.ref<number>('p.id'))
      .where('x.deleted_at', 'is', null)
      .orderBy('x.created_at', 'asc')
      .orderBy('x.id', 'asc')
      .limit(sql.lit(perRoot));
    const paired = onPostgres(db)
      ? roots
          .innerJoinLateral(firstIds.as('f'), (join) => join.onTrue())
          .innerJoin(tableAs(store, 'c', 'c'), 'c.id', 'f.id')
      : roots.innerJoin(tableAs(store, 'c', 'c'), (join) => join.on((eb) => eb('c.id', 'in', firstIds)));
    return paired.select(COMMENT_COLUMNS).select(anchorRef(store).as('anchor_id'));
  });
  // The join promises no order. Sorting the few rows here (at most pageSize × perRoot) rather
  // than in SQL keeps a temp B-tree out of the plan.
  return rows.sort((a, b) => a.created_at - b.created_at || a.id - b.id);
}

const repliesOf = compiledOnce<CommentRow>();

export async function findCommentRow(
  db: Conn,
  store: CommentStore,
  id: number,
): Promise<CommentRow | undefined> {
  return commentsOf(db, store).where('c.id', '=', id).executeTakeFirst();
}

/** The bare comment, deleted or not, for ownership checks and counter updates. */
export async function findComment(db: Conn, store: CommentStore, id: number) {
  return engineView(db)
    .selectFrom(tableAs(store, 'c', 'c'))
    .select([
      'c.id',
      'c.user_id',
      'c.root_id',
      'c.like_count',
      'c.reply_count',
      'c.created_at',
      'c.deleted_at',
    ])
    .select(anchorRef(store).as('anchor_id'))
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function insertComment(
  db: Conn,
  store: CommentStore,
  values: {
    anchor_id: number;
    user_id: number;
    root_id: number | null;
    reply_comment_id: number | null;
    reply_to_user_id: number | null;
    content: string;
    hot_score: number;
    created_at: number;
  },
): Promise<number> {
  const { anchor_id, ...rest } = values;
  const row = await engineView(db)
    .insertInto(tableOf(store, 'c'))
    // The anchor column is named by the store; the view leaves it out of the typed columns.
    .values({ ...rest, [store.anchor]: anchor_id, deleted_at: null } as typeof rest & { deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers false when the comment was already deleted (a concurrent delete got there first). */
export async function softDeleteComment(
  db: Conn,
  store: CommentStore,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the live replies under a root with it; answers how many there were. */
export async function softDeleteReplies(
  db: Conn,
  store: CommentStore,
  rootId: number,
  now: number,
): Promise<number> {
  const result = await engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set({ deleted_at: now })
    .where('root_id', '=', rootId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Undoes a soft delete made at `deletedAt`; false when it changed meanwhile. */
export async function restoreComment(
  db: Conn,
  store: CommentStore,
  id: number,
  deletedAt: number,
): Promise<boolean> {
  const result = await engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set({ deleted_at: null })
    .where('id', '=', id)
    .where('deleted_at', '=', deletedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Brings back the replies deleted with their root (at the same instant); answers how many. */
export async function restoreRepliesDeletedAt(
  db: Conn,
  store: CommentStore,
  rootId: number,
  deletedAt: number,
): Promise<number> {
  const result = await engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set({ deleted_at: null })
    .where('root_id', '=', rootId)
    .where('deleted_at', '=', deletedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a comment's like or reply counter and answers the new counters (for its hot score). */
export async function bumpCommentCounter(
  db: Conn,
  store: CommentStore,
  id: number,
  column: 'like_count' | 'reply_count',
  delta: number,
) {
  return engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set((eb) =>
      column === 'like_count'
        ? { like_count: eb('like_count', '+', delta) }
        : { reply_count: eb('reply_count', '+', delta) },
    )
    .where('id', '=', id)
    .returning(['like_count', 'reply_count', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setCommentHotScore(
  db: Conn,
  store: CommentStore,
  id: number,
  hotScore: number,
): Promise<void> {
  await engineView(db)
    .updateTable(tableOf(store, 'c'))
    .set({ hot_score: hotScore })
    .where('id', '=', id)
    .execute();
}

export async function likedCommentIds(
  db: Conn,
  store: CommentStore,
  userId: number,
  commentIds: number[],
): Promise<Set<number>> {
  if (commentIds.length === 0) return new Set();
  const rows = await engineView(db)
    .selectFrom(tableOf(store, 'l'))
    .select('comment_id')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', commentIds)
    .execute();
  return new Set(rows.map((r) => r.comment_id));
}

export async function insertCommentLike(
  db: Conn,
  store: CommentStore,
  commentId: number,
  userId: number,
  now: number,
) {
  const result = await engineView(db)
    .insertInto(tableOf(store, 'l'))
    .values({ comment_id: commentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteCommentLike(
  db: Conn,
  store: CommentStore,
  commentId: number,
  userId: number,
): Promise<boolean> {
  const result = await engineView(db)
    .deleteFrom(tableOf(store, 'l'))
    .where('comment_id', '=', commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// The square's own: a user's comments on live posts (我的评论).

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
    .select(['c.post_id as anchor_id', 'p.content as post_content'])
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
