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

/** Whether the user owns the thing, as a column for the wallet's lock (`owned`). */
export const ownedColumn = (q: { userId: number; kind: PurchaseKind; ref: string }) =>
  sql`exists (select 1 from purchases where user_id = ${q.userId} and kind = ${q.kind} and ref = ${q.ref}) as owned`;

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
