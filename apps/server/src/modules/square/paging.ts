import { type CursorPage, toPage } from '@ld/contract/envelope';
import type { FeedQuery } from '@ld/contract/square';
import { pagedOffset } from '../../platform/paging.ts';
import { decodeCursor, encodeCursor, type FeedOrder, type Keyset } from './cursor.ts';
import type { FeedWindow } from './feed-sql.ts';

/**
 * The rows a feed request asks for: by cursor when one is given, else by page number (bounded,
 * platform/paging.ts). One row
 * more than the page is read, so the answer knows whether a next page exists without counting.
 */
export function windowOf(query: FeedQuery, order: FeedOrder): FeedWindow {
  return {
    order,
    limit: query.pageSize + 1,
    offset: query.cursor ? 0 : pagedOffset(query),
    after: query.cursor ? decodeCursor(query.cursor, order) : null,
  };
}

/** Trims the extra row and answers the page with the cursor of its last row (null at the end). */
export function feedPage<R, T>(
  rows: R[],
  total: number,
  query: FeedQuery,
  order: FeedOrder,
  keyOf: (row: R) => Keyset,
  records: T[] | ((kept: R[]) => T[]),
): CursorPage<T> {
  const kept = rows.slice(0, query.pageSize);
  const last = kept.at(-1);
  const mapped = typeof records === 'function' ? records(kept) : records;
  return {
    ...toPage(mapped, total, query),
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(order, keyOf(last)) : null,
  };
}

/** The sort value a row is ordered by in `order`, with its id: what a cursor records. */
export const keyOf =
  (order: FeedOrder) =>
  (row: { id: number; hot_score: number; created_at: number }): Keyset => ({
    value: order === 'hot' ? row.hot_score : row.created_at,
    id: row.id,
  });
