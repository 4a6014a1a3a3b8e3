import { type RawBuilder, sql } from 'kysely';

/**
 * `column` contains `text`, ignoring case, on both dialects: LIKE with `%`, `_` and `\` in the
 * text escaped, and ESCAPE spelled out (SQLite has no default escape character). For admin
 * filters (a title, a name); portal searches keep their own indexes.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;
}
