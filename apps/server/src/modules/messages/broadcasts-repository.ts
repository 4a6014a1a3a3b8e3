import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { MessageBroadcastsTable } from './tables.ts';

export async function insertBroadcast(db: Conn, row: Insertable<MessageBroadcastsTable>): Promise<number> {
  const { id } = await db
    .insertInto('message_broadcasts')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export const findBroadcast = (db: Conn, id: number) =>
  db.selectFrom('message_broadcasts').selectAll().where('id', '=', id).executeTakeFirst();

export interface BroadcastFilter {
  audience?: 'user' | 'channel' | 'all' | undefined;
  status?: 'queued' | 'running' | 'done' | undefined;
}

function filtered(db: Conn, f: BroadcastFilter) {
  return db
    .selectFrom('message_broadcasts')
    .$if(f.audience !== undefined, (q) => q.where('audience', '=', f.audience!))
    .$if(f.status !== undefined, (q) => q.where('status', '=', f.status!));
}

export async function listBroadcasts(
  db: Conn,
  f: BroadcastFilter,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', order)
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

/** Sends not finished yet, oldest first: the job's work list. */
export const listUnfinished = (db: Conn, limit: number) =>
  db
    .selectFrom('message_broadcasts')
    .selectAll()
    .where('status', '!=', 'done')
    .orderBy('id')
    .limit(limit)
    .execute();

/**
 * Moves a send's progress from `fromUserId` to `toUserId`, only if nobody moved it meanwhile:
 * false tells a second runner that the batch is already done (its transaction is rolled back).
 */
export async function advanceBroadcast(
  db: Conn,
  id: number,
  fromUserId: number,
  values: { toUserId: number; sent: number; done: boolean; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('message_broadcasts')
    .set((eb) => ({
      last_user_id: values.toUserId,
      sent: eb('sent', '+', values.sent),
      status: values.done ? 'done' : 'running',
      finished_at: values.done ? values.now : null,
    }))
    .where('id', '=', id)
    .where('last_user_id', '=', fromUserId)
    .where('status', '!=', 'done')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One message per user of a send: a repeated batch inserts nothing twice (UNIQUE broadcast_id, user_id). */
export async function insertBroadcastMessages(
  db: Conn,
  broadcast: { id: number; title: string; content: string },
  userIds: number[],
  now: number,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db
    .insertInto('messages')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        title: broadcast.title,
        content: broadcast.content,
        created_at: now,
        broadcast_id: broadcast.id,
      })),
    )
    .onConflict((oc) => oc.columns(['broadcast_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
