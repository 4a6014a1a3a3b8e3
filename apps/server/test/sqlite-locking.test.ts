import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database.ts';

// SQLite on one file shared by several processes (docs/decisions/0020-several-processes.md).
// Another "process" is a worker thread with its own connection: SQLite's file locks behave the
// same between connections of one process as between processes.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-sqlite-locks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs `body` (plain JS, `db` is its connection to `file`) in a worker; answers when it has started. */
function otherProcess(file: string, body: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file, { timeout: 5000 });
     const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
     ${body}`,
    // Resolved as the process's own imports are: on Node 22 that is the copy built for it
    // (scripts/lib/node22.mjs), which a worker thread, without the process's hooks, must be told.
    { eval: true, workerData: { file, module: fileURLToPath(import.meta.resolve('better-sqlite3')) } },
  );
  const messages: string[] = [];
  const started = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  worker.on('message', (m: string) => messages.push(m));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return { started, exited, messages };
}

describe('SQLite shared by two processes', () => {
  it('opens a new file that another process is switching to WAL at the same moment', async () => {
    const file = path.join(dir, 'new.sqlite');
    // The other process holds the write lock of the still empty file for a moment, as it does
    // while it writes the header that switches the file to WAL: SQLite answers our switch
    // SQLITE_BUSY at once (its deadlock rule skips busy_timeout), so createDb must try again.
    const other = otherProcess(
      file,
      `db.exec('begin immediate'); parentPort.postMessage('locked'); sleep(300);
       db.pragma('journal_mode = WAL'); db.exec('commit'); db.close();`,
    );
    await other.started;
    const db = createDb({ sqlitePath: file });
    try {
      const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
      expect(rows[0]?.journal_mode).toBe('wal');
    } finally {
      await db.close();
      await other.exited;
    }
  });

  it('waits for the other process to commit before a transaction that reads then writes', async () => {
    const file = path.join(dir, 'shared.sqlite');
    const setup = new SQLite(file);
    setup.pragma('journal_mode = WAL');
    setup.exec('create table counter (id integer primary key, n integer not null)');
    setup.exec('insert into counter (id, n) values (1, 0)');
    setup.close();

    const db = createDb({ sqlitePath: file });
    try {
      // The other process writes repeatedly while our transactions read then write: with a
      // deferred `begin` a stale read snapshot cannot be upgraded and fails at once.
      const other = otherProcess(
        file,
        `parentPort.postMessage('started');
         for (let i = 0; i < 200; i++) { db.exec('update counter set n = n + 1 where id = 1'); sleep(1); }
         db.close();`,
      );
      await other.started;
      for (let i = 0; i < 100; i++) {
        await db.kysely.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('counter' as never)
            .select(sql<number>`n`.as('n'))
            .executeTakeFirstOrThrow();
          await new Promise((resolve) => setImmediate(resolve));
          await sql`update counter set n = ${Number((row as { n: number }).n) + 1} where id = 1`.execute(trx);
        });
      }
      await other.exited;
      const { rows } = await sql<{ n: number }>`select n from counter where id = 1`.execute(db.kysely);
      expect(rows[0]?.n).toBe(300);
    } finally {
      await db.close();
    }
  });
});
