/**
 * Where a parsed part of a request (its path parameters, query or body) holds a string with
 * U+0000: the field's path ("content", "images.0"), "" for the part itself, or null when none.
 *
 * PostgreSQL cannot store that character in text at all ("invalid byte sequence for encoding
 * UTF8: 0x00"), so a comment, a search or a console form carrying it failed with a 500 there while
 * SQLite took it. No field of the portal means it, so every request is held to the same rule on
 * both databases before any route sees it (app.ts), and told which field broke it.
 */
export function nulCharacterAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 8) return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const found = nulCharacterAt(item, path ? `${path}.${key}` : String(key), depth + 1);
    if (found !== null) return found;
  }
  return null;
}
