import { type Insertable, sql, type Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { GiftPacksTable } from './tables.ts';

// The console's SQL over gift packs and their code pools; the portal's is repository.ts.

export interface AdminPackFilter {
  gameId?: number | undefined;
  title?: string | undefined;
}

function filtered(db: Conn, f: AdminPackFilter) {
  let q = db.selectFrom('gift_packs as p');
  if (f.gameId !== undefined) q = q.where('p.game_id', '=', f.gameId);
  if (f.title) q = q.where(containsText('p.title', f.title));
  return q;
}

const stock = [
  sql<number>`(select count(*) from gift_codes c where c.pack_id = p.id)`.as('total'),
  sql<number>`(select count(*) from gift_codes c where c.pack_id = p.id and c.user_id is null)`.as(
    'remaining',
  ),
];

export async function listPacks(
  db: Conn,
  f: AdminPackFilter,
  sort: 'id' | 'start_at' | 'end_at' | 'title',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('p')
      .select(stock)
      .orderBy(`p.${sort}`, order)
      .orderBy('p.id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findPack = (db: Conn, id: number) =>
  db.selectFrom('gift_packs as p').selectAll('p').select(stock).where('p.id', '=', id).executeTakeFirst();

export async function insertPack(db: Conn, row: Insertable<GiftPacksTable>): Promise<number> {
  const { id } = await db.insertInto('gift_packs').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updatePack(db: Conn, id: number, values: Updateable<GiftPacksTable>): Promise<void> {
  await db.updateTable('gift_packs').set(values).where('id', '=', id).execute();
}

export async function deletePack(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('gift_codes').where('pack_id', '=', id).execute();
  await db.deleteFrom('gift_packs').where('id', '=', id).execute();
}

/** Which of `codes` the pack's pool already holds. */
export async function existingCodes(db: Conn, packId: number, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom('gift_codes')
      .select('code')
      .where('pack_id', '=', packId)
      .where('code', 'in', codes.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.code);
  }
  return found;
}

export async function insertFreeCodes(db: Conn, packId: number, codes: string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += 200) {
    await db
      .insertInto('gift_codes')
      .values(
        codes.slice(i, i + 200).map((code) => ({ pack_id: packId, code, user_id: null, claimed_at: null })),
      )
      .execute();
  }
}
