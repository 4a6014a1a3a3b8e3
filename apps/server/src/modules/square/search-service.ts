import { SQUARE_LIMITS } from '@ld/contract/square';
import type { Deps } from '../../platform/deps.ts';
import * as posts from './posts-repository.ts';
import * as tags from './tags-repository.ts';
import * as words from './words-repository.ts';
import { sensitiveWordMatcher } from './words-service.ts';

// A phrase from a post ends at the first break after the keyword, so a suggestion reads as a phrase.
const PHRASE_BREAK = /[\s\p{P}\p{S}]/u;
const PHRASE_MAX = 16;

/** The phrase in `content` that starts at the keyword and runs to the next break. */
export function phraseAround(content: string, keyword: string): string | null {
  const at = content.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return null;
  const rest = [...content.slice(at)];
  const keywordLength = [...keyword].length;
  let end = keywordLength;
  while (end < rest.length && end < PHRASE_MAX && !PHRASE_BREAK.test(rest[end])) end += 1;
  return rest.slice(0, end).join('').trim() || null;
}

/**
 * Up to 10 suggestions for what is being typed: matching tag names, then keywords others
 * searched with success (most searched first), then phrases from recent posts. Nothing that
 * contains a sensitive word is suggested.
 */
export async function suggestions(deps: Deps, keyword: string): Promise<string[]> {
  const db = deps.db.kysely;
  const max = SQUARE_LIMITS.suggestionsMax;
  // Each source is over-read, because duplicates and filtered candidates drop out below.
  const [tagNames, hot, contents, matcher] = await Promise.all([
    tags.tagNamesContaining(db, keyword, max),
    words.hotKeywordsContaining(db, keyword, 3 * max),
    posts.recentContentsContaining(db, keyword, 30),
    sensitiveWordMatcher(deps),
  ]);
  const phrases = contents.map((c) => phraseAround(c, keyword)).filter((p): p is string => p !== null);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const candidate of [...tagNames, ...hot, ...phrases]) {
    const key = candidate.toLowerCase();
    if (seen.has(key) || matcher.hasAny(candidate)) continue;
    seen.add(key);
    out.push(candidate);
    if (out.length === max) break;
  }
  return out;
}
