import type { Kysely } from 'kysely';

/** A square tag can be taken out of use from the console (issue 20 §3): hidden from the tag list and refused for new posts; posts already under it keep it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('square_tags')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('square_tags').dropColumn('is_active').execute();
}
