import { type Kysely, sql } from 'kysely';
import { withId } from './helpers.ts';

// The community square: tags, posts, two-level comments, likes, follows, sensitive words and
// searched keywords. Counters and hot scores are denormalised onto posts and comments so feeds
// read one table; feed indexes are partial on live rows, in the order the keyset queries walk.

const live = sql<boolean>`deleted_at is null`;

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('square_tags'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('square_posts'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('square_tags.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    // A JSON array of image URLs; always read and written whole with the post.
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  const postIndexes: Array<[string, string[]]> = [
    ['square_posts_latest', ['created_at', 'id']],
    ['square_posts_hot', ['hot_score', 'id']],
    ['square_posts_tag_latest', ['tag_id', 'created_at', 'id']],
    ['square_posts_tag_hot', ['tag_id', 'hot_score', 'id']],
    ['square_posts_user', ['user_id', 'created_at', 'id']],
  ];
  for (const [name, columns] of postIndexes) {
    await db.schema.createIndex(name).on('square_posts').columns(columns).where(live).execute();
  }

  await db.schema
    .createTable('square_post_likes')
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('square_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('square_post_likes_pk', ['post_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('square_comments'))
    .addColumn('post_id', 'bigint', (c) => c.notNull().references('square_posts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The top-level comment a reply belongs to (楼中楼 has two levels); null on a top-level comment.
    .addColumn('root_id', 'bigint', (c) => c.references('square_comments.id').onDelete('cascade'))
    .addColumn('reply_comment_id', 'bigint', (c) => c.references('square_comments.id').onDelete('set null'))
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
    .createIndex('square_comments_latest')
    .on('square_comments')
    .columns(['post_id', 'created_at', 'id'])
    .where(topLevel)
    .execute();
  await db.schema
    .createIndex('square_comments_hot')
    .on('square_comments')
    .columns(['post_id', 'hot_score', 'id'])
    .where(topLevel)
    .execute();
  await db.schema
    .createIndex('square_comments_replies')
    .on('square_comments')
    .columns(['root_id', 'created_at', 'id'])
    .where(live)
    .execute();
  await db.schema
    .createIndex('square_comments_user')
    .on('square_comments')
    .columns(['user_id', 'created_at', 'id'])
    .where(live)
    .execute();

  await db.schema
    .createTable('square_comment_likes')
    .addColumn('comment_id', 'bigint', (c) =>
      c.notNull().references('square_comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('square_comment_likes_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('user_follows')
    .addColumn('follower_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('user_follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema.createIndex('user_follows_followee').on('user_follows').column('followee_id').execute();

  await withId(db, db.schema.createTable('sensitive_words'))
    .addColumn('word', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Keywords people searched for and found something; suggestions rank them by hits.
  await db.schema
    .createTable('square_keywords')
    .addColumn('keyword', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('square_keywords_hits').on('square_keywords').column('hits').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'square_keywords',
    'sensitive_words',
    'user_follows',
    'square_comment_likes',
    'square_comments',
    'square_post_likes',
    'square_posts',
    'square_tags',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
