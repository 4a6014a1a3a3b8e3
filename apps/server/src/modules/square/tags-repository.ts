import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { likeContains } from './feed-sql.ts';

type Q = Kysely<Database>;

export async function listTags(db: Q) {
  return db.selectFrom('square_tags').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
}

export async function findTag(db: Q, id: number) {
  return db.selectFrom('square_tags').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function tagNamesContaining(db: Q, keyword: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('square_tags')
    .select('name')
    .where(likeContains('name', keyword))
    .orderBy('sort')
    .limit(limit)
    .execute();
  return rows.map((r) => r.name);
}
