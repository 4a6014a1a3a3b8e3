import type { Conn } from '../../db/database.ts';
import { likeContains } from './feed-sql.ts';

export async function listTags(db: Conn) {
  return db.selectFrom('square_tags').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

export async function findTag(db: Conn, id: number) {
  return db.selectFrom('square_tags').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function tagNamesContaining(db: Conn, keyword: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('square_tags')
    .select('name')
    .where(likeContains('name', keyword))
    .orderBy('sort')
    .limit(limit)
    .execute();
  return rows.map((r) => r.name);
}
