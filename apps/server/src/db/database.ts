import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type RawBuilder,
  SqliteDialect,
  SqliteDriver,
  sql,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { onPostgres } from './dialect.ts';
import { SchemaPostgresIntrospector } from './pg-introspector.ts';
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
  /** Connections held (PostgreSQL's pool; SQLite always one, never waiting), for the metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * How long a query waits for a connection when the pool has none free or PostgreSQL does not
 * answer the connect: then it fails (503, docs/decisions/0056-cluster.md) instead of hanging.
 */
const PG_CONNECT_TIMEOUT_MS = 5_000;

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

/**
 * SQLite transactions that take the write lock when they begin (`begin immediate`) instead of at
 * their first write (Kysely's plain `begin`). With several processes on one database file
 * (docs/decisions/0020-several-processes.md), a deferred transaction that reads and then writes
 * while another process commits cannot upgrade its stale snapshot and fails at once with
 * SQLITE_BUSY ("database is locked"), without waiting for busy_timeout. Taking the lock first makes
 * it wait its turn (up to busy_timeout) like a single-statement write does.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How long a statement waits for another process's write lock before failing (ms). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * `journal_mode = WAL`, tried again while another process switches the same new file at the same
 * moment. Two connections that both read the empty file and then both try to write its header
 * deadlock; SQLite answers one of them SQLITE_BUSY at once, without its busy handler, so
 * busy_timeout does not help (two servers started together on an empty database, 0020). The
 * second try finds the file in WAL already and only reads. Synchronous (a short sleep between
 * tries): it happens once, while the process starts.
 */
function switchToWal(sqlite: SQLite.Database): void {
  const until = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw error;
      Atomics.wait(pause, 0, 0, 10 + Math.floor(Math.random() * 40));
    }
  }
}

/** Compiled statements kept per connection (the SQL texts of a running portal are a few hundred). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and better-sqlite3's `prepare` compiles the SQL each time: a
 * feed request spent about 7 % of its CPU there (docs/decisions/0056-cluster.md, the profile).
 * Statements are kept by their SQL text, least recently used out first; a statement still being
 * iterated (a streamed query) is never handed out twice. Only Kysely's queries go through this:
 * statement modes (`pluck`, `raw`) are sticky, and Kysely sets none. A schema change (a migration)
 * makes SQLite recompile a kept statement by itself.
 */
