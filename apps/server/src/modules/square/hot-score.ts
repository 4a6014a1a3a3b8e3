/**
 * Hot ranking without a background job: the score is the creation time in seconds plus a day for
 * every tenfold of engagement (likes, and comments or replies counted double). Age is therefore
 * built in, the score changes only when engagement does, and it is updated in the same
 * transaction as the like or comment, so the hot feed is one indexed keyset walk.
 */
const SECONDS_PER_TENFOLD = 86_400;

function score(createdAtMs: number, engagement: number): number {
  return (
    Math.floor(createdAtMs / 1000) + Math.round(SECONDS_PER_TENFOLD * Math.log10(1 + Math.max(0, engagement)))
  );
}

export const postHotScore = (p: { like_count: number; comment_count: number; created_at: number }) =>
  score(p.created_at, p.like_count + 2 * p.comment_count);

export const commentHotScore = (c: { like_count: number; reply_count: number; created_at: number }) =>
  score(c.created_at, c.like_count + 2 * c.reply_count);
