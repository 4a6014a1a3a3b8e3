import { SensitiveWordMatcher } from '@ld/contract/sensitive-words';
import type { Deps } from '../../platform/deps.ts';
import { createPeople, DEMO_LOGIN_NAME, findUserIdByLoginName } from '../accounts/public.ts';
import { commentHotScore, postHotScore } from './hot-score.ts';
import { addLivePosts } from './posts-repository.ts';
import {
  COMMENT_PHRASES,
  composePost,
  NICKNAMES,
  REPLY_PHRASES,
  SEED_KEYWORDS,
  SEED_SENSITIVE_WORDS,
  SEED_TAGS,
} from './seed-content.ts';
import { avatarSvg, pictureSvg, type Random, svgToWebp } from './seed-images.ts';
import {
  insertComments,
  insertFollows,
  insertLikes,
  insertPosts,
  insertReplies,
  insertTags,
  type SeedComment,
  type SeedPost,
} from './seed-rows.ts';

const DAY = 24 * 3600 * 1000;
const SEED_USERS = 60;
const SEED_POSTS = 520;
const SEED_PICTURES = 40;

/** mulberry32: a small seeded generator, so every fresh install gets the same demo square. */
function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Times that no other seeded row of the same table has, so inserted rows can be told apart. */
function uniqueTimes() {
  const used = new Set<number>();
  return (t: number) => {
    let time = Math.floor(t);
    while (used.has(time)) time += 1;
    used.add(time);
    return time;
  };
}

/**
 * The demo square: tags, 60 people with generated avatars, 520 posts over the last 30 days with
 * pictures, a few thousand comments and replies, likes, follows, the sensitive-word list and
 * hot keywords. Counters and hot scores are computed from the rows written, so they agree.
 */
