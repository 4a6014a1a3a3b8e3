import type { Insertable, Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { VideosTable } from './tables.ts';

export type VideoRow = Selectable<VideosTable>;

export async function insertVideo(db: Conn, row: Insertable<VideosTable>): Promise<void> {
  await db.insertInto('videos').values(row).execute();
}

export function findVideo(db: Conn, workId: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('work_id', '=', workId).executeTakeFirst();
}

export function videosOf(db: Conn, workIds: number[]): Promise<VideoRow[]> {
  if (workIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('videos').selectAll().where('work_id', 'in', workIds).execute();
}

/** The video that came in after `workId`, else the first one (下一个 wraps around); null when it is the only one. */
export async function nextVideoId(db: Conn, workId: number): Promise<number | null> {
  const after = await db
    .selectFrom('videos')
    .select('work_id')
    .where('work_id', '>', workId)
    .orderBy('work_id')
    .limit(1)
    .executeTakeFirst();
  if (after) return Number(after.work_id);
  const first = await db
    .selectFrom('videos')
    .select('work_id')
    .orderBy('work_id')
    .limit(1)
    .executeTakeFirst();
  return first && Number(first.work_id) !== workId ? Number(first.work_id) : null;
}
