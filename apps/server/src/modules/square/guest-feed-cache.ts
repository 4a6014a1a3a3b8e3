import type { PostListQuery } from '@ld/contract/square';
import type { ChangeTopic } from '../../platform/changes.ts';
import type { Deps } from '../../platform/deps.ts';

/**
 * The square feed's first page as a guest sees it, kept in this process as the answer's JSON
 * (docs/decisions/0056-cluster.md, "The guest feed's first page"). It is the same for every guest
 * (no liked, followed or own flags), so building it per request was three queries, the query
 * compiler and the serializer for an answer that changes only when somebody writes.
 *
 * Dropped in every process by what changes it, each announced after its commit (0047): `square`
 * (a post published, deleted, taken down or restored; a comment taken down or restored; a tag
 * renamed), `square-counts` (a like or a comment moved a post's counters and hot score) and
 * `profiles` (an author's name or avatar). A page is kept from the moment its build begins, so a
 * change drops a build under way too: what it read may be old, and no request after the change
 * gets it. The TTL bounds a lost announcement.
 * Signed-in callers never read it: what they liked, whom they follow and what is theirs are theirs.
 */
export const GUEST_FEED_TOPICS = [
  'square',
  'square-counts',
  'profiles',
] as const satisfies readonly ChangeTopic[];
export const GUEST_FEED_MS = 5_000;
/**
 * Sorts × tags × the page sizes clients use are a few dozen; more (made-up tag ids, odd sizes)
 * starts afresh, so the pages kept stay a few MB at most.
 */
const MAX_PAGES = 64;

export interface GuestFeedCache {
  /** The answer's JSON when `query` asks for the plain feed's first page (no keyword, no cursor); else null. */
  firstPage(query: PostListQuery): Promise<string> | null;
}

interface Entry {
  json: Promise<string>;
  at: number;
}

export function createGuestFeedCache(
  deps: Pick<Deps, 'changes'>,
  build: (query: PostListQuery) => Promise<string>,
): GuestFeedCache {
  const entries = new Map<string, Entry>();
  for (const topic of GUEST_FEED_TOPICS) deps.changes.subscribe(topic, () => entries.clear());
  return {
    firstPage(query) {
      if (query.keyword !== undefined || query.cursor !== undefined || query.currentPage !== 1) return null;
      const key = `${query.sort}:${query.tagId ?? ''}:${query.pageSize}`;
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < GUEST_FEED_MS) return kept.json;
      if (entries.size >= MAX_PAGES) entries.clear();
      // One build per page: requests that come while it runs wait for it.
      const entry: Entry = { json: build(query), at: now };
      entries.set(key, entry);
      entry.json.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.json;
    },
  };
}
