import type { LedgerReason, OrderStatus } from '@ld/contract/wallet';
import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { onPostgres } from '../../db/dialect.ts';
import type { PageWindow } from '../../platform/paging.ts';
import type { CoinLedgerTable, RechargeOrdersTable } from './tables.ts';

type NewLedgerRow = Omit<CoinLedgerTable, 'id' | 'note'> & { note: string };

/** The wallets each open transaction has locked already (a lock holds until the transaction ends). */
const lockedIn = new WeakMap<Conn, Set<number>>();

/**
 * Makes sure the user's wallet row exists and, on PostgreSQL, locks it for the rest of the
 * transaction, so balance changes of one user serialize and the idempotency check that follows
 * cannot race. SQLite runs one transaction at a time already. A second call in the same
 * transaction (a purchase locks first, then its balance change asks again) costs nothing.
 */
export async function lockWallet(db: Conn, userId: number): Promise<void> {
  const held = db.isTransaction ? lockedIn.get(db) : undefined;
  if (held?.has(userId)) return;
  const insertIfMissing = () =>
    db
      .insertInto('wallets')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  if (!onPostgres(db)) {
    await insertIfMissing();
  } else {
    const lockRow = () =>
      db.selectFrom('wallets').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirst();
    // The row exists for anyone who ever had diamonds: one statement then, as before wallets had a table.
    if (!(await lockRow())) {
      await insertIfMissing();
      await lockRow();
    }
  }
  if (db.isTransaction) noteLocked(db, userId);
}

function noteLocked(db: Conn, userId: number): void {
  const held = lockedIn.get(db);
  if (held) held.add(userId);
  else lockedIn.set(db, new Set([userId]));
}

/**
 * PostgreSQL, in a transaction: `lockWallet`'s lock, reading in the same statement the balance and
 * `also`, other modules' values that the caller's next step depends on (scalar subqueries: a
 * paid purchase's membership and ownership, docs/decisions/0056-cluster.md, "A paid purchase in
 * two statements"). Undefined, and nothing locked, when the user has no wallet row yet.
 */
export async function lockWalletReading(
  db: Conn,
  userId: number,
  also: readonly RawBuilder<unknown>[],
): Promise<(Record<string, unknown> & { coin_num: number }) | undefined> {
  const columns = also.map((column) => sql`, ${column}`);
  const { rows } = await sql<Record<string, unknown> & { coin_num: number }>`
    select coin_num${sql.join(columns, sql``)} from wallets where user_id = ${userId} for update`.execute(db);
  if (!rows[0]) return undefined;
  noteLocked(db, userId);
  return rows[0];
}

/**
 * PostgreSQL, in a transaction: the wallets of a batch's buyers locked in user order (two batches
 * that share buyers, or a batch and a single purchase, never wait on each other in a cycle), each
 * read with `also` as `lockWalletReading` reads one. `batch` is a from-item named `batch` with a
 * `user_id` column (and whatever `also` reads); one row per row of `batch` whose user has a wallet,
 * with the batch's columns `batchColumns`.
 */
export async function lockWalletsReading(
  db: Conn,
  batch: RawBuilder<unknown>,
  batchColumns: readonly string[],
  also: readonly RawBuilder<unknown>[],
): Promise<(Record<string, unknown> & { user_id: number | string; coin_num: number | string })[]> {
  const columns = [...batchColumns.map((c) => sql.ref(`batch.${c}`)), ...also].map(
    (column) => sql`, ${column}`,
  );
  const { rows } = await sql<
    Record<string, unknown> & { user_id: number | string; coin_num: number | string }
  >`
    select wallets.user_id, wallets.coin_num${sql.join(columns, sql``)}
    from ${batch} join wallets on wallets.user_id = batch.user_id
    order by wallets.user_id for update of wallets`.execute(db);
  for (const row of rows) noteLocked(db, Number(row.user_id));
  return rows;
}

/**
 * PostgreSQL: debits of several users as two CTEs of a caller's statement (`debited`,
 * `debit_ledger`), after the caller's CTE `source` with columns `id` (the ledger row's ref),
 * `user_id`, `amount` and `note`, **at most one row per user**: each balance and its ledger row
 * as `debitAfter` writes one (key `${reason}:${id}`). The wallets must be locked
 * (`lockWalletsReading`) and each balance known to be enough: a debit below zero fails the
 * statement (the balance's CHECK). `debit_ledger` yields `user_id` and `balance_after`.
 */