function cachedPrepare(sqlite: SQLite.Database): SQLite.Database['prepare'] {
  const cache = new Map<string, SQLite.Statement>();
  return ((source: string) => {
    const kept = cache.get(source);
    if (kept && !kept.busy) {
      cache.delete(source);
      cache.set(source, kept);
      return kept;
    }
    const statement = sqlite.prepare(source);
    if (!kept) {
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return statement;
  }) as SQLite.Database['prepare'];
}

/**
 * SQL texts a process names (prepares) on PostgreSQL at most; the ones past it stay unnamed. (A
 * connection also keeps BEGIN's statement, `ld_begin`, see `BatchedQuery`.)
 */
export const PG_NAMED_STATEMENTS = 400;
/** Longer texts (a seed's inserts of hundreds of rows) stay unnamed: they are not a request's. */
const PG_NAMED_MAX_LENGTH = 4_000;
/** Texts seen once, remembered to name them at their second use; started afresh when this many. */
const PG_SEEN_ONCE = 5_000;

/** Result columns not spelled out (`select *`, `"t".*`, `returning *`): a migration may change them. */
const STAR_COLUMNS = /(^|[\s,])("?\w+"?\.)?\*(\s|,|$)/;
/** PostgreSQL's refusal to run a kept statement whose result columns a migration changed. */
const RESULT_TYPE_CHANGED = /cached plan must not change result type/;

/**
 * Prepared statements on PostgreSQL (docs/decisions/0056-cluster.md, "Sessions kept per process;
 * statements prepared"). Kysely sends every statement unnamed, so PostgreSQL parses, analyses and
 * plans it at every execution. Here a statement with parameters that this process has run before
 * gets a name (`{ name, text, values }`, node-postgres), from its SQL text: each connection parses
 * it once, and later runs send only its parameters. node-postgres remembers per connection which
 * names it has parsed, so a new connection (the pool's, after PostgreSQL restarted) parses again.
 * Bounded: only a text's second use names it (a query with an `in (…)` list of a size seen once
 * stays unnamed), long texts never, and at most PG_NAMED_STATEMENTS texts ever get a name, so no
 * connection keeps more statements than that.
 *
 * A migration that changes a table makes PostgreSQL plan a kept statement again by itself, but a
 * statement whose result columns changed is refused ("cached plan must not change result type").
 * So statements whose columns are not spelled out (`*`) are never named, and a named one refused so
 * is never named again in this process; outside a transaction it is run again at once, unnamed.
 */
function namedStatements() {
  const names = new Map<string, string>();
  const unnamed = new Set<string>();
  let seenOnce = new Set<string>();
  let counter = 0;
  return {
    nameOf(text: string): string | undefined {
      const name = names.get(text);
      if (name !== undefined || unnamed.has(text)) return name;
      if (!seenOnce.has(text)) {
        if (seenOnce.size >= PG_SEEN_ONCE) seenOnce = new Set();
        seenOnce.add(text);
        return undefined;
      }
      seenOnce.delete(text);
      if (counter >= PG_NAMED_STATEMENTS || text.length > PG_NAMED_MAX_LENGTH || STAR_COLUMNS.test(text)) {
        unnamed.add(text);
        return undefined;
      }
      const named = `ld_${++counter}`;
      names.set(text, named);
      return named;
    },
    /** Named no more: a migration changed its result columns. */
    unname(text: string) {
      names.delete(text);
      unnamed.add(text);
    },
  };
}

type Statements = ReturnType<typeof namedStatements>;

/**
 * BEGIN sent with the transaction's first statement, and COMMIT with its last when the caller says
 * which that is (docs/decisions/0056-cluster.md, "BEGIN and COMMIT sent with a statement").
 * node-postgres sends a query only after the previous one's ReadyForQuery, so Kysely's `begin` and
 * `commit` were round trips of their own. Here the driver's `begin` is held back (answered at once,
 * nothing sent) and written ahead of the transaction's first statement in the same write, as the
 * extended protocol's Bind + Execute of BEGIN with no Sync between it and the statement's
 * Parse/Bind/Describe/Execute/Sync; and after `commitWithNextStatement(trx)`, the next statement's
 * Execute is followed by COMMIT's Parse/Bind/Execute before the Sync. PostgreSQL runs such a batch
 * in order and, at the first error, skips everything up to the Sync: a failing BEGIN runs no
 * statement outside the transaction, a failing statement commits nothing (the transaction is left
 * failed, and Kysely's rollback is sent), and a failing COMMIT fails the statement's promise, so
 * the caller sees the error as it saw the COMMIT's. A lost connection fails the promise as it fails
 * any query; what PostgreSQL had not committed it rolls back.
 *
 * BEGIN is itself a named statement (parsed once per connection, by the first transaction on it,
 * which still sends BEGIN on its own): so the batch carries no Parse of BEGIN, whose ParseComplete
 * node-postgres would book under the statement's name before the statement's own Parse is answered.
 * (COMMIT's Parse comes after the statement's, so it can be unnamed.) Only a statement with
 * parameters (Kysely's, the extended protocol) is batched; a first statement without any (raw SQL,
 * a savepoint) gets BEGIN sent alone before it, and a last one is followed by a COMMIT of its own,
 * as before. After a COMMIT sent with a statement, the transaction is over: Kysely's own commit (or
 * rollback) is answered without sending anything, and any other statement in it is refused.
 */
const HELD_BEGIN = 'begin /* held until the first statement */';
const COMMIT_NEXT = 'commit /* with the next statement */';
const BEGIN_NAME = 'ld_begin';
const BEGIN_TEXT = 'begin';
const NOTHING_TO_END = /^(commit|rollback)$/;

interface PgWire {
  parsedStatements: Record<string, string>;
  once(event: 'readyForQuery' | 'end', listener: () => void): void;
  off(event: 'readyForQuery' | 'end', listener: () => void): void;
  parse(config: { text: string }): void;
  bind(config: { statement?: string }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
}
interface PgQueryInternals {
  name: string | undefined;
  portal: string;
  prepare(connection: PgWire): void;
  _getRows(connection: PgWire, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: PgWire): void;
}
type QueryCallback = (error: Error | undefined, result: pg.QueryResult) => void;
/**
 * node-postgres's query, made from the text (a config object would be copied property by property,
 * `cloneQueryConfig`: 1.7 % of the server's CPU on paid downloads); the name is set after.
 */
const PgQuery = pg.Query as unknown as new (
  text: string,
  values: unknown[],
  callback: QueryCallback,
) => pg.Query & PgQueryInternals;

/** A statement with BEGIN written ahead of it and/or COMMIT after it, in one write and one round trip. */
class BatchedQuery extends PgQuery {
  #begin: boolean;
  readonly #commit: boolean;
  #answered = false;
  constructor(text: string, values: unknown[], callback: QueryCallback, begin: boolean, commit: boolean) {
    super(text, values, callback);
    this.#begin = begin;
    this.#commit = commit;
  }
  override prepare(connection: PgWire): void {
    if (this.#begin) {
      connection.bind({ statement: BEGIN_NAME });
      connection.execute({});
    }
    super.prepare(connection);
  }
  override _getRows(connection: PgWire, rows: number | undefined): void {
    if (!this.#commit || rows) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal });
    connection.parse({ text: 'commit' });
    connection.bind({});
    connection.execute({});
    connection.sync();
  }
  override handleCommandComplete(message: unknown, connection: PgWire): void {
    // BEGIN's and COMMIT's CommandComplete are no result of the statement.
    if (this.#begin) this.#begin = false;
    else if (!this.#answered) {
      this.#answered = true;
      super.handleCommandComplete(message, connection);
    }
  }
}

const nothingSent = (command: string): pg.QueryResult =>
  ({ command, rowCount: null, oid: 0, rows: [], fields: [] }) as unknown as pg.QueryResult;

/**
 * Commits the transaction `trx` with its next statement, sent in the same round trip
 * (PostgreSQL; on SQLite nothing changes). The next statement on `trx` must be its last: any
 * other after it is refused. When that statement is not one Kysely sends with parameters, the
 * transaction commits on its own afterwards, as usual.
 */
export async function commitWithNextStatement(trx: Conn): Promise<void> {
  if (trx.isTransaction && onPostgres(trx)) await sql.raw(COMMIT_NEXT).execute(trx);
}

/**
 * Writes that go together, in `db`'s transaction: on PostgreSQL one statement (the first ones as
 * CTEs of the last: one round trip), elsewhere one after another. With `commit`, the transaction
 * commits with them (`commitWithNextStatement`): nothing may be sent in it afterwards.
 */
export async function writeTogether(
  db: Conn,
  writes: readonly RawBuilder<unknown>[],
  options: { commit?: boolean } = {},
): Promise<void> {
  if (writes.length === 0) return;
  if (options.commit) await commitWithNextStatement(db);
  if (!onPostgres(db)) {
    for (const write of writes) await write.execute(db);
    return;
  }
  const last = writes[writes.length - 1];
  const ctes = writes.slice(0, -1).map((write, i) => sql`${sql.id(`write_${i}`)} as (${write})`);
  await (ctes.length > 0 ? sql`with ${sql.join(ctes)} ${last}` : last).execute(db);
}

/** The driver's BEGIN, held back by `preparedQueriesOf` until the transaction's first statement. */
class HeldBeginPostgresDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (settings.isolationLevel || settings.accessMode) return super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(HELD_BEGIN));
  }
}

class HeldBeginPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new HeldBeginPostgresDriver(this.#config);
  }
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaPostgresIntrospector(db);
  }
}

