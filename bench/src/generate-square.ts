import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@ld/contract/validation';
import type SQLite from 'better-sqlite3';
import { type BenchDb, ensureBenchDb, inChunks } from './bench-db.ts';
import {
  commentScore,
  planSquare,
  postScore,
  SQUARE_START,
  type SquarePlan,
  type SquareSize,
  seededRandom,
  sizeAt,
} from './square-plan.ts';
import { commentText, inviteCode, postText, TAG_NAMES, userName } from './square-text.ts';

/**
 * The square's benchmark database: 1 000 000 posts and 5 000 000 comments at scale 1, in
 * bench/.data/square-<scale>/portal.sqlite (bench-db.ts: made once, then reused).
 */
export type SquareDb = BenchDb<{ size: SquareSize; bigPostId: number }>;

export function ensureSquareDb(scale: number): Promise<SquareDb> {
  return ensureBenchDb({
    name: 'square',
    generator: 'square-v3',
    scale,
    bulkTables: ['square_posts', 'square_comments'],
    fill(sqlite, step) {
      const size = sizeAt(scale);
      const plan = planSquare(size);
      step(`plan (${size.posts} posts, ${size.comments} comments, big post ${plan.bigPostId})`);
      insertPeople(sqlite, size);
      step(`${size.users} users, ${size.tags} tags`);
      insertPosts(sqlite, plan);
      insertPostCounters(sqlite, plan);
      step(`${size.posts} posts`);
      insertComments(sqlite, plan);
      step(`${size.comments} comments`);
      return { size, bigPostId: plan.bigPostId };
    },
  });
}

function insertPeople(sqlite: SQLite.Database, size: SquareSize) {
  const user = sqlite.prepare(
    'insert into users (id, login_name, name, invite_code, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  inChunks(sqlite, size.users, (i) => {
    const id = i + 1;
    const at = SQUARE_START - 86_400_000 + i;
    user.run(
      id,
      `bench${id}`,
      userName(id),
      inviteCode(id, INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH),
      at,
      at,
    );
  });
  const tag = sqlite.prepare('insert into square_tags (id, name, sort, created_at) values (?, ?, ?, ?)');
  for (let i = 0; i < size.tags; i++) tag.run(i + 1, TAG_NAMES[i % TAG_NAMES.length], i + 1, SQUARE_START);
}

function insertPosts(sqlite: SQLite.Database, plan: SquarePlan) {
  const random = seededRandom(7);
  const { post } = plan;
  const insert = sqlite.prepare(
    `insert into square_posts (id, user_id, tag_id, content, images, comment_count, top_comment_count, hot_score, created_at, updated_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, plan.size.posts, (i) => {
    const pictures = random() < 0.3 ? 1 + Math.floor(random() * 3) : 0;
    const images = JSON.stringify(
      Array.from({ length: pictures }, (_, k) => `/uploads/square/bench/${((i + k) % 40) + 1}.webp`),
    );
    const time = post.time[i];
    insert.run(
      i + 1,
      post.user[i],
      post.tag[i],
      postText(random),
      images,
      post.comments[i],
      post.topComments[i],
      postScore(plan, i),
      time,
      time,
      post.deleted[i] ? time + 3_600_000 : null,
    );
  });
}

/** The live-post counters the feeds read their totals from: one row per tag, and tag_id 0 for all. */
function insertPostCounters(sqlite: SQLite.Database, plan: SquarePlan) {
  const upsert = sqlite.prepare(
    'insert into square_post_counters (tag_id, live_count) values (?, ?) on conflict (tag_id) do update set live_count = excluded.live_count',
  );
  let all = 0;
  for (let tag = 1; tag <= plan.size.tags; tag++) {
    upsert.run(tag, plan.livePostsByTag[tag]);
    all += plan.livePostsByTag[tag];
  }
  upsert.run(0, all);
}

function insertComments(sqlite: SQLite.Database, plan: SquarePlan) {
  const random = seededRandom(11);
  const { comment } = plan;
  const insert = sqlite.prepare(
    `insert into square_comments (id, post_id, user_id, root_id, reply_comment_id, reply_to_user_id, content, reply_count, hot_score, created_at, deleted_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inChunks(sqlite, plan.size.comments, (k) => {
    const root = comment.root[k];
    const replyTo = comment.replyTo[k];
    const time = comment.time[k];
    insert.run(
      k + 1,
      comment.post[k],
      comment.user[k],
      root || null,
      replyTo || null,
      replyTo ? comment.user[replyTo - 1] : null,
      commentText(random),
      comment.replies[k],
      commentScore(plan, k),
      time,
      comment.deleted[k] ? time + 3_600_000 : null,
    );
  });
}
