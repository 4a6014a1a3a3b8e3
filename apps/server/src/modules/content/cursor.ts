/** Keyset cursors of the content lists: the platform's (platform/paging.ts), naming the list. */
export { decodeCursor, encodeCursor, type Keyset } from '../../platform/paging.ts';
