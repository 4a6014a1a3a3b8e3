import { type Kysely, sql } from 'kysely';

// Totals the square's lists answer with, kept as counters so a page never counts rows
// (DESIGN §5: page 10 000 costs what page 1 costs; a count(*) of a million live posts does not).
// `square_post_counters` holds live posts per tag, and under tag_id 0 (no tag has id 0) all live
// posts; `square_posts.top_comment_count` holds a post's live top-level comments. The services
// move both in the transactions that create and delete posts and comments. Both are filled here
// from the rows that already exist, so an existing database answers the same totals as before.

/** The counter row that holds every live post, whatever its tag. */
const ALL_POSTS = 0;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('square_post_counters')
    .addColumn('tag_id', 'bigint', (c) => c.primaryKey())
    .addColumn('live_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into square_post_counters (tag_id, live_count)
    select ${ALL_POSTS}, count(*) from square_posts where deleted_at is null
  `.execute(db);
  await sql`
    insert into square_post_counters (tag_id, live_count)
    select tag_id, count(*) from square_posts where deleted_at is null group by tag_id
  `.execute(db);

  await db.schema
    .alterTable('square_posts')
    .addColumn('top_comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Only posts with a live top-level comment are touched; the rest keep the default 0.
  await sql`
    update square_posts set top_comment_count = (
      select count(*) from square_comments c
      where c.post_id = square_posts.id and c.root_id is null and c.deleted_at is null
    )
    where id in (select post_id from square_comments where root_id is null and deleted_at is null)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('square_posts').dropColumn('top_comment_count').execute();
  await db.schema.dropTable('square_post_counters').execute();
}
