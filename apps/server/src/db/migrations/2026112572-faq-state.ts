import type { Kysely } from 'kysely';

/** An FAQ entry can be drafted and taken down from the console (issue 20 §3); existing entries stay published. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('faqs')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('faqs').dropColumn('is_active').execute();
}
