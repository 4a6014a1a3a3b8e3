import type { Kysely } from 'kysely';

// Videos (DESIGN §13, docs/decisions/0038-videos.md): a video is a work of kind `video` with a
// single unit; `videos` holds its stored MP4 and what ffmpeg measured. `video_views` remembers who
// has been counted today (Asia/Shanghai day), so a view counts once per user or device per day.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('work_id', 'bigint', (c) => c.primaryKey().references('works.id').onDelete('cascade'))
    .addColumn('unit_id', 'bigint', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('file_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('video_views')
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    // `u:<uid>` for a user, `d:<deviceId>` for a guest's device, `ip:<address>` for a guest without one.
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    /** Midnight of the Asia/Shanghai day, epoch ms. */
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_views_pk', ['work_id', 'day', 'viewer'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_views').execute();
  await db.schema.dropTable('videos').execute();
}
