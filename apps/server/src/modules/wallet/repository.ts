import type { OrderStatus } from '@ld/contract/wallet';
import { type Kysely, sql } from 'kysely';
import { onPostgres } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { CoinLedgerTable, RechargeOrdersTable } from './tables.ts';

type Db = Kysely<Database>;
type NewLedgerRow = Omit<CoinLedgerTable, 'id' | 'note'> & { note: string };

/**
 * Serializes balance changes of one user on PostgreSQL for the rest of the transaction, so the
 * idempotency check that follows cannot race. SQLite runs one transaction at a time already.
 */
export async function lockUser(db: Db, userId: number): Promise<void> {
  if (!onPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function findLedgerByIdemKey(db: Db, idemKey: string) {
  return db
    .selectFrom('coin_ledger')
    .select(['id', 'balance_after'])
    .where('idem_key', '=', idemKey)
    .executeTakeFirst();
}

/** Adds `delta` unless the balance would go below zero; answers the new balance, or null when refused. */
export async function addToBalance(db: Db, userId: number, delta: number): Promise<number | null> {
  const row = await db
    .updateTable('users')
    .set({ coin_num: sql`coin_num + ${delta}` })
    .where('id', '=', userId)
    .where(sql<boolean>`coin_num + ${delta} >= 0`)
    .returning('coin_num')
    .executeTakeFirst();
  return row ? Number(row.coin_num) : null;
}

export async function getBalance(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('coin_num')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.coin_num);
}

export async function insertLedger(db: Db, row: NewLedgerRow): Promise<number> {
  const inserted = await db.insertInto('coin_ledger').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function listLedger(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('coin_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countLedger(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coin_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listActivePacks(db: Db) {
  return db
    .selectFrom('recharge_packs')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findActivePack(db: Db, packId: number) {
  return db
    .selectFrom('recharge_packs')
    .selectAll()
    .where('id', '=', packId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertOrder(db: Db, row: Omit<RechargeOrdersTable, 'id'>): Promise<void> {
  await db.insertInto('recharge_orders').values(row).execute();
}

export async function findOrder(db: Db, orderNo: string) {
  return db.selectFrom('recharge_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function listOrders(db: Db, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('recharge_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recharge_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Closes unpaid orders whose time is up (all of them, or one user's); answers how many closed. */
export async function closeExpiredOrders(db: Db, now: number, userId?: number): Promise<number> {
  let query = db
    .updateTable('recharge_orders')
    .set({ status: 'closed', closed_at: now })
    .where('status', '=', 'created')
    .where('expires_at', '<=', now);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Moves an order from one state to the next only if it is still in `from` (and, when paying,
 * not past its time); the row lock of this UPDATE is what lets exactly one notify win.
 */
export async function moveOrder(
  db: Db,
  orderNo: string,
  from: OrderStatus,
  to: OrderStatus,
  set: Partial<Pick<RechargeOrdersTable, 'txn_id' | 'paid_at' | 'credited_at'>>,
  openAt?: number,
): Promise<boolean> {
  let query = db
    .updateTable('recharge_orders')
    .set({ status: to, ...set })
    .where('order_no', '=', orderNo)
    .where('status', '=', from);
  if (openAt !== undefined) query = query.where('expires_at', '>', openAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPacks(
  db: Db,
  rows: Array<{ price: number; diamonds: number; bonus: number; tag: string | null; sort: number }>,
): Promise<void> {
  await db.insertInto('recharge_packs').values(rows).execute();
}

export async function findUserIdByLoginName(db: Db, loginName: string): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('login_name', '=', loginName)
    .executeTakeFirst();
  return row?.id ?? null;
}
