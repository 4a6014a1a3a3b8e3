import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import type { Database } from '../src/db/schema.ts';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { insertSquareFixtures } from './helpers/square.ts';

const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

/**
 * A database that already has posts and comments when the counters migration runs: the
 * counters start equal to the rows, so totals answer as they did before the upgrade.
 */
describeDialects('square counters migration', (dialect) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let tagIds: number[];
  let postIds: number[];

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { periodicJobs: false });
    db = t.deps.db.kysely;
    ({ tagIds } = await insertSquareFixtures(t.app));
    const author = Number((await registerUser(t.app)).uid);
    // Back to the schema as it shipped before the counters, and rows written there.
    const back = await new Migrator({ db, provider }).migrateTo('2026112203-square');
    expect(back.error).toBeUndefined();
    const now = t.clock.now();
    const posts = await db
      .insertInto('square_posts')
      .values(
        [0, 0, 0, 1, 1, 2].map((tag, i) => ({
          user_id: author,
          tag_id: tagIds[tag],
          content: `迁移前的帖子 ${i}`,
          hot_score: 0,
          created_at: now - 1000 + i,
          updated_at: now - 1000 + i,
          // One deleted post of tag 0: it counts nowhere.
          deleted_at: i === 2 ? now : null,
        })),
      )
      .returning('id')
      .execute();
    postIds = posts.map((p) => p.id);
    const comment = (postIndex: number, rootId: number | null, deleted: boolean, i: number) => ({
      post_id: postIds[postIndex],
      user_id: author,
      root_id: rootId,
      reply_comment_id: rootId,
      reply_to_user_id: rootId === null ? null : author,
      content: `迁移前的评论 ${i}`,
      hot_score: 0,
      created_at: now - 500 + i,
      deleted_at: deleted ? now : null,
    });
    const roots = await db
      .insertInto('square_comments')
      .values([
        comment(0, null, false, 0),
        comment(0, null, false, 1),
        comment(0, null, true, 2),
        comment(3, null, false, 3),
      ])
      .returning('id')
      .execute();
    await db
      .insertInto('square_comments')
      .values([
        comment(0, roots[0].id, false, 4),
        comment(0, roots[0].id, false, 5),
        comment(3, roots[3].id, false, 6),
      ])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => t.close());

  it('fills the live-post counters and the top-level comment counts from the existing rows', async () => {
    const counters = await db.selectFrom('square_post_counters').select(['tag_id', 'live_count']).execute();
    expect(new Map(counters.map((c) => [Number(c.tag_id), Number(c.live_count)]))).toEqual(
      new Map([
        [0, 5],
        [tagIds[0], 2],
        [tagIds[1], 2],
        [tagIds[2], 1],
      ]),
    );
    const posts = await db
      .selectFrom('square_posts')
      .select(['id', 'top_comment_count'])
      .orderBy('id')
      .execute();
    expect(posts.map((p) => p.top_comment_count)).toEqual([2, 0, 0, 1, 0, 0]);
  });

  it('answers the totals the rows give, and keeps them from there', async () => {
    const total = async (query: Record<string, string | number> = {}) =>
      (await call(t.app, 'GET', '/api/v1/square/post/list', { query })).data.total;
    expect(await total()).toBe(5);
    expect(await total({ tagId: tagIds[0] })).toBe(2);
    expect(await total({ tagId: tagIds[3] })).toBe(0);
    const comments = await call(t.app, 'GET', `/api/v1/square/post/${postIds[0]}/comment/list`);
    expect(comments.data.total).toBe(2);
    const alice = await registerUser(t.app);
    await call(t.app, 'POST', '/api/v1/square/post', {
      json: { content: '迁移后', tagId: tagIds[3] },
      account: alice,
    });
    expect(await total()).toBe(6);
    expect(await total({ tagId: tagIds[3] })).toBe(1);
  });
});
