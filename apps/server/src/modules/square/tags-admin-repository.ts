import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { SquareTagsTable } from './tables.ts';

// The console's reads and writes of square tags, in use or not (the portal's are in tags-repository.ts).

export async function findAnyTag(db: Conn, id: number) {
  return db.selectFrom('square_tags').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTagByName(db: Conn, name: string) {
  return db.selectFrom('square_tags').select('id').where('name', '=', name).executeTakeFirst();
}

export async function listAllTags(
  db: Conn,
  filters: { published?: boolean },
  sort: 'sort' | 'id' | 'name',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('square_tags');
  if (filters.published !== undefined) query = query.where('is_active', '=', filters.published ? 1 : 0);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertTag(db: Conn, row: Insertable<SquareTagsTable>): Promise<number> {
  const inserted = await db.insertInto('square_tags').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateTag(db: Conn, id: number, changes: Updateable<SquareTagsTable>) {
  await db.updateTable('square_tags').set(changes).where('id', '=', id).execute();
}
