import type { Kysely } from 'kysely';

// Comics (docs/decisions/0036-comics.md): an episode (a unit of the content model) is a vertical
// strip of panels. One row per panel, read in order by the primary key (unit_id, idx): the episode
// answer is one index range scan. `width` and `height` are the stored image's pixels, so the
// client lays the strip out before any image loads. A generated demo panel keeps its `seed` and is
// drawn into storage the first time its episode is read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comic_panels')
    .addColumn('unit_id', 'bigint', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('seed', 'integer')
    .addPrimaryKeyConstraint('comic_panels_pk', ['unit_id', 'idx'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('comic_panels').execute();
}
