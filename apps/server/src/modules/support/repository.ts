import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { FaqsTable, KefuMessagesTable } from './tables.ts';

/** The published entries, in order. */
export const listFaqs = (db: Conn) =>
  db
    .selectFrom('faqs')
    .select(['id', 'question', 'answer'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

export async function insertFaqs(db: Conn, rows: Insertable<FaqsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('faqs').values(rows).execute();
}

export async function insertKefuMessage(db: Conn, row: Insertable<KefuMessagesTable>): Promise<number> {
  const inserted = await db.insertInto('kefu_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
