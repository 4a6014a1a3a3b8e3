import type { Conn } from '../../db/database.ts';
import { commentHotScore, postHotScore } from './hot-score.ts';
import { SEED_TAGS } from './seed-content.ts';

// Batched writes of the demo square. Rows are matched back to their plan by creation time,
// which the planner keeps unique per table, so the order RETURNING answers in does not matter.

const BATCH = 400;

export interface SeedPost {
  userId: number;
  tagId: number;
  content: string;
  images: string[];
  createdAt: number;
  likers: number[];
  comments: number;
}

export interface SeedComment {
  postIndex: number;
  userId: number;
  content: string;
  createdAt: number;
  likers: number[];
  replies: number;
  /** Filled in once inserted. */
  id: number;
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function insertTags(db: Conn, now: number): Promise<number[]> {
  const rows = await db
    .insertInto('square_tags')
    .values(SEED_TAGS.map((name, sort) => ({ name, sort, created_at: now })))
    .returning(['id', 'name'])
    .execute();
  return SEED_TAGS.map((name) => rows.find((r) => r.name === name)!.id);
}

export async function insertPosts(db: Conn, posts: SeedPost[]): Promise<number[]> {
  const idByTime = new Map<number, number>();
  await inBatches(posts, async (batch) => {
    const rows = await db
      .insertInto('square_posts')
      .values(
        batch.map((p) => ({
          user_id: p.userId,
          tag_id: p.tagId,
          content: p.content,
          images: JSON.stringify(p.images),
          like_count: p.likers.length,
          comment_count: 0,
          hot_score: postHotScore({ like_count: p.likers.length, comment_count: 0, created_at: p.createdAt }),
          created_at: p.createdAt,
          updated_at: p.createdAt,
          deleted_at: null,
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    for (const r of rows) idByTime.set(r.created_at, r.id);
  });
  return posts.map((p) => idByTime.get(p.createdAt)!);
}

export async function insertComments(db: Conn, roots: SeedComment[], postIds: number[]) {
  const idByTime = new Map<number, number>();
  await inBatches(roots, async (batch) => {
    const rows = await db
      .insertInto('square_comments')
      .values(
        batch.map((c) => ({
          post_id: postIds[c.postIndex],
          user_id: c.userId,
          root_id: null,
          reply_comment_id: null,
          reply_to_user_id: null,
          content: c.content,
          like_count: c.likers.length,
          reply_count: 0,
          hot_score: commentHotScore({
            like_count: c.likers.length,
            reply_count: 0,
            created_at: c.createdAt,
          }),
          created_at: c.createdAt,
          deleted_at: null,
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    for (const r of rows) idByTime.set(r.created_at, r.id);
  });
  for (const c of roots) c.id = idByTime.get(c.createdAt)!;
}

export async function insertReplies(
  db: Conn,
  replies: Array<SeedComment & { root: SeedComment; to: SeedComment }>,
  postIds: number[],
) {
  const idByTime = new Map<number, number>();
  await inBatches(replies, async (batch) => {
    const rows = await db
      .insertInto('square_comments')
      .values(
        batch.map((r) => ({
          post_id: postIds[r.postIndex],
          user_id: r.userId,
          root_id: r.root.id,
          reply_comment_id: r.to.id,
          reply_to_user_id: r.to.userId,
          content: r.content,
          like_count: r.likers.length,
          reply_count: 0,
          hot_score: commentHotScore({
            like_count: r.likers.length,
            reply_count: 0,
            created_at: r.createdAt,
          }),
          created_at: r.createdAt,
          deleted_at: null,
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    for (const row of rows) idByTime.set(row.created_at, row.id);
  });
  for (const r of replies) r.id = idByTime.get(r.createdAt)!;
}

export async function insertLikes(
  db: Conn,
  posts: SeedPost[],
  postIds: number[],
  comments: SeedComment[],
  now: number,
) {
  const postLikes = posts.flatMap((p, i) =>
    p.likers.map((userId) => ({ post_id: postIds[i], user_id: userId, created_at: now })),
  );
  await inBatches(postLikes, (batch) => db.insertInto('square_post_likes').values(batch).execute());
  const commentLikes = comments.flatMap((c) =>
    c.likers.map((userId) => ({ comment_id: c.id, user_id: userId, created_at: now })),
  );
  await inBatches(commentLikes, (batch) => db.insertInto('square_comment_likes').values(batch).execute());
}

export async function insertFollows(
  db: Conn,
  userIds: number[],
  demoId: number | null,
  sample: (pool: number[], n: number) => number[],
  between: (min: number, max: number) => number,
  now: number,
) {
  const rows: Array<{ follower_id: number; followee_id: number; created_at: number }> = [];
  for (const follower of userIds) {
    const others = userIds.filter((id) => id !== follower);
    for (const followee of sample(others, between(3, 10))) {
      rows.push({ follower_id: follower, followee_id: followee, created_at: now });
    }
  }
  if (demoId !== null) {
    for (const followee of sample(userIds, 8))
      rows.push({ follower_id: demoId, followee_id: followee, created_at: now });
    for (const follower of sample(userIds, 12))
      rows.push({ follower_id: follower, followee_id: demoId, created_at: now });
  }
  await inBatches(rows, (batch) => db.insertInto('user_follows').values(batch).execute());
}
