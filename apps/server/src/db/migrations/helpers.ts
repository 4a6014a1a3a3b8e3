import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Dialect differences live here so each migration reads the same on SQLite and PostgreSQL.
// Migrations import nothing from the application. Times are epoch milliseconds in a BIGINT.

export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An auto-increment primary key named `id`. */
export function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
