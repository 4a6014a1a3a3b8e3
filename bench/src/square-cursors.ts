import { encodeCursor, type FeedOrder } from '@ld/server/src/modules/square/cursor.ts';
import SQLite from 'better-sqlite3';

/** A cursor deep in a feed, made as the server makes it, and the row the page after it starts with. */
export interface DeepCursor {
  order: FeedOrder;
  depth: number;
  cursor: string;
  firstId: number;
}

const POST_DEPTH = 500_000;
const COMMENT_DEPTH = 90_000;

/**
 * Reads the rows at the chosen depths straight from the database file (before the portal starts)
 * and encodes their cursors with the server's own encoder. A database too small for the full
 * depth (BENCH_SCALE < 1) gets a cursor near the end of its feed instead.
 */
export function deepCursors(file: string, bigPostId: number) {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const livePosts = (
      sqlite.prepare('select count(*) as n from square_posts where deleted_at is null').get() as { n: number }
    ).n;
    const liveTops = (
      sqlite
        .prepare(
          'select count(*) as n from square_comments where post_id = ? and root_id is null and deleted_at is null',
        )
        .get(bigPostId) as { n: number }
    ).n;
    // Room for a full page after the cursor row.
    const postDepth = Math.min(POST_DEPTH, livePosts - 100);
    const commentDepth = Math.min(COMMENT_DEPTH, Math.floor(liveTops * 0.9));
    const at = (table: string, where: string, order: FeedOrder, depth: number, ...params: number[]) => {
      const column = order === 'hot' ? 'hot_score' : 'created_at';
      const rows = sqlite
        .prepare(
          `select id, ${column} as value from ${table} where ${where} order by ${column} desc, id desc limit 2 offset ?`,
        )
        .all(...params, depth) as Array<{ id: number; value: number }>;
      if (rows.length < 2) throw new Error(`${table} has fewer than ${depth + 2} rows in ${order} order`);
      const cursor = encodeCursor(order, { value: rows[0].value, id: rows[0].id });
      return { order, depth, cursor, firstId: rows[1].id } satisfies DeepCursor;
    };
    const posts = (order: FeedOrder) => at('square_posts', 'deleted_at is null', order, postDepth);
    const comments = (order: FeedOrder) =>
      at(
        'square_comments',
        'post_id = ? and root_id is null and deleted_at is null',
        order,
        commentDepth,
        bigPostId,
      );
    return {
      livePosts,
      bigPostTopComments: liveTops,
      posts: { latest: posts('latest'), hot: posts('hot') },
      comments: { latest: comments('latest'), hot: comments('hot') },
    };
  } finally {
    sqlite.close();
  }
}
