import type { Insertable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { ComicPanelsTable } from './tables.ts';

/** An episode's panels in reading order: one range scan of the primary key (unit_id, idx). */
export function listPanels(db: Conn, unitId: number) {
  return db
    .selectFrom('comic_panels')
    .select(['idx', 'image_key', 'width', 'height', 'seed'])
    .where('unit_id', '=', unitId)
    .orderBy('idx')
    .execute();
}

export async function insertPanels(db: Conn, rows: Array<Insertable<ComicPanelsTable>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 300) {
    await db
      .insertInto('comic_panels')
      .values(rows.slice(i, i + 300))
      .execute();
  }
}
