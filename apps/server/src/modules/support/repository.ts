import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FaqsTable, KefuMessagesTable } from '../accounts/tables.ts';

type Conn = Kysely<Database> | Transaction<Database>;

export const listFaqs = (db: Conn) =>
  db.selectFrom('faqs').select(['id', 'question', 'answer']).orderBy('sort').orderBy('id').execute();

export async function insertFaqs(db: Conn, rows: Insertable<FaqsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('faqs').values(rows).execute();
}

export async function insertKefuMessage(db: Conn, row: Insertable<KefuMessagesTable>): Promise<number> {
  const inserted = await db.insertInto('kefu_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
