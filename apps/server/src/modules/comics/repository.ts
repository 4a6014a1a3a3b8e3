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

/** Each unit's page count. */
export async function countPanels(db: Conn, unitIds: number[]): Promise<Map<number, number>> {
  if (unitIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comic_panels')
    .select(['unit_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('unit_id', 'in', unitIds)
    .groupBy('unit_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.unit_id), Number(r.n)]));
}

/** Replaces an episode's panels with `rows` (a new order of the same images). */
export async function replacePanels(
  db: Conn,
  unitId: number,
  rows: Array<Insertable<ComicPanelsTable>>,
): Promise<void> {
  await db.deleteFrom('comic_panels').where('unit_id', '=', unitId).execute();
  await insertPanels(db, rows);
}
