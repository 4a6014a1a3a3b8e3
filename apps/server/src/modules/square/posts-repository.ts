import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled.ts';
import type { Conn } from '../../db/database.ts';
import { type FeedWindow, feedDirection, keysetAfter, likeContains } from './feed-sql.ts';

export interface PostFilter {
  tagId?: number;
  keyword?: string;
  userId?: number;
  /** Only posts by people this user follows. */
  followerId?: number;
}

export interface PostRow {
  id: number;
  user_id: number;
  tag_id: number;
  tag_name: string;
  content: string;
  images: string;
  like_count: number;
  comment_count: number;
  hot_score: number;
  created_at: number;
}

const POST_COLUMNS = [
  'p.id',
  'p.user_id',
  'p.tag_id',
  't.name as tag_name',
  'p.content',
  'p.images',
  'p.like_count',
  'p.comment_count',
  'p.hot_score',
  'p.created_at',
] as const;

function filtered(db: Conn, filter: PostFilter) {
  return db
    .selectFrom('square_posts as p')
    .where('p.deleted_at', 'is', null)
    .$if(filter.tagId !== undefined, (qb) => qb.where('p.tag_id', '=', filter.tagId!))
    .$if(filter.userId !== undefined, (qb) => qb.where('p.user_id', '=', filter.userId!))
    .$if(filter.followerId !== undefined, (qb) =>
      qb.where('p.user_id', 'in', (eb) =>
        eb.selectFrom('user_follows').select('followee_id').where('follower_id', '=', filter.followerId!),
      ),
    )
    .$if(filter.keyword !== undefined, (qb) => qb.where(likeContains('p.content', filter.keyword!)));
}

const sortColumn = (window: FeedWindow) => (window.order === 'hot' ? 'p.hot_score' : 'p.created_at');

/** One window of live posts with their tag, in the window's order. */
export async function listPosts(db: Conn, filter: PostFilter, window: FeedWindow): Promise<PostRow[]> {
  const column = sortColumn(window);
  const direction = feedDirection(window);
  const { after } = window;
  const paged = after === null && window.offset > 0;
  const windowed = <Q extends ReturnType<typeof filtered>>(qb: Q, limit: unknown, a: unknown, b: unknown) =>
    qb
      .innerJoin('square_tags as t', 't.id', 'p.tag_id')
      .select(POST_COLUMNS)
      .$if(after !== null, (q) =>
        q.where(keysetAfter(column, 'p.id', window.order, { value: a as number, id: b as number })),
      )
      .orderBy(sql.ref(column), direction)
      .orderBy('p.id', direction)
      .limit(limit as number)
      .$if(paged, (q) => q.offset(a as number));
  const tail = after ? [after.value, after.id] : paged ? [window.offset] : [];
  // A keyword search is built at each call (its pattern is made from the keyword); the feeds by
  // tag, author and follows are compiled once per shape (db/compiled.ts).
  if (filter.keyword !== undefined)
    return windowed(filtered(db, filter), window.limit, tail[0], tail[1]).execute();
  const { tagId, userId, followerId } = filter;
  const present = [tagId, userId, followerId].map((value) => value !== undefined);
  const shape = `posts:${window.order}:${present.map(Number).join('')}:${after ? 'after' : paged ? 'offset' : 'first'}`;
  const values = [tagId, userId, followerId].filter((value) => value !== undefined);
  return postsOf(db, shape, [...values, window.limit, ...tail], (placeholders) => {
    const slots = [...placeholders];
    const next = () => slots.shift() as number;
    const bound: PostFilter = {
      tagId: present[0] ? next() : undefined,
      userId: present[1] ? next() : undefined,
      followerId: present[2] ? next() : undefined,
    };
    const limit = next();
    return windowed(filtered(db, bound), limit, slots[0], slots[1]);
  });
}

const postsOf = compiledOnce<PostRow>();

/**
 * Counts matching live posts, but stops at `cap`: a filter with no counter of its own (a keyword,
 * the follow feed, one author) costs at most `cap` index rows, whatever the table holds.
 */
