import { sql } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { PageWindow } from '../../platform/paging.ts';
import { likeContains } from './feed-sql.ts';

export async function allSensitiveWords(db: Conn): Promise<string[]> {
  const rows = await db.selectFrom('sensitive_words').select('word').orderBy('id').execute();
  return rows.map((r) => r.word);
}

/** Changes whenever a word is added or removed, so a cached matcher knows it is stale. */
export async function sensitiveWordsVersion(db: Conn): Promise<string> {
  const row = await db
    .selectFrom('sensitive_words')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}:${Number(row.last ?? 0)}`;
}

/** Words in the order they were listed; a window's keyset is the id alone. */
export async function pageSensitiveWords(db: Conn, window: PageWindow) {
  const { after } = window;
  const [rows, total] = await Promise.all([
    db
      .selectFrom('sensitive_words')
      .select(['id', 'word'])
      .$if(after !== null, (q) => q.where('id', '>', after!.id))
      .$if(after === null && window.offset > 0, (q) => q.offset(window.offset))
      .orderBy('id')
      .limit(window.limit)
      .execute(),
    db
      .selectFrom('sensitive_words')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Counts one search for a keyword that found posts. */
export async function recordKeyword(db: Conn, keyword: string, now: number): Promise<void> {
  await db
    .insertInto('square_keywords')
    .values({ keyword, hits: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('keyword').doUpdateSet({ hits: sql`square_keywords.hits + 1`, updated_at: now }),
    )
    .execute();
}

export async function hotKeywordsContaining(db: Conn, keyword: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('square_keywords')
    .select('keyword')
    .where(likeContains('keyword', keyword))
    .orderBy('hits', 'desc')
    .orderBy('keyword')
    .limit(limit)
    .execute();
  return rows.map((r) => r.keyword);
}
