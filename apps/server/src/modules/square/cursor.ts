import {
  decodeCursor as decodeListCursor,
  encodeCursor as encodeListCursor,
  type Keyset,
} from '../../platform/paging.ts';

/** Keyset cursors of the square's feeds (platform/paging.ts): the list they name is the feed's order. */
export type FeedOrder = 'hot' | 'latest' | 'oldest';
export type { Keyset };

export const encodeCursor = (order: FeedOrder, keyset: Keyset): string => encodeListCursor(order, keyset);

/** Decodes a cursor for `order`; anything else is a 400 naming `cursor`. */
export const decodeCursor = (cursor: string, order: FeedOrder): Keyset => decodeListCursor(cursor, order);