export function debitEachAfter(
  source: string,
  d: { reason: LedgerReason; now: number },
): RawBuilder<unknown> {
  const from = sql.table(source);
  return sql`debited as (
      update wallets set coin_num = wallets.coin_num - ${from}.amount
      from ${from} where wallets.user_id = ${from}.user_id
      returning wallets.user_id, wallets.coin_num
    ), debit_ledger as (
      insert into coin_ledger (user_id, delta, balance_after, reason, ref, note, idem_key, created_at)
      select ${from}.user_id, -${from}.amount, debited.coin_num, ${d.reason}, ${from}.id::text, ${from}.note,
        ${d.reason} || ':' || ${from}.id, ${d.now}
      from ${from} join debited on debited.user_id = ${from}.user_id
      returning user_id, balance_after
    )`;
}

/**
 * PostgreSQL: a debit as two CTEs of a caller's statement (`debited`, `debit_ledger`), after the
 * caller's CTE `source`, which yields at most one row whose `id` is the ledger row's ref: the
 * balance and its ledger row, as `changeBalance` writes them (key `${reason}:${id}`), only when
 * `source` yielded a row. The wallet must be locked (`lockWalletReading`) and the balance known to
 * be enough: a debit below zero fails the statement (the balance's CHECK). `balanceAfter` is an
 * expression of the statement: the balance after, or null when nothing was debited.
 */
export function debitAfter(
  source: string,
  d: { userId: number; amount: number; reason: LedgerReason; note: string; now: number },
): { ctes: RawBuilder<unknown>; balanceAfter: RawBuilder<number | string | null> } {
  const from = sql.table(source);
  return {
    ctes: sql`debited as (
      update wallets set coin_num = coin_num - ${d.amount}
      where user_id = ${d.userId} and exists (select 1 from ${from})
      returning coin_num
    ), debit_ledger as (
      insert into coin_ledger (user_id, delta, balance_after, reason, ref, note, idem_key, created_at)
      select ${d.userId}, ${-d.amount}, debited.coin_num, ${d.reason}, ${from}.id::text, ${d.note},
        ${d.reason} || ':' || ${from}.id, ${d.now}
      from debited, ${from}
      returning balance_after
    )`,
    balanceAfter: sql`(select balance_after from debit_ledger)`,
  };
}

export async function findLedgerByIdemKey(db: Conn, idemKey: string) {
  return db
    .selectFrom('coin_ledger')
    .select(['id', 'balance_after'])
    .where('idem_key', '=', idemKey)
    .executeTakeFirst();
}

/**
 * Adds `delta` unless the balance would go below zero or a ledger row with `idemKey` exists (the
 * change was applied before); answers the new balance, or null when it did nothing. Under the
 * wallet's lock, so the check and the change cannot race a change of the same user.
 */
export async function addToBalance(
  db: Conn,
  userId: number,
  delta: number,
  idemKey: string,
): Promise<number | null> {
  const row = await db
    .updateTable('wallets')
    .set({ coin_num: sql`coin_num + ${delta}` })
    .where('user_id', '=', userId)
    .where(sql<boolean>`coin_num + ${delta} >= 0`)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('coin_ledger').select('coin_ledger.id').where('idem_key', '=', idemKey)),
      ),
    )
    .returning('coin_num')
    .executeTakeFirst();
  return row ? Number(row.coin_num) : null;
}

/**
 * `addToBalance` and, when it changed the balance, the ledger row with the balance after; answers
 * that balance, or null when it did nothing (nothing written then). On PostgreSQL one statement
 * (a data-modifying CTE: one round trip less on every balance change, issue 23), elsewhere two;
 * both run inside the caller's transaction, under the wallet's lock.
 */
export async function changeBalance(
  db: Conn,
  row: Omit<NewLedgerRow, 'balance_after'>,
): Promise<number | null> {
  if (!onPostgres(db)) {
    const balance = await addToBalance(db, row.user_id, row.delta, row.idem_key);
    if (balance !== null) await insertLedger(db, { ...row, balance_after: balance });
    return balance;
  }
  const { rows } = await sql<{ balance_after: string | number }>`
    with changed as (
      update wallets set coin_num = coin_num + ${row.delta}
      where user_id = ${row.user_id} and coin_num + ${row.delta} >= 0
        and not exists (select 1 from coin_ledger where idem_key = ${row.idem_key})
      returning coin_num
    )
    insert into coin_ledger (user_id, delta, balance_after, reason, ref, note, idem_key, created_at)
    select ${row.user_id}, ${row.delta}, coin_num, ${row.reason}, ${row.ref}, ${row.note}, ${row.idem_key}, ${row.created_at}
    from changed
    returning balance_after`.execute(db);
  return rows[0] ? Number(rows[0].balance_after) : null;
}

