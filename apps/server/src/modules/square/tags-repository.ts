import type { Conn } from '../../db/database.ts';
import { likeContains } from './feed-sql.ts';

/** The tags in use, in order. */
export async function listTags(db: Conn) {
  return db
    .selectFrom('square_tags')
    .select(['id', 'name'])
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A tag in use (a new post may take it). */
export async function findTag(db: Conn, id: number) {
  return db
    .selectFrom('square_tags')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function tagNamesContaining(db: Conn, keyword: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('square_tags')
    .select('name')
    .where(likeContains('name', keyword))
    .where('is_active', '=', 1)
    .orderBy('sort')
    .limit(limit)
    .execute();
  return rows.map((r) => r.name);
}
