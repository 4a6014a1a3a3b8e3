import { badInput } from '../../platform/errors.ts';

/**
 * Keyset cursors (DESIGN §5): the sort value and id of the last row served, so the next page starts
 * right after it through an index. Opaque to clients: base64url of a small JSON array naming the
 * list it belongs to, so a cursor of one order or list is refused by another.
 */
export interface Keyset {
  value: number;
  id: number;
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
