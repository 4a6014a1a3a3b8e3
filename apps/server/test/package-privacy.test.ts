import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedGames } from '../src/modules/games/seed.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { createUser, type TestUser } from './helpers/money.ts';

interface PackageRow {
  id: number;
  app_id: number;
  android_package: string | null;
  ios_package: string | null;
}

// A paid game's package is what the diamonds buy: it leaves the server only through a short-lived
// signed link (DESIGN §6), never from the static uploads folder, and no answer says where it lies.
describeDialects('game packages', (dialect) => {
  let t: TestApp;
  let games: PackageRow[];
  let member: TestUser;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://portal.example.test' });
    await seedGames(t.deps);
    games = await t.deps.db.kysely
      .selectFrom('games')
      .select(['id', 'app_id', 'android_package', 'ios_package'])
      .orderBy('id')
      .execute();
    // A member downloads every game free, so every package link can be had.
    member = await createUser(t, { levelType: 1, expTime: t.clock.now() + 30 * 86_400_000 });
  });
  afterAll(() => t.close());

  const packages = () =>
    games.flatMap((g) => [g.android_package, g.ios_package]).filter((p): p is string => p !== null);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('has packages on disk to protect', () => {
    expect(packages().length).toBeGreaterThan(games.length);
    for (const relative of packages())
      expect(fs.existsSync(path.join(path.join(t.deps.config.dataDir, 'uploads'), relative))).toBe(true);
  });

  it('serves no package from the uploads folder, by its exact path or by listing a folder', async () => {
    for (const relative of packages()) {
      const res = await get(`/uploads/${relative}`);
      expect(res.statusCode, relative).toBe(404);
      expect(res.json().code).toBe(404);
    }
    const first = packages()[0];
    for (const disguised of [
      `/uploads/games/../${first}`,
      `/uploads/${first.replace('packages/', '%70ackages/')}`,
      `/uploads/${first.replace('packages/', 'packages%2F')}`,
      `/uploads//${first}`,
      `/uploads/./${first}`,
    ]) {
      expect((await get(disguised)).statusCode, disguised).not.toBe(200);
    }
    const folder = path.posix.dirname(packages()[0]);
    for (const url of [
      '/uploads/packages/',
      `/uploads/${path.posix.dirname(folder)}/`,
      `/uploads/${folder}/`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // Pictures in the same storage are still served.
    const icon = (await postForm(t.app, '/api/web/game/detail', { appID: games[0].app_id })).data.icon;
    expect((await get(icon)).statusCode).toBe(200);
  });

  it('serves each package through its signed link only', async () => {
    for (const game of games) {
      for (const [platformType, relative] of [
        [1, game.android_package],
        [2, game.ios_package],
      ] as const) {
        if (!relative) continue;
        const answer = await postForm(
          t.app,
          `/api/user/game/download/${game.id}`,
          { appID: 2008, platformType },
          member,
        );
        expect(answer.code).toBe(0);
        const signed = new URL(answer.data.url);
        const file = await get(`${signed.pathname}${signed.search}`);
        expect(file.statusCode).toBe(200);
        expect(
          file.rawPayload.equals(
            fs.readFileSync(path.join(path.join(t.deps.config.dataDir, 'uploads'), relative)),
          ),
        ).toBe(true);
        const unsigned = await get(signed.pathname);
        expect(unsigned.statusCode).toBe(403);
      }
    }
  });

  it('names no storage path of a package in any answer', async () => {
    // The random folder of each package is the secret: no answer may carry it.
    const secrets = packages().map((p) => p.split('/')[2]);
    expect(secrets.every((s) => /^[0-9a-f]{32}$/.test(s))).toBe(true);
    const bodies: string[] = [];
    const list = await postForm(t.app, '/api/web/game/list', { pageSize: 100 }, member);
    expect(list.data.records).toHaveLength(games.length);
    bodies.push(list.raw.body, (await call(t.app, 'GET', '/api/v1/game/types')).raw.body);
    for (const game of games) {
      for (const account of [undefined, member]) {
        bodies.push(
          (await postForm(t.app, '/api/web/game/detail', { appID: game.app_id }, account)).raw.body,
        );
        bodies.push(
          (await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.app_id }, account)).raw.body,
        );
      }
      for (const platformType of [1, 2]) {
        bodies.push(
          (await postForm(t.app, `/api/user/game/download/${game.id}`, { appID: 2008, platformType }, member))
            .raw.body,
        );
      }
    }
    bodies.push((await get('/api/docs/json')).body);
    for (const body of bodies) {
      // No storage path; the console's upload route `/games/{id}/packages/{platform}` is not one.
      expect(body.replaceAll('/packages/{platform}', '')).not.toContain('packages/');
      for (const secret of secrets) expect(body).not.toContain(secret);
    }
  });
});
