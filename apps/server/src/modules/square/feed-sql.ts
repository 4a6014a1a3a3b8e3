import { type RawBuilder, sql } from 'kysely';
import type { FeedOrder, Keyset } from './cursor.ts';

/**
 * The SQL pieces every keyset feed shares. `(value, id)` row comparisons let SQLite and
 * PostgreSQL walk a `(…, value, id)` index from the cursor onwards instead of skipping rows.
 */
export interface FeedWindow {
  order: FeedOrder;
  limit: number;
  /** Rows to skip when paging by number; ignored when `after` is given. */
  offset: number;
  after: Keyset | null;
}

/** Rows after the cursor `after` in the window's order. */
export function keysetAfter(
  valueColumn: string,
  idColumn: string,
  order: FeedOrder,
  after: Keyset,
): RawBuilder<boolean> {
  const tuple = sql`(${sql.ref(valueColumn)}, ${sql.ref(idColumn)})`;
  return order === 'oldest'
    ? sql<boolean>`${tuple} > (${after.value}, ${after.id})`
    : sql<boolean>`${tuple} < (${after.value}, ${after.id})`;
}

export const feedDirection = (window: FeedWindow): 'asc' | 'desc' =>
  window.order === 'oldest' ? 'asc' : 'desc';

/** `%keyword%` with LIKE wildcards in the keyword taken literally (paired with `escape '\'`). */
export const containsPattern = (keyword: string): string =>
  `%${keyword.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const likeContains = (column: string, keyword: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(keyword)} escape '\\'`;