/** What a connection holds back for its next statement; forgotten whenever the pool lends or takes it back. */
interface Batching {
  /** The transaction's BEGIN, not sent yet. */
  begin: boolean;
  /** COMMIT to send with the next statement. */
  commit: boolean;
  /** A COMMIT went with the last statement: the transaction is over. */
  committed: boolean;
  /** That statement, while PostgreSQL has not answered it: what comes meanwhile waits for it. */
  committing: Promise<unknown> | null;
}

/**
 * Makes `client.query(text, values)`, as Kysely calls it, use a name for the texts that have one
 * (`namedStatements`), and send BEGIN and COMMIT with a statement (above).
 */
function preparedQueriesOf(client: pg.PoolClient, statements: Statements, batching: Batching): void {
  const plain = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const wire = (client as unknown as { connection: PgWire }).connection;
  const send = (text: string, values: unknown[], name: string | undefined, begin: boolean, commit: boolean) =>
    new Promise<pg.QueryResult>((resolve, reject) => {
      const callback: QueryCallback = (error, result) => {
        if (!error) return resolve(result);
        if (!(error instanceof pg.DatabaseError)) return reject(error);
        // node-postgres fails a query at PostgreSQL's ErrorResponse, before the ReadyForQuery that
        // ends the batch when that comes in a later packet (a busy machine): the transaction
        // status would still be the one from before the batch ('I' before a BEGIN sent in it),
        // and what is decided by it below (run again, roll back) would be wrong. So the failure
        // is told once PostgreSQL has said where the transaction stands, or the connection ended.
        const told = () => {
          wire.off('readyForQuery', told);
          wire.off('end', told);
          reject(error);
        };
        wire.once('readyForQuery', told);
        wire.once('end', told);
      };
      const query =
        begin || commit
          ? new BatchedQuery(text, values, callback, begin, commit)
          : new PgQuery(text, values, callback);
      query.name = name;
      plain(query);
    });
  const run = async (
    text: string,
    values: unknown[],
    name: string | undefined,
    begin = false,
    commit = false,
  ) => {
    try {
      return await send(text, values, name, begin, commit);
    } catch (error) {
      if (name === undefined || !RESULT_TYPE_CHANGED.test((error as Error).message ?? '')) throw error;
      statements.unname(text);
      // In a transaction PostgreSQL has failed it: the caller's error. Else nothing ran: again.
      if (client.getTransactionStatus() !== 'I') throw error;
      return plain(text, values);
    }
  };
  const again = (args: unknown[]) => () => query(...args);
  /** `statement`, which commits the transaction: remembered until it is answered. */
  const committing = (statement: Promise<pg.QueryResult>) => {
    batching.committed = true;
    batching.committing = statement;
    const answered = () => {
      if (batching.committing === statement) batching.committing = null;
    };
    statement.then(answered, answered);
    return statement;
  };
  const query = (...args: unknown[]): Promise<pg.QueryResult> => {
    const [text, values] = args;
    const kysely = args.length === 2 && typeof text === 'string' && Array.isArray(values);
    const ending = kysely && values.length === 0 && NOTHING_TO_END.test(text);
    const withValues = kysely && values.length > 0;
    if (kysely && text === HELD_BEGIN) {
      Object.assign(batching, { begin: true, commit: false, committed: false, committing: null });
      return Promise.resolve(nothingSent('BEGIN'));
    }
    if (kysely && text === COMMIT_NEXT) {
      batching.commit = batching.begin || client.getTransactionStatus() === 'T';
      return Promise.resolve(nothingSent('COMMIT'));
    }
    if (batching.committed) {
      // Nothing may be queued behind the committing statement (it would run after the COMMIT,
      // outside the transaction): wait for its answer, then decide by the state it left.
      const committing = batching.committing;
      if (committing) return committing.then(again(args), again(args));
      if (client.getTransactionStatus() === 'I') {
        if (ending) {
          batching.committed = false;
          return Promise.resolve(nothingSent(text.toUpperCase()));
        }
        return Promise.reject(
          new Error('the transaction was committed with its last statement: no statement after it'),
        );
      }
      // The batch failed before its COMMIT: the transaction is open (failed), Kysely ends it.
      batching.committed = false;
    }
    if (batching.begin) {
      if (ending) {
        // A transaction that ran no statement: nothing was sent, nothing to end.
        Object.assign(batching, { begin: false, commit: false });
        return Promise.resolve(nothingSent(text.toUpperCase()));
      }
      if (!withValues || wire.parsedStatements[BEGIN_NAME] !== BEGIN_TEXT) {
        batching.begin = false;
        return plain({ name: BEGIN_NAME, text: BEGIN_TEXT, values: [] }).then(() => query(...args));
      }
      const commit = batching.commit;
      Object.assign(batching, { begin: false, commit: false });
      return commit
        ? committing(run(text, values, statements.nameOf(text), true, true))
        : run(text, values, statements.nameOf(text), true);
    }
    if (batching.commit) {
      batching.commit = false;
      if (withValues) return committing(run(text, values, statements.nameOf(text), false, true));
    }
    if (withValues) {
      const name = statements.nameOf(text);
      if (name !== undefined) return run(text, values, name);
    }
    return plain(...args);
  };
  client.query = query as typeof client.query;
}

