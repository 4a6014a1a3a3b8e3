import { badInput } from '../../platform/errors.ts';

/**
 * Keyset cursors (DESIGN §5): the sort value and id of the last row served, so the next page
 * starts right after it through an index, however deep it is. Opaque to clients: base64url of
 * a small JSON array that also names the order, so a cursor from one order is refused by another.
 */
export type FeedOrder = 'hot' | 'latest' | 'oldest';

export interface Keyset {
  value: number;
  id: number;
}

export function encodeCursor(order: FeedOrder, keyset: Keyset): string {
  return Buffer.from(JSON.stringify([order, keyset.value, keyset.id])).toString('base64url');
}

const invalid = () => badInput('cursor', '游标无效，请从第一页重新加载');

/** Decodes a cursor for `order`; anything else is a 400 naming `cursor`. */
export function decodeCursor(cursor: string, order: FeedOrder): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== order ||
    !Number.isSafeInteger(parsed[1]) ||
    !Number.isSafeInteger(parsed[2]) ||
    parsed[2] < 1
  ) {
    throw invalid();
  }
  return { value: parsed[1], id: parsed[2] };
}
