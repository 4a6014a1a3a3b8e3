import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';

// The console's reads and writes of config rows (the portal's reads are in repository.ts).

export async function findRow(db: Conn, key: string) {
  return db.selectFrom('client_config').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function listRows(
  db: Conn,
  filter: { key?: string },
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('client_config');
  if (filter.key) query = query.where(containsText('key', filter.key));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('key', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertRow(db: Conn, key: string, value: string) {
  await db.insertInto('client_config').values({ key, value }).execute();
}

export async function updateRow(db: Conn, key: string, value: string) {
  await db.updateTable('client_config').set({ value }).where('key', '=', key).execute();
}

export async function deleteRow(db: Conn, key: string) {
  await db.deleteFrom('client_config').where('key', '=', key).execute();
}
