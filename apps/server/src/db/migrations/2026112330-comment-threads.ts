import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

// Comments on something other than a square post (段评 on a novel's paragraph now, an episode's
// comments later) (docs/decisions/0033-paragraph-comments.md). A thread is the anchor: one row per
// (scope, slot), e.g. scope `novel:{workId}:{unitId}` and slot = paragraph index, created with its
// first comment and carrying the counters. `thread_comments` and `thread_comment_likes` have the
// shape of `square_comments` and `square_comment_likes` with `thread_id` as the anchor column, so
// the square's comment engine serves both through a store descriptor.

const live = sql<boolean>`deleted_at is null`;

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('comment_threads'))
    .addColumn('scope', 'varchar(64)', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    // Live comments (with replies): the count bubble. Live top-level comments: the list's total.
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('top_comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('comment_threads_scope_slot', ['scope', 'slot'])
    .execute();

  await withId(db, db.schema.createTable('thread_comments'))
    .addColumn('thread_id', 'bigint', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('root_id', 'bigint', (c) => c.references('thread_comments.id').onDelete('cascade'))
    .addColumn('reply_comment_id', 'bigint', (c) => c.references('thread_comments.id').onDelete('set null'))
    .addColumn('reply_to_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  const topLevel = sql<boolean>`root_id is null and deleted_at is null`;
  await db.schema
    .createIndex('thread_comments_latest')
    .on('thread_comments')
    .columns(['thread_id', 'created_at', 'id'])
    .where(topLevel)
    .execute();
  await db.schema
    .createIndex('thread_comments_hot')
    .on('thread_comments')
    .columns(['thread_id', 'hot_score', 'id'])
    .where(topLevel)
    .execute();
  await db.schema
    .createIndex('thread_comments_replies')
    .on('thread_comments')
    .columns(['root_id', 'created_at', 'id'])
    .where(live)
    .execute();
  await db.schema
    .createIndex('thread_comments_user')
    .on('thread_comments')
    .columns(['user_id', 'created_at', 'id'])
    .where(live)
    .execute();

  await db.schema
    .createTable('thread_comment_likes')
    .addColumn('comment_id', 'bigint', (c) =>
      c.notNull().references('thread_comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('thread_comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['thread_comment_likes', 'thread_comments', 'comment_threads']) {
    await db.schema.dropTable(t).execute();
  }
}
