import type { Conn } from '../../db/database.ts';

/** Names of operators by id, for pages that show who did something (a reply, a send). */
export async function operatorNamesOf(db: Conn, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('operators').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
