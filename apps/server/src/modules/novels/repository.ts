import type { Conn } from '../../db/database.ts';

export function findChapterText(db: Conn, unitId: number) {
  return db
    .selectFrom('chapter_texts')
    .select(['paragraphs', 'seed'])
    .where('unit_id', '=', unitId)
    .executeTakeFirst();
}

export async function insertChapterTexts(
  db: Conn,
  rows: Array<{ unit_id: number; paragraphs: string | null; seed: number | null }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 300) {
    await db
      .insertInto('chapter_texts')
      .values(rows.slice(i, i + 300))
      .execute();
  }
}
