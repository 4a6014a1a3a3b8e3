import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, PG_NAMED_STATEMENTS } from '../src/db/database.ts';
import { pgAdmin } from './helpers/pg-admin.ts';
import { withLateReadyForQuery } from './helpers/pg-late-ready.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// Statements prepared on PostgreSQL (docs/decisions/0056-cluster.md, "Sessions kept per process;
// statements prepared"): a text run again is named, bounded per connection, and keeps answering
// after a reconnection and after a migration that changes its table.
describe.runIf(databaseUrl)('prepared statements on PostgreSQL', () => {
  const schema = `stmts_${randomBytes(5).toString('hex')}`;
  const port = Number(new URL(databaseUrl || 'postgres://x').port || 5432);
  let db: Db;

  beforeAll(async () => {
    await pgAdmin(`create schema ${schema}`);
    // One connection: what pg_prepared_statements lists is the connection the queries ran on.
    db = createDb({ databaseUrl, pgSchema: schema, poolSize: 1 });
  });
  afterAll(async () => {
    await db.close();
    await pgAdmin(`drop schema if exists ${schema} cascade`);
  });

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db.kysely)
    ).rows.map((r) => r.statement);

  /** A table `name` (id, amount int) holding (1, 5), and its one read: the amount of id 1. */
  const amountTable = async (name: string) => {
    await sql`create table ${sql.table(name)} (id int primary key, amount int not null)`.execute(db.kysely);
    await sql`insert into ${sql.table(name)} values (1, 5)`.execute(db.kysely);
    return (conn = db.kysely) =>
      conn
        .selectFrom(name as never)
        .select(['amount' as never])
        .where('id' as never, '=', 1 as never)
        .execute() as Promise<Array<{ amount: unknown }>>;
  };

  it('prepares a text at its second use, and answers the same', async () => {
    const query = (v: number) => sql<{ n: number }>`select ${v}::int + 40 as "n"`.execute(db.kysely);
    expect((await query(1)).rows).toEqual([{ n: 41 }]);
    expect(await prepared()).not.toContain('select $1::int + 40 as "n"');
    expect((await query(2)).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toContain('select $1::int + 40 as "n"');
    expect((await query(3)).rows).toEqual([{ n: 43 }]);
  });

  it('prepares again on a new connection when the old one is gone', async () => {
    const query = () => sql<{ n: number }>`select ${7}::int as "n", 'reconnect' as "what"`.execute(db.kysely);
    await query();
    await query();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as "pid"`.execute(db.kysely);
    await pgAdmin(`select pg_terminate_backend(${rows[0].pid})`);
    // The pool hears the end of its idle connection and opens another for the next query.
    let answer: { n: number } | undefined;
    for (let i = 0; i < 50 && !answer; i++) {
      answer = await query()
        .then((r) => r.rows[0])
        .catch(async () => {
          await new Promise((r) => setTimeout(r, 20));
          return undefined;
        });
    }
    expect(answer).toEqual({ n: 7, what: 'reconnect' });
    expect((await query()).rows[0].n).toBe(7);
  });

  it('keeps answering after a migration changes the result of a prepared statement', async () => {
    const read = await amountTable('changing');
    const readAll = () =>
      db.kysely
        .selectFrom('changing' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never)
        .execute() as Promise<Array<Record<string, unknown>>>;
    for (let i = 0; i < 3; i++) {
      expect(await read()).toEqual([{ amount: 5 }]);
      expect(await readAll()).toEqual([{ id: 1, amount: 5 }]);
    }
    const kept = await prepared();
    expect(kept).toContain('select "amount" from "changing" where "id" = $1');
    expect(kept.filter((text) => text.includes('*'))).toEqual([]);
    await sql`alter table changing alter column amount type text`.execute(db.kysely);
    await sql`alter table changing add column note text not null default 'new'`.execute(db.kysely);
    // Outside a transaction the refused statement runs again unnamed; `*` was never named.
    expect(await read()).toEqual([{ amount: '5' }]);
    expect(await readAll()).toEqual([{ id: 1, amount: '5', note: 'new' }]);
    await sql`alter table changing alter column amount type bigint using amount::bigint`.execute(db.kysely);
    // Named no more: inside a transaction too.
    expect(await db.kysely.transaction().execute((trx) => read(trx))).toEqual([{ amount: 5 }]);
  });

  it('fails a transaction whose prepared statement a migration changed, once, then answers', async () => {
    const read = await amountTable('changing_in');
    for (let i = 0; i < 3; i++) expect(await read(db.kysely)).toEqual([{ amount: 5 }]);
    expect(await prepared()).toContain('select "amount" from "changing_in" where "id" = $1');
    await sql`alter table changing_in alter column amount type text`.execute(db.kysely);
    // PostgreSQL has failed the transaction: nothing to run again in it; the caller sees the error.
    await expect(db.kysely.transaction().execute((trx) => read(trx))).rejects.toThrow(
      /cached plan must not change result type/,
    );
    expect(await db.kysely.transaction().execute((trx) => read(trx))).toEqual([{ amount: '5' }]);
  });

  it('knows the transaction failed when PostgreSQL ends its answer in a later packet', async () => {
    const read = await amountTable('changing_late');
    // A transaction first, so that BEGIN goes with the read below (its name is prepared).
    for (let i = 0; i < 3; i++)
      expect(await db.kysely.transaction().execute((trx) => read(trx))).toEqual([{ amount: 5 }]);
    await sql`alter table changing_late alter column amount type text`.execute(db.kysely);
    // BEGIN and the refused statement in one batch. Told before PostgreSQL's ReadyForQuery, the
    // status would still say "no transaction" and the statement would run again in the failed
    // one ("current transaction is aborted").
    const { delayed } = await withLateReadyForQuery(port, () =>
      expect(db.kysely.transaction().execute((trx) => read(trx))).rejects.toThrow(
        /cached plan must not change result type/,
      ),
    );
    expect(delayed).toBeGreaterThan(0);
    expect(await db.kysely.transaction().execute((trx) => read(trx))).toEqual([{ amount: '5' }]);
  });
  it('names no more than its bound however many texts (in-lists of every length)', async () => {
    for (let size = 1; size <= PG_NAMED_STATEMENTS + 50; size++) {
      const ids = Array.from({ length: size }, (_, i) => i);
      for (let twice = 0; twice < 2; twice++) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as "n" from generate_series(0, 1000) g where g in (${sql.join(ids)})`.execute(
          db.kysely,
        );
        expect(rows[0].n).toBe(size);
      }
    }
    expect((await prepared()).length).toBeLessThanOrEqual(PG_NAMED_STATEMENTS);
  });
});
