import { MAX_PAGED_ROWS } from '@ld/contract/defaults';
import { type CursorPage, toPage } from '@ld/contract/envelope';
import { type RawBuilder, sql } from 'kysely';
import { badInput } from './errors.ts';

/**
 * Paging for every list (DESIGN §5, decision 0024). A page is asked for either by number
 * (`currentPage`, bounded: the rows it reaches stay within the first MAX_PAGED_ROWS) or by
 * `cursor`: the sort value and id of the last row served, so the next page starts right after it
 * through an index however deep it is. Cursors are opaque to clients: base64url of a small JSON
 * array `[list, value, id]` that names the list and order, so a cursor of one list is refused by another.
 */
export interface Keyset {
  value: number;
  id: number;
}

export interface PageRequest {
  currentPage: number;
  pageSize: number;
  cursor?: string | undefined;
}

/** What a repository reads: `limit` rows (one more than the page) after `after`, or from `offset`. */
export interface PageWindow {
  limit: number;
  offset: number;
  after: Keyset | null;
}

export function encodeCursor(list: string, keyset: Keyset): string {
  return Buffer.from(JSON.stringify([list, keyset.value, keyset.id])).toString('base64url');
}

/** Decodes a cursor of `list`; anything else is a 400 naming `cursor`. */
export function decodeCursor(cursor: string, list: string): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== list ||
    !Number.isSafeInteger(parsed[1]) ||
    !Number.isSafeInteger(parsed[2])
  ) {
    throw badInput('cursor', '游标无效，请从第一页重新加载');
  }
  return { value: parsed[1], id: parsed[2] };
}

/**
 * The one rule for page numbers: page `currentPage` of `pageSize` reaches row currentPage × pageSize,
 * which must be at most MAX_PAGED_ROWS; deeper pages cost an offset scan, so they go by cursor.
 */
export function pagedOffset(q: PageRequest): number {
  if (q.currentPage * q.pageSize > MAX_PAGED_ROWS) {
    throw badInput('currentPage', `按页码最多翻到第 ${MAX_PAGED_ROWS} 条，请用 cursor 继续`);
  }
  return (q.currentPage - 1) * q.pageSize;
}

/** The rows a request asks for: by cursor when one is given (page number ignored), else by bounded page number. */
export function windowOf(q: PageRequest, list: string): PageWindow {
  if (q.cursor) return { limit: q.pageSize + 1, offset: 0, after: decodeCursor(q.cursor, list) };
  return { limit: q.pageSize + 1, offset: pagedOffset(q), after: null };
}

/** Trims the extra row and answers the page with the cursor of its last row (null at the end). */
export function cursorPage<R, T>(
  rows: R[],
  total: number,
  q: PageRequest,
  list: string,
  keyOf: (row: R) => Keyset,
  records: (kept: R[]) => T[],
): CursorPage<T> {
  const kept = rows.slice(0, q.pageSize);
  const last = kept.at(-1);
  return {
    ...toPage(records(kept), total, q),
    nextCursor: rows.length > q.pageSize && last ? encodeCursor(list, keyOf(last)) : null,
  };
}

/**
 * The keyset condition "comes after `after`" for a list ordered by `value` then `id`. Same
 * directions compare a row value, so both dialects seek the index; mixed ones bound the value first.
 */
export function afterKeyset(
  value: string,
  id: string,
  after: Keyset,
  valueOrder: 'asc' | 'desc',
  idOrder: 'asc' | 'desc' = valueOrder,
): RawBuilder<boolean> {
  const v = sql.ref(value);
  const i = sql.ref(id);
  const cmp = (order: 'asc' | 'desc') => sql.raw(order === 'desc' ? '<' : '>');
  if (valueOrder === idOrder)
    return sql<boolean>`(${v}, ${i}) ${cmp(valueOrder)} (${after.value}, ${after.id})`;
  // The outer range lets the index seek to the cursor; the inner test breaks ties on id.
  const upTo = sql.raw(valueOrder === 'desc' ? '<=' : '>=');
  return sql<boolean>`(${v} ${upTo} ${after.value} and (${v} ${cmp(valueOrder)} ${after.value} or ${i} ${cmp(idOrder)} ${after.id}))`;
}
