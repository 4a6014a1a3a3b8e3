import type { Conn } from '../../db/database.ts';
import { containsText } from '../../db/text-search.ts';

// The console's reads and writes of the sensitive-word list (the portal's reads are in words-repository.ts).

export async function findWord(db: Conn, id: number) {
  return db.selectFrom('sensitive_words').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findWordByText(db: Conn, word: string) {
  return db.selectFrom('sensitive_words').selectAll().where('word', '=', word).executeTakeFirstOrThrow();
}

export async function listWords(
  db: Conn,
  filters: { word?: string },
  sort: 'id' | 'word',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let query = db.selectFrom('sensitive_words');
  if (filters.word) query = query.where(containsText('word', filters.word));
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function allWords(db: Conn): Promise<string[]> {
  return (await db.selectFrom('sensitive_words').select('word').execute()).map((r) => r.word);
}

/** Inserts the words not yet listed (a concurrent import's words are skipped, never an error); answers those inserted. */
export async function insertWords(db: Conn, words: string[], now: number): Promise<string[]> {
  const inserted: string[] = [];
  for (let i = 0; i < words.length; i += 400) {
    const rows = await db
      .insertInto('sensitive_words')
      .values(words.slice(i, i + 400).map((word) => ({ word, created_at: now })))
      .onConflict((oc) => oc.column('word').doNothing())
      .returning('word')
      .execute();
    inserted.push(...rows.map((r) => r.word));
  }
  return inserted;
}

export async function deleteWord(db: Conn, id: number) {
  await db.deleteFrom('sensitive_words').where('id', '=', id).execute();
}
