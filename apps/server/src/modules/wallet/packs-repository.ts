import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { RechargePacksTable } from './tables.ts';

// The console's reads and writes of recharge packs, on sale or not (the portal's are in repository.ts).

export async function findAnyPack(db: Conn, id: number) {
  return db.selectFrom('recharge_packs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAllPacks(
  db: Conn,
  filters: { published?: boolean },
  sort: 'sort' | 'id' | 'price',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('recharge_packs');
  if (filters.published !== undefined) query = query.where('is_active', '=', filters.published ? 1 : 0);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertPack(db: Conn, row: Insertable<RechargePacksTable>): Promise<number> {
  const inserted = await db
    .insertInto('recharge_packs')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updatePack(db: Conn, id: number, changes: Updateable<RechargePacksTable>) {
  await db.updateTable('recharge_packs').set(changes).where('id', '=', id).execute();
}
