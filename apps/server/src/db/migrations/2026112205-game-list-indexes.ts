import type { Kysely } from 'kysely';

// The game list orders by `sort desc, id` (optionally within one type). `games_type_sort
// (type_id, sort)` could not serve that order, so every list page sorted in a temporary B-tree.
// These indexes are in the list's exact order, so a page is read off the index and stops at its limit.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('games_type_sort').execute();
  await db.schema.createIndex('games_list').on('games').columns(['sort desc', 'id']).execute();
  await db.schema
    .createIndex('games_type_list')
    .on('games')
    .columns(['type_id', 'sort desc', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('games_type_list').execute();
  await db.schema.dropIndex('games_list').execute();
  await db.schema.createIndex('games_type_sort').on('games').columns(['type_id', 'sort']).execute();
}