export async function seedSquare(deps: Deps): Promise<void> {
  const random = seededRandom(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const sample = (pool: number[], n: number) => {
    const copy = [...pool];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(n, copy.length));
  };
  const now = deps.clock.now();
  const matcher = new SensitiveWordMatcher(SEED_SENSITIVE_WORDS);
  const clean = (compose: () => string) => {
    for (;;) {
      const text = compose();
      if (!matcher.hasAny(text)) return text;
    }
  };

  // Pictures first: encoding is the slow part and needs no transaction.
  const avatarBytes = await Promise.all(
    Array.from({ length: SEED_USERS }, () => svgToWebp(avatarSvg(random), 82)),
  );
  const pictureBytes = await Promise.all(
    Array.from({ length: SEED_PICTURES }, (_, i) => svgToWebp(pictureSvg(random, i))),
  );
  const avatars = await Promise.all(avatarBytes.map((b) => deps.storage.save('avatars', 'webp', b)));
  const pictures = await Promise.all(pictureBytes.map((b) => deps.storage.save('posts', 'webp', b)));

  await deps.db.kysely.transaction().execute(async (trx) => {
    const tagIds = await insertTags(trx, now);
    await trx
      .insertInto('sensitive_words')
      .values(SEED_SENSITIVE_WORDS.map((word) => ({ word, created_at: now })))
      .execute();
    await trx
      .insertInto('square_keywords')
      .values(SEED_KEYWORDS.map(([keyword, hits]) => ({ keyword, hits, updated_at: now })))
      .execute();

    // The square's voices are accounts (made by the accounts module); they cannot log in.
    const userIds = await createPeople(
      trx,
      avatars.map((avatar, i) => ({
        loginName: `fan_${String(i + 1).padStart(3, '0')}`,
        name: NICKNAMES[i % NICKNAMES.length],
        avatar,
        createdAt: now - (40 + Math.floor(random() * 200)) * DAY,
      })),
    );
    // The demo account is made by the accounts seed, which runs first.
    const demoId = await findUserIdByLoginName(trx, DEMO_LOGIN_NAME);
    const demo = demoId === null ? undefined : { id: demoId };
    const everyone = demo ? [...userIds, demo.id] : userIds;
    // A few people are prolific and popular; most post now and then.
    const stars = sample(userIds, 8);
    const author = () => (random() < 0.35 ? pick(stars) : pick(userIds));

    const postTime = uniqueTimes();
    const posts: SeedPost[] = Array.from({ length: SEED_POSTS }, (_, n) => {
      const tagIndex = between(0, SEED_TAGS.length - 1);
      const imageCount = pick([0, 0, 0, 0, 1, 1, 2, 3, 3, 4, 6, 9]);
      const popularity = random() < 0.1 ? between(15, 55) : between(0, 12);
      return {
        userId: author(),
        tagId: tagIds[tagIndex],
        content: clean(() => composePost(SEED_TAGS[tagIndex], pick, n + 1)),
        images: sample(
          pictures.map((_, i) => i),
          imageCount,
        ).map((i) => pictures[i]),
        // Five minutes of slack, so every comment and reply below still lies in the past.
        createdAt: postTime(now - 5 * 60_000 - random() * 30 * DAY),
        likers: sample(everyone, popularity),
        comments: random() < 0.15 ? 0 : between(1, popularity > 12 ? 12 : 6),
      };
    });
    if (demo) {
      const demoPosts = [
        '大家好，我是蓝钻玩家，平时喜欢玩卡牌和角色扮演类游戏，欢迎互关！',
        '求推荐几款适合通勤时玩的小游戏，最好能单手操作的。',
        '连续签到第 7 天，拿到了周期奖励，开心！',
      ];
      demoPosts.forEach((content, i) => {
        posts.push({
          userId: demo.id,
          tagId: tagIds[i === 1 ? 5 : 4],
          content,
          images: i === 2 ? [pictures[0]] : [],
          createdAt: postTime(now - (i + 1) * 2 * DAY),
          likers: sample(userIds, between(3, 12)),
          comments: between(2, 5),
        });
      });
    }

    const postIds = await insertPosts(trx, posts);
    const postsByTag = new Map<number, number>();
    for (const post of posts) postsByTag.set(post.tagId, (postsByTag.get(post.tagId) ?? 0) + 1);
    await addLivePosts(trx, postsByTag);

    // Top-level comments, each thread with 0–5 replies.
    const commentTime = uniqueTimes();
    const roots: SeedComment[] = [];
    posts.forEach((post, postIndex) => {
      for (let i = 0; i < post.comments; i += 1) {
        const age = Math.max(0, now - 60_000 - post.createdAt);
        roots.push({
          postIndex,
          userId: i === 0 && demo && random() < 0.03 ? demo.id : pick(everyone),
          content: pick(COMMENT_PHRASES),
          createdAt: commentTime(post.createdAt + random() * Math.min(age, 3 * DAY)),
          likers: sample(everyone, random() < 0.2 ? between(3, 20) : between(0, 3)),
          replies: random() < 0.45 ? between(1, 5) : 0,
          id: 0,
        });
      }
    });
    await insertComments(trx, roots, postIds);

    // Replies in two waves: to the top-level comment, then to a reply of the first wave.
    const replyRows: Array<SeedComment & { root: SeedComment; to: SeedComment }> = [];
    for (const root of roots) {
      for (let i = 0; i < root.replies; i += 1) {
        replyRows.push({
          postIndex: root.postIndex,
          userId: pick(everyone),
          content: pick(REPLY_PHRASES),
          createdAt: commentTime(
            root.createdAt + random() * Math.min(Math.max(0, now - 60_000 - root.createdAt), DAY),
          ),
          likers: sample(everyone, between(0, 2)),
          replies: 0,
          id: 0,
          root,
          to: root,
        });
      }
    }
    const firstWave = replyRows.filter((_, i) => i % 3 !== 2);
    const secondWave = replyRows.filter((_, i) => i % 3 === 2);
    for (const reply of secondWave) {
      const earlier = firstWave.filter((r) => r.root === reply.root && r.createdAt < reply.createdAt);
      if (earlier.length > 0) reply.to = pick(earlier);
    }
    for (const wave of [firstWave, secondWave]) await insertReplies(trx, wave, postIds);

    await insertLikes(trx, posts, postIds, [...roots, ...replyRows], now);
    await insertFollows(trx, userIds, demo?.id ?? null, sample, between, now);

    // Counters and hot scores from what was written.
    const countsByPost = new Map<number, number>();
    for (const c of [...roots, ...replyRows]) {
      countsByPost.set(c.postIndex, (countsByPost.get(c.postIndex) ?? 0) + 1);
    }
    const topCountsByPost = new Map<number, number>();
    for (const c of roots) topCountsByPost.set(c.postIndex, (topCountsByPost.get(c.postIndex) ?? 0) + 1);
    const replyCounts = new Map<SeedComment, number>();
    for (const r of replyRows) replyCounts.set(r.root, (replyCounts.get(r.root) ?? 0) + 1);
    for (const root of roots) {
      const replies = replyCounts.get(root) ?? 0;
      if (replies === 0) continue;
      await trx
        .updateTable('square_comments')
        .set({
          reply_count: replies,
          hot_score: commentHotScore({
            like_count: root.likers.length,
            reply_count: replies,
            created_at: root.createdAt,
          }),
        })
        .where('id', '=', root.id)
        .execute();
    }
    for (const [postIndex, count] of countsByPost) {
      const post = posts[postIndex];
      await trx
        .updateTable('square_posts')
        .set({
          comment_count: count,
          top_comment_count: topCountsByPost.get(postIndex) ?? 0,
          hot_score: postHotScore({
            like_count: post.likers.length,
            comment_count: count,
            created_at: post.createdAt,
          }),
        })
        .where('id', '=', postIds[postIndex])
        .execute();
    }
  });
}
