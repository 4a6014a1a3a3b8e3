import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { takeEmbeddedJson } from './first-data';

/**
 * The queries a server-rendered screen was made from (docs/decisions/0044-server-rendered-first-screen.md,
 * addendum): app/server-render.tsx writes them after the markup in #root, and the browser puts them
 * into its cache before its first render, so that render shows the page the markup showed, in one
 * commit, instead of the page's skeleton first and the same data a moment later.
 */
export const SCREEN_QUERIES_ELEMENT_ID = 'ld-screen-queries';

export interface ScreenQuery {
  key: QueryKey;
  data: unknown;
  /** When the server fetched it (ms since the epoch): the page's staleTime counts from there. */
  at: number;
}

/**
 * Takes the screen's queries out of the document and, for a guest (the server rendered as one),
 * into `client`'s cache. Returns how many were put in; an unreadable list is ignored (the page
 * asks for its data as usual).
 */
export function seedScreenQueries(client: QueryClient, isGuest: boolean): number {
  const queries = takeEmbeddedJson(SCREEN_QUERIES_ELEMENT_ID) as ScreenQuery[] | undefined;
  if (!isGuest || !Array.isArray(queries)) return 0;
  let seeded = 0;
  for (const query of queries) {
    if (!Array.isArray(query?.key) || typeof query.at !== 'number') continue;
    client.setQueryData(query.key, query.data, { updatedAt: Math.min(query.at, Date.now()) });
    seeded++;
  }
  return seeded;
}