export function createDb(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // No client-side query timeout: the start-up lock waits in a query for as long as another
      // process seeds, and a migration may build an index for minutes. A server that goes away
      // ends its connections (the query fails at once); TCP keep-alive finds a dead peer.
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection that PostgreSQL closes (a restart, a fail-over) is an 'error' event on the
    // pool; unheard, it would end the process. The pool has already dropped that client and opens a
    // new one for the next query; the requests that meet the outage answer 503 and log it.
    pool.on('error', () => {});
    // The same for a connection that is checked out but between queries (a transaction's, say):
    // pg-pool takes its own listener off while it is lent, and an unheard 'error' would end the
    // process. The next query on it fails, and the pool drops it when it comes back.
    const statements = namedStatements();
    const batchings = new WeakMap<pg.PoolClient, Batching>();
    pool.on('connect', (client) => {
      client.on('error', () => {});
      const batching: Batching = { begin: false, commit: false, committed: false, committing: null };
      batchings.set(client, batching);
      preparedQueriesOf(client, statements, batching);
    });
    // Nothing held back outlives the lending it was asked in.
    const forget = (client: pg.PoolClient) =>
      Object.assign(batchings.get(client) ?? {}, {
        begin: false,
        commit: false,
        committed: false,
        committing: null,
      });
    pool.on('acquire', forget);
    pool.on('release', (_error, client) => forget(client));
    const kysely = new Kysely<Database>({ dialect: new HeldBeginPostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => kysely.destroy(),
    };
  }
  const file = options.sqlitePath ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  switchToWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({
      database: { prepare: cachedPrepare(sqlite), close: () => sqlite.close() },
    }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => kysely.destroy(),
  };
}
