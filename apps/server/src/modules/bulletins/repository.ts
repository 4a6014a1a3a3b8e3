import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
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

export async function insertBulletin(db: Conn, row: Insertable<BulletinsTable>): Promise<void> {
  await db.insertInto('bulletins').values(row).execute();
}
