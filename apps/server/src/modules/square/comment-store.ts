import type { Kysely } from 'kysely';
import type { Conn } from '../../db/database.ts';
import type { SquareCommentLikesTable, SquareCommentsTable } from './tables.ts';

/**
 * Where one kind of comment lives (docs/decisions/0033-paragraph-comments.md). The square's posts
 * and the comment threads (段评, an episode's comments) keep their comments in tables of one shape
 * that differ only in their names and in the column naming what a comment hangs on (its anchor),
 * so the comment engine (`comments-repository.ts`, `comments-engine.ts`) is written once over
 * this descriptor.
 */
export interface CommentStore {
  comments: 'square_comments' | 'thread_comments';
  likes: 'square_comment_likes' | 'thread_comment_likes';
  /** The comment column naming the anchor. */
  anchor: 'post_id' | 'thread_id';
  /** The anchor table: its `top_comment_count` is the top-level list's total. */
  anchors: 'square_posts' | 'comment_threads';
  /** Whether anchors are soft-deleted (posts are; threads never are). */
  anchorsDeletable: boolean;
  /** What a missing anchor is called in a 404 (…不存在). */
  anchorNoun: string;
}

export const SQUARE_STORE: CommentStore = {
  comments: 'square_comments',
  likes: 'square_comment_likes',
  anchor: 'post_id',
  anchors: 'square_posts',
  anchorsDeletable: true,
  anchorNoun: '帖子',
};

export const THREAD_STORE: CommentStore = {
  comments: 'thread_comments',
  likes: 'thread_comment_likes',
  anchor: 'thread_id',
  anchors: 'comment_threads',
  anchorsDeletable: false,
  anchorNoun: '评论区',
};

/**
 * The engine's typed view of any store: table `c` is the store's comments (without the anchor
 * column, which queries reach through `anchorRef`), `l` its likes, `a` its anchors. The
 * migrations give every store these columns; `tableOf` puts the real names into the SQL.
 */
export interface EngineView {
  c: Omit<SquareCommentsTable, 'post_id'>;
  l: SquareCommentLikesTable;
  a: { id: number; top_comment_count: number; deleted_at: number | null };
}

export const engineView = (db: Conn) => db as unknown as Kysely<EngineView>;

type Role = keyof EngineView;
const TABLE_OF: Record<Role, (s: CommentStore) => string> = {
  c: (s) => s.comments,
  l: (s) => s.likes,
  a: (s) => s.anchors,
};

/** `square_comments as x` typed as the view's `c as x`. */
export const tableAs = <R extends Role, A extends string>(store: CommentStore, role: R, alias: A) =>
  `${TABLE_OF[role](store)} as ${alias}` as `${R} as ${A}`;

/** The bare table name typed as the view's role, for updates, inserts and deletes. */
export const tableOf = <R extends Role>(store: CommentStore, role: R) => TABLE_OF[role](store) as R;
