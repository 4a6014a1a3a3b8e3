import type { Kysely } from 'kysely';

// Chapters and episodes edited after saving, and TXT imports that were never saved
// (docs/decisions/0059-novels-and-comics-console.md, "After saving"):
// - `novel_imports`: one row per staged TXT upload (its storage key and when an editor last used
//   it), so a periodic sweep finds and removes the ones left for more than a day;
// - `purchases_kind_ref`: whether anyone bought a unit is asked before deleting it (the unique
//   index starts with the user, so it cannot answer that).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('novel_imports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('touched_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('novel_imports_touched').on('novel_imports').columns(['touched_at']).execute();
  await db.schema.createIndex('purchases_kind_ref').on('purchases').columns(['kind', 'ref']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('purchases_kind_ref').execute();
  await db.schema.dropTable('novel_imports').execute();
}
