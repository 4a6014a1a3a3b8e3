import type { Insertable, Updateable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';
import type { FaqsTable } from './tables.ts';

// The console's reads and writes of FAQ entries, published or not (the portal's are in repository.ts).

export async function findFaq(db: Conn, id: number) {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listAllFaqs(
  db: Conn,
  filters: { question?: string; published?: boolean },
  sort: 'sort' | 'id',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('faqs');
  if (filters.question) query = query.where(containsText('question', filters.question));
  if (filters.published !== undefined) query = query.where('is_active', '=', filters.published ? 1 : 0);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertFaq(db: Conn, row: Insertable<FaqsTable>): Promise<number> {
  const inserted = await db.insertInto('faqs').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateFaq(db: Conn, id: number, changes: Updateable<FaqsTable>) {
  await db.updateTable('faqs').set(changes).where('id', '=', id).execute();
}

export async function deleteFaq(db: Conn, id: number) {
  await db.deleteFrom('faqs').where('id', '=', id).execute();
}
