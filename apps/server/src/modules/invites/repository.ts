import { type Insertable, sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { afterKeyset, type PageWindow } from '../../platform/paging.ts';
import type { InvitesTable } from './tables.ts';

/**
 * Claims the device for `userId` unless an account claimed it before; answers the account that
 * holds it now. ON CONFLICT DO NOTHING makes a parallel claim wait for the first and then yield,
 * so two sign-ups from one device never both hold it (and neither fails).
 */
export async function claimDevice(db: Conn, deviceId: string, userId: number, now: number): Promise<number> {
  await db
    .insertInto('invite_devices')
    .values({ device_id: deviceId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('invite_devices')
    .select('user_id')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return Number(row.user_id);
}

export async function insertInvite(db: Conn, row: Insertable<InvitesTable>): Promise<void> {
  await db.insertInto('invites').values(row).execute();
}

/** Paid invites of the inviter and the diamonds they paid. */
export async function paidTotals(db: Conn, inviterId: number): Promise<{ count: number; reward: number }> {
  const row = await db
    .selectFrom('invites')
    .select([
      sql<number | string>`count(*)`.as('count'),
      sql<number | string | null>`sum(reward)`.as('reward'),
    ])
    .where('inviter_id', '=', inviterId)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), reward: Number(row.reward ?? 0) };
}

export async function countInvites(db: Conn, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('invites')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('inviter_id', '=', inviterId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The inviter's invites, newest first (by id: rows are inserted in sign-up order). */
export async function listInvites(db: Conn, inviterId: number, window: PageWindow) {
  let query = db
    .selectFrom('invites')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
  if (window.after) query = query.where(afterKeyset('id', 'id', window.after, 'desc'));
  return query.execute();
}
