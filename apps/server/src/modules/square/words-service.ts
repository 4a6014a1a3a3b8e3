import { type CursorPage, ErrorCode, type PageQuery } from '@ld/contract/envelope';
import { SensitiveWordMatcher, sensitiveWordsMessage } from '@ld/contract/sensitive-words';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import * as words from './words-repository.ts';

/**
 * The compiled matcher is kept per database and rebuilt only when the word list changes
 * (words are edited by the seed or an operator, rarely), so a post costs one tiny version query
 * plus a linear scan of its text, however many words there are.
 */
const cache = new WeakMap<Db, { version: string; matcher: SensitiveWordMatcher }>();

export async function sensitiveWordMatcher(deps: Deps): Promise<SensitiveWordMatcher> {
  const version = await words.sensitiveWordsVersion(deps.db.kysely);
  const cached = cache.get(deps.db);
  if (cached?.version === version) return cached.matcher;
  const matcher = new SensitiveWordMatcher(await words.allSensitiveWords(deps.db.kysely));
  cache.set(deps.db, { version, matcher });
  return matcher;
}

/** Refuses text containing listed words with code 1004, naming the words. */
export async function assertNoSensitiveWords(deps: Deps, text: string): Promise<void> {
  const found = (await sensitiveWordMatcher(deps)).findWords(text);
  if (found.length > 0) {
    throw new AppError(ErrorCode.sensitiveWords, sensitiveWordsMessage(found), 200, { words: found });
  }
}

/** The word list for the client's own pre-check (it asks with pageSize 99). */
export async function listSensitiveWords(deps: Deps, query: PageQuery): Promise<CursorPage<string>> {
  const { rows, total } = await words.pageSensitiveWords(deps.db.kysely, windowOf(query, 'sensitive-words'));
  return cursorPage(
    rows,
    total,
    query,
    'sensitive-words',
    (r) => ({ value: r.id, id: r.id }),
    (kept) => kept.map((r) => r.word),
  );
}
