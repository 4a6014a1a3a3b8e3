import type { CommentListQuery } from '@ld/contract/square';
import type { ChangeTopic } from '../../platform/changes.ts';
import type { Deps } from '../../platform/deps.ts';
import { createGuestPages, type GuestPages, isPlainFirstPage } from '../../platform/guest-pages.ts';

/**
 * A post's first page of comments as a guest sees it, kept in this process as the answer's JSON
 * (platform/guest-pages.ts; docs/decisions/0056-cluster.md, "A post's first comments kept"): a
 * busy post is read by many guests between two of its comments, and its page cost three queries,
 * the compiler and the serializer each time.
 *
 * Dropped in every process by what changes it, each announced after its commit (0047):
 * `square-comments` (a comment written, deleted by its author or liked), `square` (a comment or a
 * post taken down or restored, a post deleted) and `profiles` (an author's name or avatar). The
 * TTL bounds a lost announcement.
 */
export const GUEST_COMMENTS_TOPICS = [
  'square',
  'square-comments',
  'profiles',
] as const satisfies readonly ChangeTopic[];
export const GUEST_COMMENTS_MS = 5_000;
/**
 * A page per post, sort and page size: the busy posts of the moment. Only pages of up to 20 top-level
 * comments are kept (the apps ask for 10): with their replies and the compressed copies, a page is
 * about 20 KB, and 150 KB even when every comment is 500 characters long, so the pages kept stay a
 * few MB (under 20 MB at the very worst); a larger page is built for each request.
 */
const MAX_PAGES = 128;
const MAX_PAGE_SIZE = 20;

/** The plain first pages (no cursor) of posts' comments, by post, sort and page size. */
export function createGuestCommentsCache(
  deps: Pick<Deps, 'changes'>,
  build: (postId: number, query: CommentListQuery) => Promise<string>,
): GuestPages<{ postId: number; query: CommentListQuery }> {
  return createGuestPages(
    deps,
    {
      topics: GUEST_COMMENTS_TOPICS,
      keepMs: GUEST_COMMENTS_MS,
      maxPages: MAX_PAGES,
      keyOf: ({ postId, query }) =>
        isPlainFirstPage(query) && query.pageSize <= MAX_PAGE_SIZE
          ? `${postId}:${query.sort}:${query.pageSize}`
          : null,
    },
    ({ postId, query }) => build(postId, query),
  );
}
