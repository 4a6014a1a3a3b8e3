import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { PageWindow } from '../../platform/paging.ts';
import type { MessagesTable } from './tables.ts';

export async function insertMessages(db: Conn, rows: Insertable<MessagesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
}

export async function insertMessage(db: Conn, row: Insertable<MessagesTable>): Promise<number> {
  const { id } = await db.insertInto('messages').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** One page of a user's messages, newest first; a window's keyset is the id alone. */
export const listMessages = (db: Conn, userId: number, window: PageWindow) =>
  db
    .selectFrom('messages')
    .select(['id', 'title', 'content', 'is_read', 'created_at'])
    .where('user_id', '=', userId)
    .$if(window.after !== null, (q) => q.where('id', '<', window.after!.id))
    .$if(window.after === null && window.offset > 0, (q) => q.offset(window.offset))
    .orderBy('id', 'desc')
    .limit(window.limit)
    .execute();

export async function countMessages(db: Conn, userId: number, onlyUnread = false): Promise<number> {
  let query = db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId);
  if (onlyUnread) query = query.where('is_read', '=', 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's messages read; false when the user has no message with that id. */
export async function markOneRead(db: Conn, userId: number, id: number): Promise<boolean> {
  const found = await db
    .selectFrom('messages')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  await db.updateTable('messages').set({ is_read: 1 }).where('id', '=', id).execute();
  return true;
}

export async function markAllRead(db: Conn, userId: number): Promise<void> {
  await db
    .updateTable('messages')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .execute();
}
