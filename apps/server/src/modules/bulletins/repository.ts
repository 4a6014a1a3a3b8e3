import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { BulletinsTable } from './tables.ts';

export const findNewestActive = (db: Conn, posType: number) =>
  db
    .selectFrom('bulletins')
    .select(['id', 'title', 'content', 'created_at'])
    .where('pos_type', '=', posType)
    .where('is_active', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function insertBulletin(db: Conn, row: Insertable<BulletinsTable>): Promise<number> {
  const { id } = await db.insertInto('bulletins').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export const findBulletinById = (db: Conn, id: number) =>
  db.selectFrom('bulletins').selectAll().where('id', '=', id).executeTakeFirst();

export async function updateBulletin(
  db: Conn,
  id: number,
  values: Updateable<BulletinsTable>,
): Promise<void> {
  await db.updateTable('bulletins').set(values).where('id', '=', id).execute();
}

export async function deleteBulletin(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('bulletins').where('id', '=', id).execute();
}

export interface BulletinFilter {
  title?: string | undefined;
  posType?: number | undefined;
  published?: boolean | undefined;
}

function filtered(db: Conn, f: BulletinFilter) {
  let q = db.selectFrom('bulletins');
  if (f.title) q = q.where(containsText('title', f.title));
  if (f.posType !== undefined) q = q.where('pos_type', '=', f.posType);
  if (f.published !== undefined) q = q.where('is_active', '=', f.published ? 1 : 0);
  return q;
}

export async function listBulletins(
  db: Conn,
  f: BulletinFilter,
  sort: 'id' | 'created_at' | 'title',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy(sort, order)
      .orderBy('id', order)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
