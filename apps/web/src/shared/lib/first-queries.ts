import type { QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router';

/** Where a route's first data comes from: the address and the account it is asked under. */
export interface FirstDataArgs {
  params: Params;
  url: URL;
  /** `''` on the server (it renders as a guest) and for a guest. */
  uid: string;
}

/**
 * The query options (`queryOptions` / `infiniteQueryOptions`) a page's first screen reads with
 * `useQuery` / `useInfiniteQuery`: the route's loader asks `ensureQueryData` for the same ones, so
 * the server renders the page with its data and the browser hydrates it from the same cache.
 */
export interface FirstQuery {
  queryKey: QueryKey;
  /** Present on infinite queries' options: their loader asks `ensureInfiniteQueryData`. */
  getNextPageParam?: unknown;
}
