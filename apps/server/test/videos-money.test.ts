import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser, ledgerOf, type TestUser } from './helpers/money.ts';
import { createVideo, drawClip, removeClips } from './helpers/videos.ts';

// Paid and VIP videos (DESIGN §7, §13): bought once through the ledger, members watch VIP videos
// free, the src appears only once the caller may watch.

const DAY = 86_400_000;

describeDialects('videos: unlock, members and VIP', (dialect) => {
  let t: TestApp;
  let clip: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    clip = await drawClip(`money-${dialect}.mp4`);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await removeClips();
  });

  const unlock = (id: number, unitId: number, account?: TestUser) =>
    postForm(t.app, `/api/v1/video/${id}/unit/${unitId}/unlock`, {}, account);
  const detail = (id: number, account?: TestUser) => call(t.app, 'GET', `/api/v1/video/${id}`, { account });
  const videoPurchases = (userId: number) =>
    t.deps.db.kysely
      .selectFrom('purchases')
      .select(['ref', 'price'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'video')
      .execute();

  it('needs a login to unlock (code 2)', async () => {
    const video = await createVideo(t, clip, { price: 10 });
    expect((await unlock(video.id, video.id)).code).toBe(2);
  });

  it('charges once through the ledger, then the detail carries the src', async () => {
    const video = await createVideo(t, clip, { title: '账本视频', price: 15 });
    const user = await createUser(t, { coins: 40 });
    expect((await detail(video.id, user)).data).toMatchObject({ unlocked: false, src: null });
    expect((await unlock(video.id, video.id, user)).data).toEqual({ charged: 15, coinNum: 25 });
    expect((await unlock(video.id, video.id, user)).data).toEqual({ charged: 0, coinNum: 25 });
    const opened = await detail(video.id, user);
    expect(opened.data).toMatchObject({ unlocked: true, locked: null, charged: 0 });
    expect(opened.data.src).toMatch(/^\/api\/v1\/video\/\d+\/file\?/);
    expect(
      (await t.app.inject({ method: 'GET', url: opened.data.src, headers: { range: 'bytes=0-15' } }))
        .statusCode,
    ).toBe(206);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.map((r) => [r.reason, Number(r.delta), r.note])).toEqual([
      ['gift', 40, ''],
      ['video', -15, '账本视频·账本视频'],
    ]);
    // Another user still sees it locked.
    expect((await detail(video.id, await createUser(t))).data).toMatchObject({ unlocked: false, src: null });
  });

  it('answers 1001 with the balance and the price when the balance is too low, and charges nothing', async () => {
    const video = await createVideo(t, clip, { price: 30 });
    const user = await createUser(t, { coins: 5 });
    const answer = await unlock(video.id, video.id, user);
    expect(answer).toMatchObject({ status: 200, code: 1001, data: { coinNum: 5, price: 30 } });
    expect(await balanceOf(t, user.id)).toBe(5);
    expect(await videoPurchases(user.id)).toEqual([]);
  });

  it('charges 50 parallel unlocks once', async () => {
    const video = await createVideo(t, clip, { price: 12 });
    const user = await createUser(t, { coins: 100 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => unlock(video.id, video.id, user)));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(answers.map((a) => a.data.charged).sort((a, b) => b - a)).toEqual([12, ...Array(49).fill(0)]);
    expect(await balanceOf(t, user.id)).toBe(88);
    expect(await videoPurchases(user.id)).toHaveLength(1);
    expect((await ledgerOf(t, user.id)).filter((r) => r.reason === 'video')).toHaveLength(1);
  });

  it('lets a member watch a VIP video free; a lapsed member and a non-member pay its price', async () => {
    const video = await createVideo(t, clip, { price: 20, vip: true });
    const now = t.clock.now();
    const member = await createUser(t, { levelType: 1, expTime: now + 30 * DAY, coins: 50 });
    const watched = await detail(video.id, member);
    expect(watched.data).toMatchObject({ unlocked: true, locked: null, vip: true, price: 20 });
    expect(watched.data.src).toEqual(expect.any(String));
    expect((await unlock(video.id, video.id, member)).data).toEqual({ charged: 0, coinNum: 50 });

    const lapsed = await createUser(t, { levelType: 1, expTime: now - DAY, coins: 50 });
    expect((await detail(video.id, lapsed)).data).toMatchObject({
      unlocked: false,
      locked: { price: 20, vip: true, coinNum: 50 },
    });
    expect((await unlock(video.id, video.id, lapsed)).data).toEqual({ charged: 20, coinNum: 30 });
    expect((await detail(video.id, lapsed)).data.unlocked).toBe(true);

    // A priced video that is not VIP costs a member its price too.
    const priced = await createVideo(t, clip, { price: 9 });
    expect((await detail(priced.id, member)).data).toMatchObject({ unlocked: false, locked: { vip: false } });
    expect((await unlock(priced.id, priced.id, member)).data).toEqual({ charged: 9, coinNum: 41 });
  });

  it('buys on opening with auto-unlock on, within the daily cap', async () => {
    const video = await createVideo(t, clip, { price: 8 });
    const dear = await createVideo(t, clip, { price: 80 });
    const user = await createUser(t, { coins: 100 });
    const settings = await call(t.app, 'PUT', '/api/v1/reading/settings', {
      account: user,
      json: { autoUnlock: { enabled: true, dailyCap: 50 } },
    });
    expect(settings.code).toBe(0);
    expect((await detail(video.id, user)).data).toMatchObject({ unlocked: true, charged: 8 });
    expect((await detail(video.id, user)).data).toMatchObject({ unlocked: true, charged: 0 });
    expect((await detail(dear.id, user)).data).toMatchObject({
      unlocked: false,
      charged: 0,
      locked: { price: 80 },
    });
    expect(await balanceOf(t, user.id)).toBe(92);
  });

  it('answers 404 for a unit id other than the video id or an unknown video, 400 for a bad id', async () => {
    const video = await createVideo(t, clip, { price: 10 });
    const user = await createUser(t, { coins: 100 });
    expect((await unlock(video.id, video.unitId + 1000, user)).status).toBe(404);
    expect((await unlock(999_999, 999_999, user)).status).toBe(404);
    const answer = await postForm(t.app, `/api/v1/video/${video.id}/unit/abc/unlock`, {}, user);
    expect(answer).toMatchObject({ status: 400, msg: expect.stringContaining('unitId') });
    expect(await balanceOf(t, user.id)).toBe(100);
  });
});
