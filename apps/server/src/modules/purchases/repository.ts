import type { PurchaseKind } from '@ld/contract/wallet';
import { type RawBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';

/** A write sent in the purchase's own statement (a CTE there), e.g. a download's row. */
export type AlongsideWrite = RawBuilder<unknown>;

export async function isOwned(db: Conn, userId: number, kind: PurchaseKind, ref: string): Promise<boolean> {
  const row = await db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a purchase; answers its id, or null when the user already owns the thing. */
export async function insertPurchase(
  db: Conn,
  row: { user_id: number; kind: PurchaseKind; ref: string; price: number; created_at: number },
): Promise<number | null> {
  const inserted = await db
    .insertInto('purchases')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? inserted.id : null;
}

export async function ownedRefs(
  db: Conn,
  userId: number,
  kind: PurchaseKind,
  refs: string[],
): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .selectFrom('purchases')
    .select('ref')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('ref', 'in', refs)
    .execute();
  return new Set(rows.map((r) => r.ref));
}

export async function spentSince(
  db: Conn,
  userId: number,
  kinds: PurchaseKind[],
  since: number,
): Promise<number> {
  if (kinds.length === 0) return 0;
  const row = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price'), eb.lit(0)).as('spent'))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.spent);
}

/** How many users bought the thing (purchases_kind_ref). */
export async function countBuyers(db: Conn, kind: PurchaseKind, ref: string): Promise<number> {
  const row = await db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the user owns the thing, as a column for the wallet's lock (`owned`): one probe of an
 * index per row. A scalar subquery, not `exists`: PostgreSQL may answer a correlated `exists` for
 * a batch's rows by reading every purchase of the kind into a hash, which it chose under load with
 * lagging statistics (docs/decisions/0056-cluster.md, "Paid downloads in batches").
 */
export const ownedColumn = (q: {
  userId: number | RawBuilder<unknown>;
  kind: PurchaseKind;
  ref: string | RawBuilder<unknown>;
}) =>
  sql`coalesce((select true from purchases where user_id = ${q.userId} and kind = ${q.kind} and ref = ${q.ref} limit 1), false) as owned`;

/**
 * PostgreSQL, after the wallet's lock found the balance enough and the thing not owned: the
 * purchase row, the wallet's debit pointing at it (`debit`, the wallet's `debitAfter('bought')`)
 * and the `alongside` writes, in one statement (docs/decisions/0056-cluster.md, "A paid purchase
 * in two statements"). Answers the balance after, or null when the purchase row was there already
 * (nothing debited).
 */
export async function chargePurchase(
  db: Conn,
  row: { user_id: number; kind: PurchaseKind; ref: string; price: number; created_at: number },
  debit: { ctes: RawBuilder<unknown>; balanceAfter: RawBuilder<unknown> },
  alongside: readonly AlongsideWrite[],
): Promise<number | null> {
  const writes = alongside.map((write, i) => sql`, ${sql.id(`alongside_${i}`)} as (${write})`);
  const { rows } = await sql<{ balance_after: string | number | null }>`
    with bought as (
      insert into purchases (user_id, kind, ref, price, created_at)
      values (${row.user_id}, ${row.kind}, ${row.ref}, ${row.price}, ${row.created_at})
      on conflict (user_id, kind, ref) do nothing
      returning id
    ), ${debit.ctes}${sql.join(writes, sql``)}
    select ${debit.balanceAfter} as balance_after`.execute(db);
  const balance = rows[0]?.balance_after;
  return balance == null ? null : Number(balance);
}

/** A batch's rows (`chargePurchases`): everything but refused purchases, at most one per user. */
export interface BatchRow {
  /** The row's place in the batch. */
  n: number;
  userId: number;
  ref: string;
  price: number;
  /** Buy now (else free: a member, or bought earlier). */
  charge: boolean;
  note: string;
  /** The caller's facts for its `alongside` writes, JSON. */
  extra: string;
}

/**
 * Rows as a `values` list with a parameter per value, each cast to its column's type. Not
 * `unnest` of arrays: PostgreSQL estimates a `values` list's rows exactly in a kept statement's
 * generic plan too, so it keeps that plan (one text per batch size) instead of planning every
 * batch anew (docs/decisions/0056-cluster.md, "Paid downloads in batches").
 */
export function valuesList(
  types: readonly string[],
  rows: readonly (readonly unknown[])[],
): RawBuilder<unknown> {
  const casts = types.map((t) => sql.raw(`::${t}`));
  return sql`(values ${sql.join(rows.map((row) => sql`(${sql.join(row.map((v, i) => sql`${v}${casts[i]}`))})`))})`;
}

/**
 * PostgreSQL, after `lockWalletsReading` found each charged buyer's balance enough and the thing
 * not owned: a batch of purchases in one statement (docs/decisions/0056-cluster.md, "Paid downloads
 * in batches"). The CTE `batch` holds the rows (`n`, `user_id`, `ref`, `price`, `charge`, `note`,
 * `extra` jsonb); the rows to charge get their purchase row and the wallet's debit pointing at it
 * (`debit`, the wallet's `debitEachAfter('debits')`), and every row gets the caller's `alongside`
 * writes, CTEs over `batch`. Answers the balance after of each user charged; a user missing from it
 * had the purchase row already (nothing debited).
 */
export async function chargePurchases(
  db: Conn,
  kind: PurchaseKind,
  rows: readonly BatchRow[],
  now: number,
  debit: RawBuilder<unknown>,
  alongside: readonly AlongsideWrite[],
): Promise<Map<number, number>> {
  const batch = valuesList(
    ['int', 'bigint', 'text', 'int', 'boolean', 'text', 'jsonb'],
    rows.map((r) => [r.n, r.userId, r.ref, r.price, r.charge, r.note, r.extra]),
  );
  const writes = alongside.map((write, i) => sql`, ${sql.id(`alongside_${i}`)} as (${write})`);
  const result = await sql<{ user_id: string | number; balance_after: string | number }>`
    with batch (n, user_id, ref, price, charge, note, extra) as ${batch}, bought as (
      insert into purchases (user_id, kind, ref, price, created_at)
      select user_id, ${kind}, ref, price, ${now} from batch where charge
      on conflict (user_id, kind, ref) do nothing
      returning id, user_id, price
    ), debits as (
      select bought.id, bought.user_id, bought.price as amount, batch.note
      from bought join batch on batch.user_id = bought.user_id
    ), ${debit}${sql.join(writes, sql``)}
    select user_id, balance_after from debit_ledger`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.user_id), Number(r.balance_after)]));
}
