import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** How often a process waiting for another one's start-up on SQLite looks again. */
const SQLITE_RETRY_MS = 200;

/**
 * Runs `fn` (migrations and the demo seed) while holding a lock that every process starting on
 * the same database takes, so two processes starting together migrate and seed once: the second
 * waits, then finds the schema current and the database seeded.
 *
 * PostgreSQL: a session advisory lock, keyed by the schema so test schemas do not wait for each
 * other; it is held on one pooled connection and ends with it if the process dies.
 * SQLite: SQLite's own file locking, on `sqliteLockFile` beside the database (an exclusive
 * transaction there; the database file itself cannot be used, or the lock would keep this
 * process's own connection from writing); the operating system drops it if the process dies.
 */
export async function withStartupLock<T>(db: Db, sqliteLockFile: string, fn: () => Promise<T>): Promise<T> {
  if (db.dialect === 'postgres') {
    return db.kysely.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(hashtext(current_schema() || ':ld-startup'))`.execute(conn);
      try {
        return await fn();
      } finally {
        await sql`select pg_advisory_unlock(hashtext(current_schema() || ':ld-startup'))`.execute(conn);
      }
    });
  }
  const lock = new SQLite(sqliteLockFile);
  try {
    lock.pragma('busy_timeout = 0');
    // Waiting asynchronously (instead of through busy_timeout, which blocks the thread) keeps
    // the process answering signals while the other one seeds.
    for (;;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        await sleep(SQLITE_RETRY_MS);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec('commit');
    }
  } finally {
    lock.close();
  }
}
