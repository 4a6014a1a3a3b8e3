import { migrateToLatest } from '@ld/server/src/db/migrate.ts';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

/** Every table, index and trigger as SQLite stores it, plus the migrations recorded as applied. */
function schemaOf(sqlite: SQLite.Database): string[] {
  const objects = sqlite
    .prepare(
      "select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name",
    )
    .all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
  const applied = sqlite.prepare('select name from kysely_migration order by name').all() as Array<{
    name: string;
  }>;
  return [
    ...objects.map((o) => `${o.type} ${o.name} on ${o.tbl_name}: ${o.sql ?? ''}`),
    ...applied.map((m) => `migration ${m.name}`),
  ];
}

/** The schema the app's migrations make on a fresh SQLite database. */
export async function migratedSchema(): Promise<string[]> {
  const sqlite = new SQLite(':memory:');
  const kysely = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(kysely);
  const schema = schemaOf(sqlite);
  await kysely.destroy();
  return schema;
}

/** What differs between a database file's schema and the migrations' (empty when equal). */
export async function schemaDifferences(file: string): Promise<string[]> {
  const sqlite = new SQLite(file, { fileMustExist: true });
  const actual = schemaOf(sqlite);
  sqlite.close();
  const expected = await migratedSchema();
  return [
    ...expected.filter((line) => !actual.includes(line)).map((line) => `missing: ${line}`),
    ...actual.filter((line) => !expected.includes(line)).map((line) => `unexpected: ${line}`),
  ];
}
