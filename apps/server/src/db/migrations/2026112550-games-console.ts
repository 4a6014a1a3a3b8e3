import type { Kysely } from 'kysely';

// Games in the operator console (issue 20 §3, docs/decisions/0058-games-and-videos-console.md):
// a game is published or a draft. Every game there was is published, as the portal showed it.
// The list indexes lead with `published`, so the portal's list (published only) still reads a page
// off the index in its order and stops at its limit.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('games')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('games_type_list').execute();
  await db.schema.dropIndex('games_list').execute();
  await db.schema.createIndex('games_list').on('games').columns(['published', 'sort desc', 'id']).execute();
  await db.schema
    .createIndex('games_type_list')
    .on('games')
    .columns(['published', 'type_id', 'sort desc', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('games_type_list').execute();
  await db.schema.dropIndex('games_list').execute();
  await db.schema.createIndex('games_list').on('games').columns(['sort desc', 'id']).execute();
  await db.schema
    .createIndex('games_type_list')
    .on('games')
    .columns(['type_id', 'sort desc', 'id'])
    .execute();
  await db.schema.alterTable('games').dropColumn('published').execute();
}
