import type { PostListQuery } from '@ld/contract/square';
import type { ChangeTopic } from '../../platform/changes.ts';
import type { Deps } from '../../platform/deps.ts';
import { createGuestPages, type GuestPages, isPlainFirstPage } from '../../platform/guest-pages.ts';

/**
 * The square feed's first page as a guest sees it, kept in this process as the answer's JSON
 * (platform/guest-pages.ts; docs/decisions/0056-cluster.md, "The guest feed's first page").
 *
 * Dropped in every process by what changes it, each announced after its commit (0047): `square`
 * (a post published, deleted, taken down or restored; a comment taken down or restored; a tag
 * renamed), `square-counts` (a like or a comment moved a post's counters and hot score) and
 * `profiles` (an author's name or avatar). The TTL bounds a lost announcement.
 */
export const GUEST_FEED_TOPICS = [
  'square',
  'square-counts',
  'profiles',
] as const satisfies readonly ChangeTopic[];
export const GUEST_FEED_MS = 5_000;

/** The plain feed's first pages (no keyword, no cursor), by sort, tag and page size. */
export function createGuestFeedCache(
  deps: Pick<Deps, 'changes'>,
  build: (query: PostListQuery) => Promise<string>,
): GuestPages<PostListQuery> {
  return createGuestPages(
    deps,
    {
      topics: GUEST_FEED_TOPICS,
      keepMs: GUEST_FEED_MS,
      keyOf: (query) =>
        isPlainFirstPage(query) ? `${query.sort}:${query.tagId ?? ''}:${query.pageSize}` : null,
    },
    build,
  );
}
