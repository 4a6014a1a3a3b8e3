import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether a connection or transaction talks to PostgreSQL (row locks, SKIP LOCKED) rather than SQLite. */
export const onPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
