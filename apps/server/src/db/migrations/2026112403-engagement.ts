import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// Check-in, the activity centre and the content read log that activity tasks count
// (DESIGN §14, docs/decisions/0040-check-in-and-activities.md).

export async function up(db: Kysely<any>): Promise<void> {
  // One row per user and Asia/Shanghai calendar day checked in (or made up): the primary key
  // makes a double tap, two devices or 50 parallel calls write one row.
  await db.schema
    .createTable('checkins')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('cycle_start', 'varchar(10)', (c) => c.notNull())
    .addColumn('cycle_day', 'integer', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('makeup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkins_pk', ['user_id', 'date'])
    .execute();

  await withId(db, db.schema.createTable('activities'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('summary', 'varchar(128)', (c) => c.notNull())
    .addColumn('banner', 'varchar(255)', (c) => c.notNull())
    .addColumn('rules_html', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_window').on('activities').columns(['end_at', 'start_at']).execute();

  await withId(db, db.schema.createTable('activity_tasks'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('activity_tasks_activity')
    .on('activity_tasks')
    .columns(['activity_id', 'sort', 'id'])
    .execute();

  await db.schema
    .createTable('activity_claims')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('activity_tasks.id').onDelete('cascade'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_claims_pk', ['user_id', 'task_id'])
    .execute();
  await db.schema
    .createIndex('activity_claims_activity')
    .on('activity_claims')
    .columns(['user_id', 'activity_id'])
    .execute();

  // The content module's read log: a row per user, unit and Asia/Shanghai day a unit was read (its reader saved a position in it).
  await db.schema
    .createTable('unit_reads')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('unit_id', 'bigint', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('day_start', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('unit_reads_pk', ['user_id', 'unit_id', 'day_start'])
    .execute();
  await db.schema
    .createIndex('unit_reads_user_time')
    .on('unit_reads')
    .columns(['user_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['unit_reads', 'activity_claims', 'activity_tasks', 'activities', 'checkins']) {
    await db.schema.dropTable(t).execute();
  }
}
