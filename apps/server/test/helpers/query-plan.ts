import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { createTestApp } from './app.ts';

export interface QueryPlans {
  /** A Kysely on the test app's SQLite file that records the SQL it sends. */
  db: Kysely<Database>;
  /** SQLite's EXPLAIN QUERY PLAN of the first query `run` sends through `db`. */
  planOf(run: () => Promise<unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * Repositories are called with their own SQL on a migrated SQLite database, and that exact SQL is
 * handed to EXPLAIN QUERY PLAN: the plan tests check what production runs, not a copy of it.
 */
export async function openQueryPlans(): Promise<QueryPlans> {
  const t = await createTestApp('sqlite');
  const sqlite = new SQLite(path.join(t.deps.config.dataDir, 'test.sqlite'));
  let captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  return {
    db,
    async planOf(run) {
      captured = [];
      await run();
      const query = captured[0];
      const rows = sqlite
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[])) as Array<{ detail: string }>;
      return rows.map((r) => r.detail).join('\n');
    },
    async close() {
      await db.destroy();
      await t.close();
    },
  };
}
