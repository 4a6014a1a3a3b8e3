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
 * `profiles` (an author's name or avatar). A build that began before a change is not kept (the
 * generation moved on), so it cannot bring old rows back; the TTL bounds a lost announcement.
 * Signed-in callers never read it: what they liked, whom they follow and what is theirs are theirs.
 */
export const GUEST_FEED_TOPICS = [
  'square',
  'square-counts',
  'profiles',
] as const satisfies readonly ChangeTopic[];
export const GUEST_FEED_MS = 5_000;
/** Sorts × tags × page sizes in use are a few dozen; more (made-up tag ids) starts afresh. */
const MAX_PAGES = 200;

export interface GuestFeedCache {
  /** The answer's JSON when `query` asks for the plain feed's first page (no keyword, no cursor); else null. */
  firstPage(query: PostListQuery): Promise<string> | null;
}

interface Entry {
  json: Promise<string>;
  generation: number;
  at: number;
}

export function createGuestFeedCache(
  deps: Pick<Deps, 'changes'>,
  build: (query: PostListQuery) => Promise<string>,
): GuestFeedCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  for (const topic of GUEST_FEED_TOPICS) {
    deps.changes.subscribe(topic, () => {
      generation += 1;
      entries.clear();
    });
  }
  return {
    firstPage(query) {
      if (query.keyword !== undefined || query.cursor !== undefined || query.currentPage !== 1) return null;
      const key = `${query.sort}:${query.tagId ?? ''}:${query.pageSize}`;
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && kept.generation === generation && now - kept.at < GUEST_FEED_MS) return kept.json;
      if (entries.size >= MAX_PAGES) entries.clear();
      // One build per page and generation: requests that come while it runs wait for it.
      const entry: Entry = { json: build(query), generation, at: now };
      entries.set(key, entry);
      entry.json.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.json;
    },
  };
}