export async function countPostsUpTo(db: Conn, filter: PostFilter, cap: number): Promise<number> {
  const matching = filtered(db, filter).select('p.id').limit(cap).as('m');
  const row = await db
    .selectFrom(matching)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The counter row of every live post, whatever its tag (no tag has id 0). */
export const ALL_POSTS = 0;

/** Live posts of one tag, or of all tags, from the counters (a missing row means none yet). */
export async function liveCount(db: Conn, tagId: number = ALL_POSTS): Promise<number> {
  const row = await db
    .selectFrom('square_post_counters')
    .select('live_count')
    .where('tag_id', '=', tagId)
    .executeTakeFirst();
  return Number(row?.live_count ?? 0);
}

/**
 * Moves the live-post counters: `delta` posts of each tag, and their sum on the all-posts row.
 * Called in the transaction that creates or deletes the posts. Rows are written in tag_id order
 * (the all-posts row first), so concurrent writers on PostgreSQL take their row locks in one order.
 */
export async function addLivePosts(db: Conn, byTag: Map<number, number>): Promise<void> {
  let sum = 0;
  for (const delta of byTag.values()) sum += delta;
  const rows = [
    { tag_id: ALL_POSTS, live_count: sum },
    ...[...byTag]
      .filter(([, delta]) => delta !== 0)
      .sort(([a], [b]) => a - b)
      .map(([tag_id, live_count]) => ({ tag_id, live_count })),
  ];
  if (rows.every((r) => r.live_count === 0)) return;
  await db
    .insertInto('square_post_counters')
    .values(rows)
    .onConflict((oc) =>
      oc.column('tag_id').doUpdateSet((eb) => ({
        live_count: eb('square_post_counters.live_count', '+', eb.ref('excluded.live_count')),
      })),
    )
    .execute();
}

export async function findPostRow(db: Conn, id: number): Promise<PostRow | undefined> {
  const [row] = await db
    .selectFrom('square_posts as p')
    .innerJoin('square_tags as t', 't.id', 'p.tag_id')
    .select(POST_COLUMNS)
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null)
    .execute();
  return row;
}

/** The bare post, deleted or not, for ownership checks and counter updates. */
export async function findPost(db: Conn, id: number) {
  return db
    .selectFrom('square_posts')
    .select([
      'id',
      'user_id',
      'tag_id',
      'like_count',
      'comment_count',
      'top_comment_count',
      'created_at',
      'deleted_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertPost(
  db: Conn,
  values: {
    user_id: number;
    tag_id: number;
    content: string;
    images: string;
    hot_score: number;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('square_posts')
    .values({
      user_id: values.user_id,
      tag_id: values.tag_id,
      content: values.content,
      images: values.images,
      hot_score: values.hot_score,
      created_at: values.now,
      updated_at: values.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Answers false when the post was already deleted (a concurrent delete got there first). */
export async function softDeletePost(db: Conn, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('square_posts')
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface PostCounterDeltas {
  like_count?: number;
  comment_count?: number;
  top_comment_count?: number;
}

/**
 * Moves a post's like and comment counters by the given deltas and answers the new counters, so
 * the caller can store the hot score that goes with them in the same transaction.
 */
export async function bumpPostCounters(db: Conn, id: number, deltas: PostCounterDeltas) {
  return db
    .updateTable('square_posts')
    .set((eb) => {
      const set: Record<string, unknown> = {};
      for (const column of ['like_count', 'comment_count', 'top_comment_count'] as const) {
        const delta = deltas[column];
        if (delta) set[column] = eb(column, '+', delta);
      }
      return set;
    })
    .where('id', '=', id)
    .returning(['like_count', 'comment_count', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function setPostHotScore(db: Conn, id: number, hotScore: number): Promise<void> {
  await db.updateTable('square_posts').set({ hot_score: hotScore }).where('id', '=', id).execute();
}

/** Which of `postIds` the user has liked. */
export async function likedPostIds(db: Conn, userId: number, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('square_post_likes')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', postIds)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

/** Answers whether a like row was added (false when the user had already liked the post). */
export async function insertPostLike(
  db: Conn,
  postId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('square_post_likes')
    .values({ post_id: postId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deletePostLike(db: Conn, postId: number, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('square_post_likes')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Snippets of recent live posts containing the keyword, for search suggestions. */
export async function recentContentsContaining(db: Conn, keyword: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('square_posts as p')
    .select('p.content')
    .where('p.deleted_at', 'is', null)
    .where(likeContains('p.content', keyword))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.content);
}

/** The user's live posts published in [from, to) (activity tasks count them). */
export async function countPostsByUser(db: Conn, userId: number, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('square_posts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
