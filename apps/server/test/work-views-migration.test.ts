import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { insertWork, shanghaiDayStart } from '../src/modules/content/public.ts';
import { authHeaders, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { createUser, type TestUser } from './helpers/money.ts';
import { createVideoCategory } from './helpers/videos.ts';

const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

const DAY = 86_400_000;

/**
 * A database with today's video views in `video_views` when the work views migration runs: the
 * rows move to `work_views`, so a viewer counted before the upgrade is not counted again the same
 * day (docs/decisions/0046-video-views-apart.md, "Novels and comics too"); going back down keeps
 * the videos' rows.
 */
describeDialects('work views migration', (dialect) => {
  let t: TestApp;
  let db: Kysely<any>;
  let videoId: number;
  let novelId: number;
  let viewer: TestUser;
  let today: number;

  /** Whether the test's own database (its SQLite file, its PostgreSQL schema) has `table`. */
  const hasTable = (table: string) =>
    db
      .selectFrom(table)
      .select(sql`1`.as('one'))
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      );
  const view = async (
    kind: 'video' | 'novel',
    id: number,
    opts: { account?: TestUser; deviceId?: string },
  ) => {
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${kind}/${id}/view`,
      payload: opts.deviceId ? { deviceId: opts.deviceId } : {},
      headers: authHeaders(opts.account),
    });
    return raw.json().data as { viewCount: number; counted: boolean };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { periodicJobs: false });
    db = t.deps.db.kysely as Kysely<any>;
    const now = t.clock.now();
    today = shanghaiDayStart(now);
    videoId = await insertWork(t.deps.db.kysely, {
      kind: 'video',
      category_id: await createVideoCategory(t),
      title: '迁移前的视频',
      author: '测试作者',
      cover: '/uploads/video-covers/test.webp',
      tags: '[]',
      intro: '',
      status: 1,
      latest_unit_at: now,
      view_count: 2,
      hot_score: 2,
      created_at: now,
    });
    novelId = (await createNovel(t, { chapters: 1, hot: 0 })).workId;
    viewer = await createUser(t);
    // Back to the schema as it shipped before work_views, and the views the video route noted there.
    const back = await new Migrator({ db, provider }).migrateTo('2026112404-invites');
    expect(back.error).toBeUndefined();
    expect(await hasTable('video_views')).toBe(true);
    expect(await hasTable('work_views')).toBe(false);
    await db
      .insertInto('video_views')
      .values([
        { work_id: videoId, viewer: `u:${viewer.id}`, day: today },
        { work_id: videoId, viewer: 'd:device-before', day: today },
        { work_id: videoId, viewer: 'd:device-yesterday', day: today - DAY },
      ])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => t.close());

  it('carries the video views over to work_views and drops video_views', async () => {
    expect(await hasTable('work_views')).toBe(true);
    expect(await hasTable('video_views')).toBe(false);
    const rows = await db
      .selectFrom('work_views')
      .select(['work_id', 'viewer', 'day'])
      .orderBy('viewer')
      .execute();
    expect(rows.map((r) => [Number(r.work_id), r.viewer, Number(r.day)])).toEqual([
      [videoId, 'd:device-before', today],
      [videoId, 'd:device-yesterday', today - DAY],
      [videoId, `u:${viewer.id}`, today],
    ]);
  });

  it('does not count again today a viewer counted before the upgrade; others count', async () => {
    expect(await view('video', videoId, { account: viewer })).toEqual({ viewCount: 2, counted: false });
    expect(await view('video', videoId, { deviceId: 'device-before' })).toEqual({
      viewCount: 2,
      counted: false,
    });
    expect(await view('video', videoId, { deviceId: 'device-after' })).toEqual({
      viewCount: 3,
      counted: true,
    });
    // Novels count the same way now.
    expect(await view('novel', novelId, { account: viewer })).toEqual({ viewCount: 1, counted: true });
  });

  it('goes back down keeping the videos’ rows only, and up again', async () => {
    const back = await new Migrator({ db, provider }).migrateTo('2026112404-invites');
    expect(back.error).toBeUndefined();
    expect(await hasTable('work_views')).toBe(false);
    const rows = await db.selectFrom('video_views').select(['work_id', 'viewer']).orderBy('viewer').execute();
    expect(rows.map((r) => [Number(r.work_id), r.viewer])).toEqual([
      [videoId, 'd:device-after'],
      [videoId, 'd:device-before'],
      [videoId, `u:${viewer.id}`],
    ]);
    await migrateToLatest(db);
    expect(
      await db.selectFrom('work_views').select('viewer').where('work_id', '=', novelId).execute(),
    ).toEqual([]);
  });
});
