import { type SelectQueryBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';

// SQL for moderators: posts and comments, live or deleted, by text, author and time.

export interface ModFilter {
  keyword?: string | undefined;
  /** Authors (an author filter resolved to ids); an empty list matches nothing. */
  userIds?: number[] | undefined;
  postId?: number | undefined;
  deleted?: boolean | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export interface ModListWindow {
  sort: 'created_at' | 'id';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * The moderator's filters, the same on posts (`p`), square comments and thread comments (`c`):
 * text, authors, live or deleted, and a creation window. `postId` applies where the table has it.
 */
function modFiltered<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, a: 'p' | 'c', f: ModFilter): QB {
  const col = (name: string) => sql.ref(`${a}.${name}`);
  return qb
    .$if(f.keyword !== undefined, (q) => q.where(containsText(`${a}.content`, f.keyword!)))
    .$if(f.userIds !== undefined, (q) => q.where(col('user_id'), 'in', f.userIds!.length ? f.userIds! : [-1]))
    .$if(f.postId !== undefined && a === 'c', (q) => q.where(col('post_id'), '=', f.postId!))
    .$if(f.deleted === true, (q) => q.where(col('deleted_at'), 'is not', null))
    .$if(f.deleted === false, (q) => q.where(col('deleted_at'), 'is', null))
    .$if(f.from !== undefined, (q) => q.where(col('created_at'), '>=', f.from!))
    .$if(f.to !== undefined, (q) => q.where(col('created_at'), '<=', f.to!)) as QB;
}

const postsFiltered = (db: Conn, f: ModFilter) => modFiltered(db.selectFrom('square_posts as p'), 'p', f);

export async function listModPosts(db: Conn, f: ModFilter, w: ModListWindow) {
  const [rows, count] = await Promise.all([
    postsFiltered(db, f)
      .innerJoin('square_tags as t', 't.id', 'p.tag_id')
      .select([
        'p.id',
        'p.user_id',
        't.name as tag_name',
        'p.content',
        'p.images',
        'p.like_count',
        'p.comment_count',
        'p.created_at',
        'p.deleted_at',
      ])
      .orderBy(`p.${w.sort}`, w.order)
      .orderBy('p.id', w.order)
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    postsFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ModPostRow = Awaited<ReturnType<typeof listModPosts>>['rows'][number];

export const findModPost = (db: Conn, id: number) =>
  db
    .selectFrom('square_posts as p')
    .innerJoin('square_tags as t', 't.id', 'p.tag_id')
    .select([
      'p.id',
      'p.user_id',
      'p.tag_id',
      't.name as tag_name',
      'p.content',
      'p.images',
      'p.like_count',
      'p.comment_count',
      'p.created_at',
      'p.deleted_at',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();

/** Undoes a post's soft delete; false when it was not deleted (a concurrent restore got there first). */
export async function restorePost(db: Conn, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('square_posts')
    .set({ deleted_at: null, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const commentsFiltered = (db: Conn, f: ModFilter) =>
  modFiltered(db.selectFrom('square_comments as c'), 'c', f);

const COMMENT_COLUMNS = [
  'c.id',
  'c.post_id',
  'c.root_id',
  'c.user_id',
  'c.content',
  'c.like_count',
  'c.reply_count',
  'c.created_at',
  'c.deleted_at',
  'p.content as post_content',
] as const;

export async function listModComments(db: Conn, f: ModFilter, w: ModListWindow) {
  const [rows, count] = await Promise.all([
    commentsFiltered(db, f)
      .innerJoin('square_posts as p', 'p.id', 'c.post_id')
      .select(COMMENT_COLUMNS)
      .orderBy(`c.${w.sort}`, w.order)
      .orderBy('c.id', w.order)
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    commentsFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ModCommentRow = Awaited<ReturnType<typeof listModComments>>['rows'][number];

export const findModComment = (db: Conn, id: number) =>
  db
    .selectFrom('square_comments as c')
    .innerJoin('square_posts as p', 'p.id', 'c.post_id')
    .select(COMMENT_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();

// Thread comments hang on a thread, not a post: the post filter does not apply to them.
const threadCommentsFiltered = (db: Conn, f: ModFilter) =>
  modFiltered(db.selectFrom('thread_comments as c'), 'c', { ...f, postId: undefined });

const THREAD_COMMENT_COLUMNS = [
  'c.id',
  'c.root_id',
  'c.user_id',
  'c.content',
  'c.like_count',
  'c.reply_count',
  'c.created_at',
  'c.deleted_at',
  'th.scope',
  'th.slot',
] as const;

/** 段评 and episode comments, with the thread (scope, slot) each hangs on. */
export async function listModThreadComments(db: Conn, f: ModFilter, w: ModListWindow) {
  const [rows, count] = await Promise.all([
    threadCommentsFiltered(db, f)
      .innerJoin('comment_threads as th', 'th.id', 'c.thread_id')
      .select(THREAD_COMMENT_COLUMNS)
      .orderBy(`c.${w.sort}`, w.order)
      .orderBy('c.id', w.order)
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    threadCommentsFiltered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type ModThreadCommentRow = Awaited<ReturnType<typeof listModThreadComments>>['rows'][number];

export const findModThreadComment = (db: Conn, id: number) =>
  db
    .selectFrom('thread_comments as c')
    .innerJoin('comment_threads as th', 'th.id', 'c.thread_id')
    .select(THREAD_COMMENT_COLUMNS)
    .where('c.id', '=', id)
    .executeTakeFirst();
