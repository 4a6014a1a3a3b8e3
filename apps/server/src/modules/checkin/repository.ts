import type { Insertable, Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { CheckinsTable } from './tables.ts';

export type CheckinRow = Selectable<CheckinsTable>;

/** The user's latest rows, newest first: a cycle has at most 7, so 8 hold the current one whole. */
export function recentCheckins(db: Conn, userId: number, limit = 8): Promise<CheckinRow[]> {
  return db
    .selectFrom('checkins')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/** Dates checked in from `from` to `to`, both inclusive (YYYY-MM-DD compares as text). */
export async function datesBetween(db: Conn, userId: number, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('checkins')
    .select('date')
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
  return rows.map((r) => r.date);
}

export async function countBetween(db: Conn, userId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('checkins')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCheckin(db: Conn, row: Insertable<CheckinsTable>): Promise<void> {
  await db.insertInto('checkins').values(row).execute();
}
