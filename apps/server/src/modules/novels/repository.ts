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

// Staged TXT imports (docs/decisions/0059, "After saving").

export async function insertImport(
  db: Conn,
  row: { id: string; work_id: number; storage_key: string; created_at: number; touched_at: number },
): Promise<void> {
  await db.insertInto('novel_imports').values(row).execute();
}

/** Marks the import used now; answers its storage key, or undefined when there is none (swept, saved). */
export async function touchImport(
  db: Conn,
  workId: number,
  importId: string,
  now: number,
): Promise<string | undefined> {
  const done = await db
    .updateTable('novel_imports')
    .set({ touched_at: now })
    .where('id', '=', importId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return undefined;
  const row = await db
    .selectFrom('novel_imports')
    .select('storage_key')
    .where('id', '=', importId)
    .executeTakeFirst();
  return row?.storage_key;
}

export async function deleteImport(db: Conn, importId: string): Promise<void> {
  await db.deleteFrom('novel_imports').where('id', '=', importId).execute();
}

/** Up to `limit` imports nobody touched since `before`, oldest first. */
export function staleImports(db: Conn, before: number, limit: number) {
  return db
    .selectFrom('novel_imports')
    .select(['id', 'storage_key', 'touched_at'])
    .where('touched_at', '<', before)
    .orderBy('touched_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes the import's row if it is still untouched since `before`; answers whether this call
 * deleted it (so of two processes sweeping at once, one removes the file).
 */
export async function claimStaleImport(db: Conn, importId: string, before: number): Promise<boolean> {
  const done = await db
    .deleteFrom('novel_imports')
    .where('id', '=', importId)
    .where('touched_at', '<', before)
    .executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}
