import type { LedgerReason, OrderStatus } from '@ld/contract/wallet';
import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { shanghaiDayOf } from '../../db/day-buckets.ts';
import type { WalletAdjustmentsTable } from './tables.ts';

// The operator console's SQL on the wallet's tables (decision 0062): orders by filter, a user's
// ledger with the operator of each manual adjustment, adjustments, and the report's order counts.

export interface OrderFilter {
  userId?: number | undefined;
  status?: OrderStatus | undefined;
  provider?: string | undefined;
  orderNo?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filteredOrders(db: Conn, f: OrderFilter) {
  let q = db.selectFrom('recharge_orders');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.provider !== undefined) q = q.where('provider', '=', f.provider);
  if (f.orderNo !== undefined) q = q.where('order_no', '=', f.orderNo);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  return q;
}

export async function listOrders(
  db: Conn,
  f: OrderFilter,
  sort: 'created_at' | 'amount' | 'paid_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filteredOrders(db, f)
      .selectAll()
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredOrders(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface LedgerFilter {
  reason?: LedgerReason | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function filteredLedger(db: Conn, userId: number, f: LedgerFilter) {
  let q = db.selectFrom('coin_ledger as l').where('l.user_id', '=', userId);
  if (f.reason !== undefined) q = q.where('l.reason', '=', f.reason);
  if (f.from !== undefined) q = q.where('l.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('l.created_at', '<=', f.to);
  return q;
}

/**
 * A user's ledger rows, newest first by default; a manual adjustment's row carries its operator's
 * id (the name comes from the operators module: its table is not this module's to read).
 */
export async function listLedger(
  db: Conn,
  userId: number,
  f: LedgerFilter,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filteredLedger(db, userId, f)
      .leftJoin('wallet_adjustments as a', (join) =>
        join.onRef('a.request_key', '=', 'l.ref').on('l.reason', '=', 'admin'),
      )
      .selectAll('l')
      .select(['a.operator_id'])
      .orderBy('l.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filteredLedger(db, userId, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The sum and number of a user's ledger rows: the sum must equal the balance. */
export async function ledgerTotals(db: Conn, userId: number): Promise<{ sum: number; rows: number }> {
  const row = await db
    .selectFrom('coin_ledger')
    .select((eb) => [eb.fn.sum<string>('delta').as('total'), eb.fn.countAll<string>().as('n')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { sum: Number(row.total ?? 0), rows: Number(row.n) };
}

export const findAdjustment = (db: Conn, requestKey: string) =>
  db.selectFrom('wallet_adjustments').selectAll().where('request_key', '=', requestKey).executeTakeFirst();

export async function insertAdjustment(db: Conn, row: Insertable<WalletAdjustmentsTable>): Promise<number> {
  const inserted = await db
    .insertInto('wallet_adjustments')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export interface CountFilter {
  from: number;
  to: number;
  channelId?: string | undefined;
  inviteCode?: string | undefined;
}

/** Recharge orders created per Shanghai day, channel and invite code in [from, to). */
export async function countOrdersCreated(db: Conn, f: CountFilter) {
  const day = shanghaiDayOf('created_at');
  return db
    .selectFrom('recharge_orders')
    .select((eb) => [day.as('day'), 'channel_id', 'invite_code', eb.fn.countAll<string>().as('n')])
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}

/** Recharge orders paid per Shanghai day of payment, channel and invite code in [from, to), with the fen paid. */
export async function countOrdersPaid(db: Conn, f: CountFilter) {
  const day = shanghaiDayOf('paid_at');
  return db
    .selectFrom('recharge_orders')
    .select((eb) => [
      day.as('day'),
      'channel_id',
      'invite_code',
      eb.fn.countAll<string>().as('n'),
      eb.fn.sum<string>('amount').as('total'),
    ])
    .where('paid_at', '>=', f.from)
    .where('paid_at', '<', f.to)
    .where('status', 'in', ['paid', 'credited'])
    .$if(f.channelId !== undefined, (q) => q.where('channel_id', '=', f.channelId!))
    .$if(f.inviteCode !== undefined, (q) => q.where('invite_code', '=', f.inviteCode!))
    .groupBy([day, 'channel_id', 'invite_code'])
    .execute();
}
