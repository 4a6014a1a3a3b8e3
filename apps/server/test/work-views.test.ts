import type { WorkKind } from '@ld/contract/content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWork } from '../src/modules/content/public.ts';
import { authHeaders, call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createComic } from './helpers/comics.ts';
import { createNovel } from './helpers/content.ts';
import { createUser, type TestUser } from './helpers/money.ts';
import { createVideoCategory } from './helpers/videos.ts';

// A work page's view, apart from its detail (docs/decisions/0046-video-views-apart.md, "Novels and
// comics too"): GET /v1/{novel|comic|video}/{id} only reads; POST /v1/{kind}/{id}/view counts once
// per viewer (user, else guest device, else address) and Asia/Shanghai day. The video's own cases
// (a locked video, the player's detail) are in videos-catalogue.test.ts.

const HOUR = 3600_000;
const WHAT = { novel: '小说', comic: '漫画', video: '视频' } as const;

describeDialects('work views', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A work of `kind` with `views` views (a bare work for a video: the view needs no file). */
  async function createWork(kind: WorkKind, views: number): Promise<number> {
    if (kind === 'novel') return (await createNovel(t, { chapters: 3, hot: views })).workId;
    if (kind === 'comic') return (await createComic(t, { episodes: 3, hot: views })).workId;
    const now = t.clock.now();
    return insertWork(t.deps.db.kysely, {
      kind: 'video',
      category_id: await createVideoCategory(t),
      title: '计数视频',
      author: '测试作者',
      cover: '/uploads/video-covers/test.webp',
      tags: '[]',
      intro: '',
      status: 1,
      latest_unit_at: now,
      view_count: views,
      hot_score: views,
      created_at: now,
    });
  }

  const stored = async (workId: number) => {
    const row = await t.deps.db.kysely
      .selectFrom('works')
      .select(['view_count', 'hot_score'])
      .where('id', '=', workId)
      .executeTakeFirstOrThrow();
    return { views: Number(row.view_count), heat: Number(row.hot_score) };
  };

  const view = async (
    kind: WorkKind,
    id: number | string,
    opts: { account?: TestUser; deviceId?: string; ip?: string } = {},
  ) => {
    const form = new URLSearchParams({
      appID: '2008',
      ...(opts.deviceId ? { deviceId: opts.deviceId } : {}),
    });
    const raw = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${kind}/${id}/view`,
      payload: form.toString(),
      remoteAddress: opts.ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...authHeaders(opts.account) },
    });
    const body = raw.json();
    return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data };
  };

  describe.each(['novel', 'comic'] as const)('of a %s', (kind) => {
    const unitsPath = kind === 'novel' ? 'chapters' : 'episodes';

    it('are never counted by reading the detail, the menu or a unit, as a guest or a user', async () => {
      const fixture =
        kind === 'novel'
          ? await createNovel(t, { chapters: 2, free: 2, hot: 7 })
          : await createComic(t, { episodes: 2, free: 2, hot: 7 });
      const id = fixture.workId;
      const user = await createUser(t);
      const unitPath =
        kind === 'novel'
          ? `/api/v1/novel/${id}/chapter/${fixture.unitIds[0]}`
          : `/api/v1/comic/${id}/episode/${fixture.unitIds[0]}`;
      for (const account of [undefined, user]) {
        for (let i = 0; i < 3; i += 1) {
          expect((await call(t.app, 'GET', `/api/v1/${kind}/${id}`, { account })).data.viewCount).toBe(7);
        }
        expect((await call(t.app, 'GET', `/api/v1/${kind}/${id}/${unitsPath}`, { account })).code).toBe(0);
        expect((await call(t.app, 'GET', unitPath, { account })).code).toBe(0);
      }
      // An older client's device id in the query is ignored, not an error and not a view.
      const withDevice = await call(t.app, 'GET', `/api/v1/${kind}/${id}`, {
        query: { deviceId: 'device-9' },
      });
      expect(withDevice.data.viewCount).toBe(7);
      expect(await stored(id)).toEqual({ views: 7, heat: 7 });
      // The page's call counts, and the detail shows it.
      expect((await view(kind, id, { account: user })).data).toEqual({ viewCount: 8, counted: true });
      expect((await call(t.app, 'GET', `/api/v1/${kind}/${id}`)).data.viewCount).toBe(8);
      expect(await stored(id)).toEqual({ views: 8, heat: 8 });
    });

    it('count once per user, guest device or address per Asia/Shanghai day', async () => {
      const id = await createWork(kind, 0);
      const a = await createUser(t);
      const b = await createUser(t);
      expect((await view(kind, id, { account: a })).data).toEqual({ viewCount: 1, counted: true });
      expect((await view(kind, id, { account: a })).data).toEqual({ viewCount: 1, counted: false });
      // Ten calls at once by one viewer add one view.
      const many = await Promise.all(Array.from({ length: 10 }, () => view(kind, id, { account: b })));
      expect(many.filter((r) => r.data.counted)).toHaveLength(1);
      // A logged-in viewer is counted by account, whatever device id it sends.
      expect((await view(kind, id, { account: b, deviceId: 'device-of-b' })).data.counted).toBe(false);
      expect((await view(kind, id, { deviceId: 'device-1' })).data.counted).toBe(true);
      expect((await view(kind, id, { deviceId: 'device-1' })).data.counted).toBe(false);
      expect((await view(kind, id, { deviceId: 'device-2' })).data.counted).toBe(true);
      // Without a device id the address stands in.
      expect((await view(kind, id, { ip: '203.0.113.9' })).data.counted).toBe(true);
      expect((await view(kind, id, { ip: '203.0.113.9' })).data.counted).toBe(false);
      // A guest's device is not the account of who logs in on it.
      expect((await view(kind, id, { deviceId: 'device-of-b' })).data).toEqual({
        viewCount: 6,
        counted: true,
      });
      expect(await stored(id)).toEqual({ views: 6, heat: 6 });
      // The next Asia/Shanghai day starts at 16:00 UTC: everyone counts again.
      const now = t.clock.now();
      const nextDay = Math.floor((now + 8 * HOUR) / (24 * HOUR) + 1) * 24 * HOUR - 8 * HOUR;
      t.clock.advance(nextDay - now - 1000);
      expect((await view(kind, id, { account: a })).data.counted).toBe(false);
      t.clock.advance(2000);
      expect((await view(kind, id, { account: a })).data).toEqual({ viewCount: 7, counted: true });
      expect((await view(kind, id, { account: a })).data).toEqual({ viewCount: 7, counted: false });
      // Yesterday's rows are gone: only today's viewer is remembered.
      const rows = await t.deps.db.kysely
        .selectFrom('work_views')
        .select('viewer')
        .where('work_id', '=', id)
        .execute();
      expect(rows.map((r) => r.viewer)).toEqual([`u:${a.id}`]);
    });

    it(`answers 404 ${WHAT[kind]}不存在 for an unknown id or another kind’s work, 400 for a bad id or deviceId`, async () => {
      const id = await createWork(kind, 3);
      expect(await view(kind, 999_999_999)).toMatchObject({
        status: 404,
        code: 404,
        msg: `${WHAT[kind]}不存在`,
      });
      const other = await createWork(kind === 'novel' ? 'comic' : 'novel', 0);
      expect(await view(kind, other)).toMatchObject({ status: 404, code: 404, msg: `${WHAT[kind]}不存在` });
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const answer = await view(kind, bad);
        expect({ bad, status: answer.status, code: answer.code }).toEqual({ bad, status: 400, code: 400 });
        expect(answer.msg).toContain('id');
      }
      for (const deviceId of ['has space', 'x'.repeat(65), '设备']) {
        const answer = await view(kind, id, { deviceId });
        expect(answer).toMatchObject({ status: 400, code: 400, msg: expect.stringContaining('deviceId') });
      }
      // Nothing above counted.
      expect(await stored(id)).toEqual({ views: 3, heat: 3 });
      // A JSON body and no body at all are accepted (the address is then the viewer).
      const json = await call(t.app, 'POST', `/api/v1/${kind}/${id}/view`, { json: { deviceId: 'json-1' } });
      expect(json.data).toEqual({ viewCount: 4, counted: true });
      const empty = await t.app.inject({ method: 'POST', url: `/api/v1/${kind}/${id}/view` });
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ code: 0, data: { counted: expect.any(Boolean) } });
    });
  });

  it('counts a viewer once per work, apart for each work of every kind', async () => {
    const user = await createUser(t);
    const ids = {
      novel: await createWork('novel', 0),
      comic: await createWork('comic', 0),
      video: await createWork('video', 0),
    };
    for (const kind of ['novel', 'comic', 'video'] as const) {
      expect((await view(kind, ids[kind], { account: user })).data).toEqual({ viewCount: 1, counted: true });
      expect((await view(kind, ids[kind], { deviceId: 'shared-device' })).data).toEqual({
        viewCount: 2,
        counted: true,
      });
    }
    // The video route is the shared one: another kind's work is not a video.
    expect(await view('video', ids.novel)).toMatchObject({ status: 404, msg: '视频不存在' });
    expect(await view('novel', ids.video)).toMatchObject({ status: 404, msg: '小说不存在' });
  });
});
