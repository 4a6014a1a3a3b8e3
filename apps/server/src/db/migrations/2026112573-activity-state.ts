import type { Kysely } from 'kysely';

/**
 * Activities can be drafted, taken down and ordered from the console, and a task switched off
 * (issue 20 §3, decision 0060 "Activities and tasks"); existing activities and tasks stay shown.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('activities')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('activity_tasks')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activity_tasks').dropColumn('enabled').execute();
  await db.schema.alterTable('activities').dropColumn('sort').execute();
  await db.schema.alterTable('activities').dropColumn('published').execute();
}
