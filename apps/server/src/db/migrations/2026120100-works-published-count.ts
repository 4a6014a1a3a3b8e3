import type { Kysely } from 'kysely';

// A list's total (`countWorks`: published works of a kind, of a category, finished) from one index
// alone. Since works gained `published` (2026112560) the count read every row of the kind for that
// column: 1.4 ms for 10,000 novels on SQLite, nine tenths of a 书城 page's database time. On
// (kind, published, category_id, status) each count is a range of this index and reads no row
// (docs/decisions/0059-novels-and-comics-console.md, "The lists' totals").

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('works_kind_published')
    .on('works')
    .columns(['kind', 'published', 'category_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('works_kind_published').execute();
}
