import type { Kysely } from 'kysely';

// Views of every kind of work count once per viewer and Asia/Shanghai day, through one call per page
// (docs/decisions/0046-video-views-apart.md, "Novels and comics too"): `video_views` becomes
// `work_views`, the same rows for novels, comics and videos. Today's video rows come along, so a
// viewer already counted today is not counted again after the upgrade.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('work_views')
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    // `u:<uid>` for a user, `d:<deviceId>` for a guest's device, `ip:<address>` for a guest without one.
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    /** Midnight of the Asia/Shanghai day, epoch ms. */
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('work_views_pk', ['work_id', 'day', 'viewer'])
    .execute();
  await db
    .insertInto('work_views')
    .columns(['work_id', 'viewer', 'day'])
    .expression(db.selectFrom('video_views').select(['work_id', 'viewer', 'day']))
    .execute();
  await db.schema.dropTable('video_views').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_views')
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['work_id', 'day', 'viewer'])
    .execute();
  // Only the videos' rows go back: novels and comics had no such table.
  await db
    .insertInto('video_views')
    .columns(['work_id', 'viewer', 'day'])
    .expression(
      db
        .selectFrom('work_views')
        .innerJoin('works', 'works.id', 'work_views.work_id')
        .select(['work_views.work_id', 'work_views.viewer', 'work_views.day'])
        .where('works.kind', '=', 'video'),
    )
    .execute();
  await db.schema.dropTable('work_views').execute();
}
