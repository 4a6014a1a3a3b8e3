import type { Kysely } from 'kysely';
import { withId } from './helpers.ts';

// The shared content model of novels, comics and videos (DESIGN §13,
// docs/decisions/0026-content-model.md) and the novels' chapter text. Every list these tables
// serve has an index in its own order, so a page costs the same at 10,000 works and 5,000,000
// units (content-explain.test.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('work_categories'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('work_categories_kind')
    .on('work_categories')
    .columns(['kind', 'sort', 'id'])
    .execute();

  await withId(db, db.schema.createTable('works'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('category_id', 'bigint', (c) => c.notNull().references('work_categories.id'))
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('author', 'varchar(32)', (c) => c.notNull())
    .addColumn('cover', 'varchar(255)', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('intro', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_unit_id', 'bigint')
    .addColumn('latest_unit_title', 'varchar(64)')
    .addColumn('latest_unit_at', 'bigint', (c) => c.notNull())
    .addColumn('view_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One index per list order (sort 1 hot, 2 latest, 3 finished), for every category and for one.
  const workIndexes: Array<[string, string[]]> = [
    ['works_kind_hot', ['kind', 'hot_score', 'id']],
    ['works_kind_latest', ['kind', 'latest_unit_at', 'id']],
    ['works_kind_finished', ['kind', 'status', 'hot_score', 'id']],
    ['works_category_hot', ['category_id', 'hot_score', 'id']],
    ['works_category_latest', ['category_id', 'latest_unit_at', 'id']],
    ['works_category_finished', ['category_id', 'status', 'hot_score', 'id']],
  ];
  for (const [name, columns] of workIndexes) {
    await db.schema.createIndex(name).on('works').columns(columns).execute();
  }

  await withId(db, db.schema.createTable('units'))
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // The menu's keyset, prev/next and the chapter lookup all read this one index.
    .addUniqueConstraint('units_work_idx', ['work_id', 'idx'])
    .execute();

  await db.schema
    .createTable('chapter_texts')
    .addColumn('unit_id', 'bigint', (c) => c.primaryKey().references('units.id').onDelete('cascade'))
    .addColumn('paragraphs', 'text')
    .addColumn('seed', 'integer')
    .execute();

  await db.schema
    .createTable('progress')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('unit_id', 'bigint', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('unit_idx', 'integer', (c) => c.notNull())
    .addColumn('position', 'varchar(200)', (c) => c.notNull())
    .addColumn('client_time', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_units', 'integer', (c) => c.notNull())
    .addColumn('in_history', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('progress_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('progress_history')
    .on('progress')
    .columns(['user_id', 'in_history', 'read_at', 'work_id'])
    .execute();
  await db.schema
    .createIndex('progress_history_kind')
    .on('progress')
    .columns(['user_id', 'kind', 'in_history', 'read_at', 'work_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('work_id', 'bigint', (c) => c.notNull().references('works.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('seen_units', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('subscriptions_pk', ['user_id', 'work_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_user')
    .on('subscriptions')
    .columns(['user_id', 'created_at', 'work_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_user_kind')
    .on('subscriptions')
    .columns(['user_id', 'kind', 'created_at', 'work_id'])
    .execute();

  await db.schema
    .createTable('reading_settings')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('auto_unlock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_cap', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('font_size', 'integer', (c) => c.notNull())
    .addColumn('line_height', 'integer', (c) => c.notNull())
    .addColumn('theme', 'varchar(8)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reading_settings',
    'subscriptions',
    'progress',
    'chapter_texts',
    'units',
    'works',
    'work_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