export async function getBalance(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wallets')
    .select('coin_num')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.coin_num ?? 0);
}

export async function insertLedger(db: Conn, row: NewLedgerRow): Promise<number> {
  const inserted = await db.insertInto('coin_ledger').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Newest first; a window's keyset is the id alone. */
export async function listLedger(db: Conn, userId: number, window: PageWindow) {
  const { after } = window;
  return db
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(after !== null, (q) => q.where('id', '<', after!.id))
    .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('id', 'desc')
    .limit(window.limit)
    .execute();
}

export async function countLedger(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coin_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listActivePacks(db: Conn) {
  return db
    .selectFrom('recharge_packs')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findActivePack(db: Conn, packId: number) {
  return db
    .selectFrom('recharge_packs')
    .selectAll()
    .where('id', '=', packId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertOrder(db: Conn, row: Insertable<RechargeOrdersTable>): Promise<void> {
  await db.insertInto('recharge_orders').values(row).execute();
}

export async function findOrder(db: Conn, orderNo: string) {
  return db.selectFrom('recharge_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** Newest first; a window's keyset is the id alone. */
export async function listOrders(db: Conn, userId: number, window: PageWindow) {
  const { after } = window;
  return db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(after !== null, (q) => q.where('id', '<', after!.id))
    .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('id', 'desc')
    .limit(window.limit)
    .execute();
}

export async function countOrders(db: Conn, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recharge_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Closes unpaid orders whose time is up (all of them, or one user's); answers how many closed.
 * Orders of `remoteProviders` are left alone: they close only once their provider says they can
 * no longer be paid (reconcile.ts), since a buyer may pay in the last second.
 */
export async function closeExpiredOrders(
  db: Conn,
  now: number,
  options: { userId?: number; remoteProviders: readonly string[] },
): Promise<number> {
  let query = db
    .updateTable('recharge_orders')
    .set({ status: 'closed', closed_at: now })
    .where('status', '=', 'created')
    .where('expires_at', '<=', now);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.remoteProviders.length > 0)
    query = query.where('provider', 'not in', [...options.remoteProviders]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves an order from one of `from` to the next state only if it is still there (and, when
 * `openAt` is given, not past its time); the row lock of this UPDATE is what lets exactly one
 * notify or query win.
 */
export async function moveOrder(
  db: Conn,
  orderNo: string,
  from: OrderStatus | OrderStatus[],
  to: OrderStatus,
  set: Partial<Pick<RechargeOrdersTable, 'txn_id' | 'paid_at' | 'credited_at' | 'closed_at'>>,
  openAt?: number,
): Promise<boolean> {
  let query = db
    .updateTable('recharge_orders')
    .set({ status: to, ...set })
    .where('order_no', '=', orderNo)
    .where('status', 'in', Array.isArray(from) ? from : [from]);
  if (openAt !== undefined) query = query.where('expires_at', '>', openAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Unpaid orders of remote providers to ask about: created at least `quietMs` ago and not asked in
 * the last `recheckMs`, or past their time (then they are asked every round until closed).
 * Oldest first, at most `limit`. Served by the (status, expires_at) index.
 */
export async function listOrdersToReconcile(
  db: Conn,
  options: {
    providers: readonly string[];
    now: number;
    quietMs: number;
    recheckMs: number;
    ttlMs: number;
    limit: number;
  },
) {
  const { now } = options;
  return db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('status', '=', 'created')
    .where('provider', 'in', [...options.providers])
    .where('expires_at', '<=', now - options.quietMs + options.ttlMs)
    .where((eb) =>
      eb.or([
        eb('provider_checked_at', 'is', null),
        eb('provider_checked_at', '<=', now - options.recheckMs),
        eb('expires_at', '<=', now),
      ]),
    )
    .orderBy('expires_at')
    .limit(options.limit)
    .execute();
}

/** What the provider said of the order, and when: for the next round and for operators. */
export async function recordProviderState(
  db: Conn,
  orderNo: string,
  state: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('recharge_orders')
    .set({ provider_state: state.slice(0, 64), provider_checked_at: at })
    .where('order_no', '=', orderNo)
    .execute();
}

export async function insertPacks(
  db: Conn,
  rows: Array<{ price: number; diamonds: number; bonus: number; tag: string | null; sort: number }>,
): Promise<void> {
  await db.insertInto('recharge_packs').values(rows).execute();
}

/** The user's ledger rows of one reason written in [from, to). */
export async function countLedgerRows(
  db: Conn,
  userId: number,
  reason: string,
  from: number,
  to: number,
): Promise<number> {
  const row = await db
    .selectFrom('coin_ledger')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('reason', '=', reason as LedgerReason)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
