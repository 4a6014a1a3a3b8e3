import type { Account } from '@ld/contract/accounts';
import { SensitiveWordMatcher } from '@ld/contract/sensitive-words';
import { POST_IMAGE_URL } from '@ld/contract/square';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedAccounts } from '../src/modules/accounts/seed.ts';
import { commentHotScore, postHotScore } from '../src/modules/square/hot-score.ts';
import { seedSquare } from '../src/modules/square/seed.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';

const DAY = 24 * 3600 * 1000;

describeDialects('square demo content', (dialect) => {
  let t: TestApp;
  let demo: Account;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedAccounts(t.deps);
    // How fast it seeds is a figure for `npm run bench`, not an assertion on a busy test machine.
    await seedSquare(t.deps);
    demo = (await postForm<Account>(t.app, '/api/user/login', { loginName: 'demo', password: 'demo123456' }))
      .data;
  });
  afterAll(() => t.close());

  it('seeds people with avatars who cannot log in', async () => {
    const fans = await t.deps.db.kysely
      .selectFrom('users')
      .select(['login_name', 'avatar', 'password_hash'])
      .where('login_name', 'like', 'fan_%')
      .execute();
    expect(fans.length).toBeGreaterThanOrEqual(50);
    for (const fan of fans) {
      expect(fan.password_hash).toBeNull();
      expect(await t.deps.storage.exists(fan.avatar!.slice('/uploads/'.length))).toBe(true);
    }
    const login = await postForm(t.app, '/api/user/login', { loginName: 'fan_001', password: 'whatever1' });
    expect(login.code).not.toBe(0);
  });

  it('seeds hundreds of posts over the last 30 days with reused pictures and clean text', async () => {
    const posts = await t.deps.db.kysely
      .selectFrom('square_posts')
      .select(['content', 'images', 'created_at'])
      .execute();
    expect(posts.length).toBeGreaterThanOrEqual(500);
    const now = t.clock.now();
    expect(posts.every((p) => p.created_at <= now && p.created_at > now - 31 * DAY)).toBe(true);
    const images = posts.flatMap((p) => JSON.parse(p.images) as string[]);
    expect(images.every((url) => POST_IMAGE_URL.test(url))).toBe(true);
    expect(new Set(images).size).toBe(40);
    expect(posts.some((p) => JSON.parse(p.images).length === 9)).toBe(true);
    const words = (await call(t.app, 'GET', '/api/v1/square/sensitiveword/list', { query: { pageSize: 99 } }))
      .data;
    expect(words.total).toBeGreaterThanOrEqual(20);
    expect(words.records).toContain('fuck');
    const matcher = new SensitiveWordMatcher(words.records);
    const comments = await t.deps.db.kysely.selectFrom('square_comments').select('content').execute();
    expect(comments.length).toBeGreaterThanOrEqual(2000);
    expect([...posts, ...comments].filter((x) => matcher.hasAny(x.content))).toEqual([]);
  });

  it('keeps every counter and hot score equal to the rows behind it', async () => {
    const db = t.deps.db.kysely;
    const posts = await db
      .selectFrom('square_posts as p')
      .select([
        'p.like_count',
        'p.comment_count',
        'p.top_comment_count',
        'p.hot_score',
        'p.created_at',
        sql<number>`(select count(*) from square_post_likes l where l.post_id = p.id)`.as('likes'),
        sql<number>`(select count(*) from square_comments c where c.post_id = p.id)`.as('comments'),
        sql<number>`(select count(*) from square_comments c where c.post_id = p.id and c.root_id is null and c.deleted_at is null)`.as(
          'top',
        ),
      ])
      .execute();
    for (const p of posts) {
      expect([p.like_count, p.comment_count, p.top_comment_count]).toEqual([
        Number(p.likes),
        Number(p.comments),
        Number(p.top),
      ]);
      expect(p.hot_score).toBe(postHotScore(p));
    }
    expect(posts.some((p) => p.top_comment_count > 0 && p.top_comment_count < p.comment_count)).toBe(true);
    // The live-post counters: one row per tag and the all-posts row (tag_id 0).
    const live = await db
      .selectFrom('square_posts')
      .select(['tag_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted_at', 'is', null)
      .groupBy('tag_id')
      .execute();
    const expected = new Map(live.map((r) => [Number(r.tag_id), Number(r.n)]));
    expected.set(0, posts.length);
    const counters = await db.selectFrom('square_post_counters').select(['tag_id', 'live_count']).execute();
    expect(new Map(counters.map((c) => [Number(c.tag_id), Number(c.live_count)]))).toEqual(expected);
    const comments = await db
      .selectFrom('square_comments as c')
      .select([
        'c.like_count',
        'c.reply_count',
        'c.hot_score',
        'c.created_at',
        sql<number>`(select count(*) from square_comment_likes l where l.comment_id = c.id)`.as('likes'),
        sql<number>`(select count(*) from square_comments r where r.root_id = c.id)`.as('replies'),
      ])
      .execute();
    for (const c of comments) {
      expect([c.like_count, c.reply_count]).toEqual([Number(c.likes), Number(c.replies)]);
      expect(c.hot_score).toBe(commentHotScore(c));
    }
    const repliesToReplies = await db
      .selectFrom('square_comments')
      .select('id')
      .whereRef('reply_comment_id', '!=', 'root_id')
      .execute();
    expect(repliesToReplies.length).toBeGreaterThan(0);
  });

  it('gives the demo account people to follow, posts of its own and a follow feed', async () => {
    expect(demo.loginName).toBe('demo');
    const feed = await call(t.app, 'GET', '/api/v1/square/post/follow', { account: demo });
    expect(feed.code).toBe(0);
    expect(feed.data.total).toBeGreaterThan(20);
    expect(feed.data.records.every((p: { followed: boolean }) => p.followed)).toBe(true);
    const mine = await call(t.app, 'GET', '/api/v1/square/post/me', { account: demo });
    expect(mine.data.total).toBeGreaterThanOrEqual(3);
    const hot = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 1 } });
    expect(hot.data.records).toHaveLength(10);
    expect(hot.data.records[0].likeCount + hot.data.records[0].commentCount).toBeGreaterThan(5);
  });
});
