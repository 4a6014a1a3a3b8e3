import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commitWithNextStatement, createDb, type Db } from '../src/db/database.ts';
import { pgAdmin } from './helpers/pg-admin.ts';
import { withLateReadyForQuery } from './helpers/pg-late-ready.ts';
import { pgRoundTrips } from './helpers/pg-round-trips.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// BEGIN sent with the transaction's first statement, COMMIT with its last when named
// (docs/decisions/0056-cluster.md, "BEGIN and COMMIT sent with a statement"): a round trip less
// each, never a statement run outside its transaction, and nothing committed that failed, whether
// BEGIN, the statement or COMMIT fails or the connection is lost.
describe.runIf(databaseUrl)('BEGIN sent with the first statement on PostgreSQL', () => {
  const schema = `begin_${randomBytes(5).toString('hex')}`;
  const port = Number(new URL(databaseUrl || 'postgres://x').port || 5432);
  let db: Db;
  let other: Db;

  beforeAll(async () => {
    await pgAdmin(`create schema ${schema}`);
    // One connection: every query below runs on the connection the transaction ran on.
    db = createDb({ databaseUrl, pgSchema: schema, poolSize: 1 });
    other = createDb({ databaseUrl, pgSchema: schema, poolSize: 1 });
    await sql`create table t (id serial primary key, v int not null)`.execute(db.kysely);
    // A check PostgreSQL makes only at COMMIT: no two rows with the same v.
    await sql`alter table t add constraint t_v_once unique (v) deferrable initially deferred`.execute(
      db.kysely,
    );
  });
  afterAll(async () => {
    await db.close();
    await other.close();
    await pgAdmin(`drop schema if exists ${schema} cascade`);
  });
  beforeEach(async () => {
    await sql`delete from t`.execute(db.kysely);
  });

  const insert = (conn: Db['kysely'], v: number) =>
    conn
      .insertInto('t' as never)
      .values({ v } as never)
      .execute();
  /** The values in t, as another connection sees them (committed only). */
  const committed = async () =>
    (await sql<{ v: number }>`select v from t order by v`.execute(other.kysely)).rows.map((r) => r.v);
  const backendPid = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as "pid"`.execute(db.kysely)).rows[0].pid;
  /** Whether the connection's next statement runs in a transaction of its own (none left open). */
  const autocommit = async () => {
    await new Promise((r) => setTimeout(r, 20));
    return (await sql<{ fresh: boolean }>`select now() = statement_timestamp() as "fresh"`.execute(db.kysely))
      .rows[0].fresh;
  };
  /** Writes to PostgreSQL's socket (one per round trip) while `work` runs. */
  const roundTrips = async (work: () => Promise<unknown>) => (await pgRoundTrips(port, work)).trips;
  const reconnect = async () => {
    await pgAdmin(`select pg_terminate_backend(${await backendPid()})`);
    for (let i = 0; i < 50; i++) {
      if (
        await sql`select 1`.execute(db.kysely).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('commits and rolls back as before, BEGIN and the first statement in one round trip', async () => {
    // The first transaction on a connection sends BEGIN alone (it prepares it there).
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    const trips = await roundTrips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await insert(trx, 3);
      }),
    );
    // BEGIN + the first insert, the second insert, COMMIT.
    expect(trips).toBe(3);
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 4);
        expect(await committed()).toEqual([1, 2, 3]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await committed()).toEqual([1, 2, 3]);
    expect(await autocommit()).toBe(true);
  });

  it('sends nothing for a transaction that runs no statement, and leaves none open', async () => {
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    expect(await roundTrips(() => db.kysely.transaction().execute(async () => 'nothing'))).toBe(0);
    expect(await autocommit()).toBe(true);
    await expect(
      db.kysely.transaction().execute(async () => {
        throw new Error('before any statement');
      }),
    ).rejects.toThrow('before any statement');
    expect(await autocommit()).toBe(true);
    await insert(db.kysely, 2);
    expect(await committed()).toEqual([1, 2]);
  });

  it('sends BEGIN alone before a first statement without parameters, and with an isolation level', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into t (v) values (7)`.execute(trx);
      expect(await committed()).toEqual([]);
    });
    const level = await db.kysely
      .transaction()
      .setIsolationLevel('serializable')
      .execute(
        async (trx) =>
          (
            await sql<{ level: string }>`select current_setting('transaction_isolation') as "level"`.execute(
              trx,
            )
          ).rows[0].level,
      );
    expect(level).toBe('serializable');
    expect(await committed()).toEqual([7]);
    expect(await autocommit()).toBe(true);
  });

  it('runs no statement when BEGIN fails, a prepared one included, and the connection goes on', async () => {
    // The insert is named at its second use, on a connection that then ends: the next one has
    // parsed neither it nor BEGIN.
    await insert(db.kysely, 1);
    await insert(db.kysely, 2);
    await reconnect();
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select ${1}::int`.execute(trx);
    });
    // BEGIN's statement gone behind node-postgres's back: the next BEGIN fails on PostgreSQL.
    await sql`deallocate ld_begin`.execute(db.kysely);
    await expect(db.kysely.transaction().execute((trx) => insert(trx, 3))).rejects.toThrow(/ld_begin/);
    // PostgreSQL skipped the insert (its Parse included) up to the batch's end: nothing ran,
    // no transaction is open, and the insert is parsed anew at its next use.
    expect(await committed()).toEqual([1, 2]);
    expect(await autocommit()).toBe(true);
    await insert(db.kysely, 4);
    expect(await committed()).toEqual([1, 2, 4]);
    await reconnect();
    await db.kysely.transaction().execute((trx) => insert(trx, 5));
    await db.kysely.transaction().execute((trx) => insert(trx, 6));
    expect(await committed()).toEqual([1, 2, 4, 5, 6]);
  });

  it('commits nothing when the connection is lost during the first statement or after it', async () => {
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    const pid = await backendPid();
    const during = db.kysely
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (v) select ${2} from pg_sleep(${0.5}::float8)`.execute(trx);
      })
      .then(
        () => null,
        (error: Error) => error,
      );
    await new Promise((r) => setTimeout(r, 150));
    await pgAdmin(`select pg_terminate_backend(${pid})`);
    expect(await during).toBeInstanceOf(Error);
    let after: Promise<unknown> | undefined;
    for (let i = 0; i < 50 && !after; i++) {
      const ok = await sql`select 1`.execute(db.kysely).then(
        () => true,
        () => false,
      );
      if (ok)
        after = db.kysely.transaction().execute(async (trx) => {
          await insert(trx, 3);
          await pgAdmin(`select pg_terminate_backend(${await backendPidOf(trx)})`);
          await insert(trx, 4);
        });
      else await new Promise((r) => setTimeout(r, 20));
    }
    await expect(after).rejects.toThrow();
    let values: number[] | undefined;
    for (let i = 0; i < 50 && !values; i++) {
      values = await committed().catch(() => undefined);
    }
    expect(values).toEqual([1]);
    for (let i = 0; i < 50; i++) {
      if (
        await insert(db.kysely, 9).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await committed()).toEqual([1, 9]);
  });

  it('sends COMMIT with the statement named the last, the whole transaction in one round trip when it is also the first', async () => {
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    const two = await roundTrips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await commitWithNextStatement(trx);
        await insert(trx, 3);
      }),
    );
    // BEGIN + the first insert, the second insert + COMMIT; Kysely's commit sends nothing.
    expect(two).toBe(2);
    const one = await roundTrips(() =>
      db.kysely.transaction().execute(async (trx) => {
        await commitWithNextStatement(trx);
        await insert(trx, 4);
      }),
    );
    expect(one).toBe(1);
    expect(await committed()).toEqual([1, 2, 3, 4]);
    expect(await autocommit()).toBe(true);
    // Outside a transaction it changes nothing.
    await commitWithNextStatement(db.kysely);
    await insert(db.kysely, 5);
    expect(await committed()).toEqual([1, 2, 3, 4, 5]);
  });

  it('commits nothing when the last statement fails, or its COMMIT', async () => {
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    // The statement fails (a value not an int): COMMIT is skipped, Kysely's rollback is sent.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await commitWithNextStatement(trx);
        await sql`insert into t (v) values (${'not a number'})`.execute(trx);
      }),
    ).rejects.toThrow(/invalid input syntax/);
    expect(await committed()).toEqual([1]);
    expect(await autocommit()).toBe(true);
    // The statement runs, COMMIT fails (the deferred unique check): the statement's promise fails.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await commitWithNextStatement(trx);
        await insert(trx, 1);
      }),
    ).rejects.toThrow(/t_v_once/);
    expect(await committed()).toEqual([1]);
    expect(await autocommit()).toBe(true);
    // The same with BEGIN in the batch too.
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await commitWithNextStatement(trx);
        await sql`insert into t (v) values (${1}), (${1})`.execute(trx);
      }),
    ).rejects.toThrow(/t_v_once/);
    expect(await committed()).toEqual([1]);
    expect(await autocommit()).toBe(true);
    await db.kysely.transaction().execute((trx) => insert(trx, 2));
    expect(await committed()).toEqual([1, 2]);
  });

  it('rolls back a failed one-statement transaction when PostgreSQL ends its answer in a later packet', async () => {
    // A transaction first, so that BEGIN goes with the statement below (its name is prepared).
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    const { delayed } = await withLateReadyForQuery(port, async () => {
      // BEGIN, the statement and COMMIT in one batch; the statement fails. node-postgres fails it
      // before the batch's ReadyForQuery: Kysely's rollback must still reach PostgreSQL, or the
      // pool lends a connection in a failed transaction to the next request.
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await commitWithNextStatement(trx);
          await sql`insert into t (v) values (${null})`.execute(trx);
        }),
      ).rejects.toThrow(/null value/);
    });
    expect(delayed).toBeGreaterThan(0);
    expect(await autocommit()).toBe(true);
    expect(await committed()).toEqual([1]);
    await db.kysely.transaction().execute((trx) => insert(trx, 2));
    expect(await committed()).toEqual([1, 2]);
  });

  it('refuses a statement after the one that committed, and runs none outside the transaction', async () => {
    await db.kysely.transaction().execute((trx) => insert(trx, 1));
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await insert(trx, 2);
        await commitWithNextStatement(trx);
        await insert(trx, 3);
        await insert(trx, 4);
      }),
    ).rejects.toThrow(/committed with its last statement/);
    expect(await committed()).toEqual([1, 2, 3]);
    expect(await autocommit()).toBe(true);
    // Nor one sent while the committing statement is still on its way (queued behind it, it
    // would run after the COMMIT). Kysely runs a transaction's statements one at a time anyway;
    // the connection also waits for the committing one's answer before it decides.
    const both = await db.kysely
      .transaction()
      .execute(async (trx) => {
        await insert(trx, 7);
        await commitWithNextStatement(trx);
        return Promise.allSettled([insert(trx, 8), insert(trx, 9)]);
      })
      .catch((error: Error) => error);
    expect(both).toBeInstanceOf(Array);
    expect((both as PromiseSettledResult<unknown>[]).map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await committed()).toEqual([1, 2, 3, 7, 8]);
    await sql`delete from t where v in (7, 8)`.execute(db.kysely);
    // A last statement without parameters: its own COMMIT after it, as usual.
    await db.kysely.transaction().execute(async (trx) => {
      await insert(trx, 5);
      await commitWithNextStatement(trx);
      await sql`insert into t (v) values (6)`.execute(trx);
      expect(await committed()).toEqual([1, 2, 3]);
    });
    expect(await committed()).toEqual([1, 2, 3, 5, 6]);
    // Named the last, then no statement: nothing sent, nothing left open.
    await db.kysely.transaction().execute((trx) => commitWithNextStatement(trx));
    expect(await autocommit()).toBe(true);
  });

  const backendPidOf = async (conn: Db['kysely']) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as "pid"`.execute(conn)).rows[0].pid;
});
