import { ErrorCode } from '@ld/contract/envelope';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_LOGIN_NAME, DEMO_PASSWORD, seedAccounts } from '../src/modules/accounts/seed.ts';
import { seedGames } from '../src/modules/games/seed.ts';
import { seedGifts } from '../src/modules/gifts/seed.ts';
import { seedVipPlans } from '../src/modules/vip/seed.ts';
import { DEMO_DIAMONDS, seedWallet } from '../src/modules/wallet/seed.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';

describeDialects('money demo content', (dialect) => {
  let t: TestApp;
  let demo: { uid: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await seedAccounts(t.deps);
    await seedGames(t.deps);
    await seedGifts(t.deps);
    await seedWallet(t.deps);
    await seedVipPlans(t.deps);
    const login = await postForm(t.app, '/api/user/login', {
      loginName: DEMO_LOGIN_NAME,
      password: DEMO_PASSWORD,
    });
    demo = login.data;
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('has 30+ games over 5+ types, free and paid, with pictures', async () => {
    const types = await call(t.app, 'GET', '/api/v1/game/types');
    expect(types.data.length).toBeGreaterThanOrEqual(5);
    const list = await postForm(t.app, '/api/web/game/list', { currentPage: 1, pageSize: 100 });
    const games = list.data.records;
    expect(list.data.total).toBeGreaterThanOrEqual(30);
    expect(new Set(games.map((g: { type: number }) => g.type)).size).toBeGreaterThanOrEqual(5);
    const paid = games.filter((g: { onlineType: number }) => g.onlineType !== 0);
    expect(games.some((g: { onlineType: number }) => g.onlineType === 0)).toBe(true);
    expect(paid.length).toBeGreaterThan(games.length / 2);
    expect(paid.every((g: { buyAmount: number }) => g.buyAmount >= 10 && g.buyAmount <= 120)).toBe(true);
    const first = games[0];
    expect(first.appID).not.toBe(2008);
    const icon = await get(first.icon);
    expect(icon.statusCode).toBe(200);
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
    expect(first.screenshots.length).toBeGreaterThanOrEqual(3);
    expect(first.screenshots.length).toBeLessThanOrEqual(5);
    const shot = await get(first.screenshots[0]);
    expect(await sharp(shot.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 720,
      height: 1280,
    });
    expect(
      games.every((g: { description: string; tags: string[] }) => g.description && g.tags.length > 0),
    ).toBe(true);
  });

  it('serves a small real package (a ZIP with a README) through a signed link', async () => {
    const list = await postForm(t.app, '/api/web/game/list', { pageSize: 100 });
    const free = list.data.records.find((g: { onlineType: number }) => g.onlineType === 0);
    const res = await postForm(t.app, `/api/user/game/download/${free.id}`, { platformType: 1 });
    const url = new URL(res.data.url);
    const file = await get(`${url.pathname}${url.search}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.length).toBeLessThan(16 * 1024);
    expect(file.rawPayload.toString('utf8')).toContain('README.txt');
  });

  it('has gift packs: open ones in the centre, one expired, one sold out, and the demo’s claimed codes', async () => {
    const centre = await call(t.app, 'GET', '/api/v1/gift/center', { query: { pageSize: 100 } });
    expect(centre.data.total).toBeGreaterThanOrEqual(8);
    const statuses = new Map<string, number>();
    const list = await postForm(t.app, '/api/web/game/list', { pageSize: 100 });
    for (const game of list.data.records) {
      const packs = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appID });
      for (const p of packs.data) statuses.set(p.status, (statuses.get(p.status) ?? 0) + 1);
      for (const p of packs.data) if (p.status !== 'soldOut') expect(p.total).toBeGreaterThanOrEqual(20);
    }
    expect(statuses.get('ended')).toBe(1);
    expect(statuses.get('soldOut')).toBe(1);
    expect(statuses.get('upcoming')).toBe(1);
    const mine = await call(t.app, 'GET', '/api/v1/gift/me', { account: demo });
    expect(mine.data.total).toBe(3);
  });

  it('credits the demo account through the ledger and lists packs and plans', async () => {
    const coin = await postForm(t.app, '/api/user/center/coin/all', { uid: demo.uid }, demo);
    expect(coin.data.records).toHaveLength(1);
    expect(coin.data.records[0]).toMatchObject({
      delta: DEMO_DIAMONDS,
      balanceAfter: DEMO_DIAMONDS,
      reason: 'gift',
    });
    const packs = await call(t.app, 'GET', '/api/v1/wallet/packs');
    expect(packs.data).toHaveLength(6);
    const plans = await postForm(t.app, '/api/vip/vipconfig', {});
    expect(plans.data.map((p: { badge: string }) => p.badge)).toEqual(['month', 'normal', 'year']);
    // 500 diamonds do not buy the 2800 year plan.
    const year = await postForm(t.app, '/api/vip/vipopen', { vipType: 3 }, demo);
    expect(year.code).toBe(ErrorCode.balanceInsufficient);
  });
});
