import type { Post } from '@ld/contract/square';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedList } from '../../../shared/ui/paged-list';
import { useTogglePostLike } from '../lib/use-toggle-like';
import { PostCard } from './post-card';

interface PostListProps {
  query: UseInfiniteQueryResult<InfiniteData<{ records: Post[] }>>;
  emptyText: string;
  emptyAction?: ReactNode;
}

/**
 * Posts a 390×844 phone shows before any scrolling (two under the square's gift strip, and the top
 * of a third): a page the server rendered holds only these until it has painted (PagedList).
 */
const FIRST_SCREEN_POSTS = 3;

/** A feed of post cards with every list state, pull-to-refresh and infinite scroll. */
export function PostList({ query, emptyText, emptyAction }: PostListProps) {
  const toggleLike = useTogglePostLike();
  return (
    <PagedList
      query={query}
      itemKey={(post) => post.id}
      emptyText={emptyText}
      emptyAction={emptyAction}
      renderItem={(post, i) => <PostCard post={post} onToggleLike={toggleLike} priority={i === 0} />}
      firstScreen={FIRST_SCREEN_POSTS}
    />
  );
}
