import type { Generated } from 'kysely';

// Row types of the square: nullable columns are `| null`, never optional. Times are epoch ms.

export interface SquareTagsTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
  created_at: number;
  /** 1: offered for new posts and listed; 0: taken out of use from the console (its posts keep it). */
  is_active: Generated<number>;
}

export interface SquarePostsTable {
  id: Generated<number>;
  user_id: number;
  tag_id: number;
  content: string;
  /** JSON array of image URLs. */
  images: Generated<string>;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  /** Live top-level comments: the comment list's total. */
  top_comment_count: Generated<number>;
  hot_score: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

/** Live posts per tag; the row with tag_id 0 counts every live post. */
export interface SquarePostCountersTable {
  tag_id: number;
  live_count: number;
}

export interface SquarePostLikesTable {
  post_id: number;
  user_id: number;
  created_at: number;
}

export interface SquareCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number;
  root_id: number | null;
  reply_comment_id: number | null;
  reply_to_user_id: number | null;
  content: string;
  like_count: Generated<number>;
  reply_count: Generated<number>;
  hot_score: number;
  created_at: number;
  deleted_at: number | null;
}

export interface SquareCommentLikesTable {
  comment_id: number;
  user_id: number;
  created_at: number;
}

/** What a thread of comments hangs on outside the square: one (scope, slot), e.g. a paragraph. */
export interface CommentThreadsTable {
  id: Generated<number>;
  scope: string;
  slot: number;
  comment_count: Generated<number>;
  top_comment_count: Generated<number>;
  created_at: number;
}

/** The shape of `square_comments`, anchored on a thread. */
export type ThreadCommentsTable = Omit<SquareCommentsTable, 'post_id'> & { thread_id: number };

export interface UserFollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: number;
}

export interface SensitiveWordsTable {
  id: Generated<number>;
  word: string;
  created_at: number;
}

export interface SquareKeywordsTable {
  keyword: string;
  hits: Generated<number>;
  updated_at: number;
}

export interface SquareTables {
  square_tags: SquareTagsTable;
  square_posts: SquarePostsTable;
  square_post_counters: SquarePostCountersTable;
  square_post_likes: SquarePostLikesTable;
  square_comments: SquareCommentsTable;
  square_comment_likes: SquareCommentLikesTable;
  comment_threads: CommentThreadsTable;
  thread_comments: ThreadCommentsTable;
  thread_comment_likes: SquareCommentLikesTable;
  user_follows: UserFollowsTable;
  sensitive_words: SensitiveWordsTable;
  square_keywords: SquareKeywordsTable;
}
