import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * A connection or a transaction: what every repository and public module function takes first.
 * (`Transaction<Database>` is a `Kysely<Database>`, so one name covers both.)
 */
export type Conn = Kysely<Database>;

/** The open database: its connection, which dialect it speaks, and how to close it. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// PostgreSQL answers BIGINT and COUNT(*) as strings; our ids, times (epoch ms) and amounts all fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number(v));

export interface DbOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  sqlitePath?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  pgSchema?: string;
  poolSize?: number;
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
