import { commentHotScore, postHotScore } from '@ld/server/src/modules/square/hot-score.ts';

/**
 * Who wrote what, on which post, when: the whole square laid out in typed arrays before a row is
 * written, so every counter (comment_count, reply_count) and hot score is computed from the rows
 * that will exist, and so are the live-post counters and each post's live top-level comment count
 * (the totals the feeds and comment lists answer with). Deterministic: the same scale always gives the same database.
 */
export interface SquareSize {
  users: number;
  tags: number;
  posts: number;
  comments: number;
  /** Comments on the one big post, a fifth of them replies. */
  bigPostComments: number;
}

export function sizeAt(scale: number): SquareSize {
  return {
    users: Math.max(200, Math.round(100_000 * scale)),
    tags: 12,
    posts: Math.round(1_000_000 * scale),
    comments: Math.round(5_000_000 * scale),
    bigPostComments: Math.round(125_000 * scale),
  };
}

const DAY = 86_400_000;
/** Fixed, so a database generated on another day is the same database. */
export const SQUARE_END = Date.UTC(2026, 10, 1);
const SPAN = 730 * DAY;
export const SQUARE_START = SQUARE_END - SPAN;

/** mulberry32 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fixed pseudo-random bucket of an index, for decisions made in a later pass (deletions). */
const bucket = (i: number, salt: number) => (Math.imul(i + salt, 2654435761) >>> 0) % 100;

export interface SquarePlan {
  size: SquareSize;
  /** Index 0 is post id 1, and so on; likewise for comments. */
  post: {
    user: Int32Array;
    tag: Uint8Array;
    time: Float64Array;
    deleted: Uint8Array;
    comments: Int32Array;
    /** Live top-level comments: square_posts.top_comment_count. */
    topComments: Int32Array;
  };
  /** Live posts per tag id (index 0 unused): the square_post_counters rows. */
  livePostsByTag: Int32Array;
  comment: {
    post: Int32Array;
    user: Int32Array;
    /** Id of the top-level comment a reply belongs to; 0 on a top-level comment. */
    root: Int32Array;
    /** Id of the comment a reply answers; 0 on a top-level comment. */
    replyTo: Int32Array;
    time: Float64Array;
    deleted: Uint8Array;
    replies: Int32Array;
  };
  bigPostId: number;
}

export function planSquare(size: SquareSize): SquarePlan {
  const random = seededRandom(20261122);
  const N = size.posts;
  const C = size.comments;
  const post = {
    user: new Int32Array(N),
    tag: new Uint8Array(N),
    time: new Float64Array(N),
    deleted: new Uint8Array(N),
    comments: new Int32Array(N),
    topComments: new Int32Array(N),
  };
  const bigIndex = Math.floor(N * 0.1);
  for (let i = 0; i < N; i++) {
    post.user[i] = 1 + Math.floor(random() * size.users);
    post.tag[i] = 1 + Math.floor(random() * size.tags);
    // Every seventh post shares its predecessor's millisecond, so the id tie-break is exercised.
    post.time[i] = i % 7 === 6 ? post.time[i - 1] : SQUARE_START + Math.floor((i * SPAN) / N);
    post.deleted[i] = i !== bigIndex && bucket(i, 1) === 0 ? 1 : 0;
  }

  const comment = {
    post: new Int32Array(C),
    user: new Int32Array(C),
    root: new Int32Array(C),
    replyTo: new Int32Array(C),
    time: new Float64Array(C),
    deleted: new Uint8Array(C),
    replies: new Int32Array(C),
  };
  const lastTop = new Int32Array(N);
  const lastReply = new Int32Array(N);
  const bigTops: number[] = [];
  let visible = 0; // posts created by the current comment's time
  let firstBig = -1;
  let bigSoFar = 0;
  for (let k = 0; k < C; k++) {
    const id = k + 1;
    const time = SQUARE_START + Math.floor((k * SPAN) / C) + 1 + Math.floor(random() * 1000);
    while (visible < N && post.time[visible] <= time) visible++;
    if (visible === 0) visible = 1;
    if (firstBig < 0 && visible > bigIndex) firstBig = k;
    let p: number;
    let isBig = false;
    if (firstBig >= 0 && bigSoFar < size.bigPostComments) {
      // Spread the big post's quota evenly over the comments written after it.
      const due = Math.floor(((k - firstBig + 1) * size.bigPostComments) / (C - firstBig));
      isBig = due > bigSoFar;
    }
    if (isBig) {
      p = bigIndex;
      bigSoFar++;
    } else {
      // Most comments land on posts that were recent at the time; r² leans towards the newest.
      const r = random();
      p = visible - 1 - Math.floor(visible * r * r);
    }
    comment.post[k] = p + 1;
    comment.user[k] = 1 + Math.floor(random() * size.users);
    comment.time[k] = Math.max(time, post.time[p] + 1);
    let root = 0;
    if (isBig) {
      if (bigSoFar % 5 === 0 && bigTops.length > 0) root = bigTops[Math.floor(random() * bigTops.length)];
    } else if (lastTop[p] !== 0 && random() < 0.2) {
      root = lastTop[p];
    }
    if (root === 0) {
      lastTop[p] = id;
      if (isBig) bigTops.push(id);
    } else {
      comment.root[k] = root;
      const previous = lastReply[p];
      comment.replyTo[k] =
        previous !== 0 && comment.root[previous - 1] === root && random() < 0.4 ? previous : root;
      lastReply[p] = id;
      if (bucket(k, 2) === 0) comment.deleted[k] = 1;
      else comment.replies[root - 1]++;
    }
  }
  // A deleted top-level comment takes its thread with it, so only childless ones are deleted here.
  for (let k = 0; k < C; k++) {
    if (comment.root[k] === 0 && comment.replies[k] === 0 && bucket(k, 3) === 0) comment.deleted[k] = 1;
    if (!comment.deleted[k]) {
      post.comments[comment.post[k] - 1]++;
      if (comment.root[k] === 0) post.topComments[comment.post[k] - 1]++;
    }
  }
  const livePostsByTag = new Int32Array(size.tags + 1);
  for (let i = 0; i < N; i++) if (!post.deleted[i]) livePostsByTag[post.tag[i]]++;
  return { size, post, livePostsByTag, comment, bigPostId: bigIndex + 1 };
}

export const postScore = (plan: SquarePlan, i: number) =>
  postHotScore({ like_count: 0, comment_count: plan.post.comments[i], created_at: plan.post.time[i] });

export const commentScore = (plan: SquarePlan, k: number) =>
  commentHotScore({ like_count: 0, reply_count: plan.comment.replies[k], created_at: plan.comment.time[k] });
