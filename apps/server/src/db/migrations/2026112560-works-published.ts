import type { Kysely } from 'kysely';

// Works in the operator console (issue 20 §3, docs/decisions/0059-novels-and-comics-console.md): a
// work is published or a draft the portal does not show. Every work there was is published, as
// the portal showed it. The list indexes stay as they are: drafts are few, so the portal's lists
// still read a page off their index in order and skip the odd draft.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('works')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('works').dropColumn('published').execute();
}
