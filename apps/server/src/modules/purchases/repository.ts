import type { PurchaseKind } from '@ld/contract/wallet';
import type { Conn } from '../../db/database.ts';

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
