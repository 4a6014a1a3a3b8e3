import zlib from 'node:zlib';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { balanceOf, createGame, createType, createUser, fund, ledgerOf } from './helpers/money.ts';

const DAY = 86_400_000;

describeDialects('games', (dialect) => {
  let t: TestApp;
  let casual: number;
  let rpg: number;
  let freeGame: { id: number; appId: number };
  let paidGame: { id: number; appId: number };
  let androidOnly: { id: number; appId: number };
  /** A fresh app with two types and three games; each block below gets its own. */
  const setUp = () => {
    beforeAll(async () => {
      t = await createTestApp(dialect, { PUBLIC_URL: 'https://portal.example.test' });
      casual = await createType(t, '休闲');
      rpg = await createType(t, '角色扮演');
      freeGame = await createGame(t, {
        typeId: casual,
        name: '泡泡龙大作战',
        tags: ['消除', '单机'],
        sort: 3,
      });
      paidGame = await createGame(t, { typeId: rpg, name: '星海远征', price: 30, tags: ['科幻'], sort: 2 });
      androidOnly = await createGame(t, { typeId: rpg, name: '剑影江湖', price: 12, ios: false, sort: 1 });
    });
    afterAll(() => t.close());
  };

  const download = (
    gameId: number | string,
    body: Record<string, string | number>,
    account?: { uid: string; token: string },
  ) => postForm(t.app, `/api/user/game/download/${gameId}`, { appID: 2008, ...body }, account);

  /** Follows a signed URL the way a browser would (path and query only). */
  const fetchPackage = (url: string) => {
    const u = new URL(url);
    return t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };

  // Read-only: these see the catalogue exactly as set up, whatever order the tests run in.
  describe('catalogue', () => {
    setUp();

    it('lists the types as tabs', async () => {
      const res = await call(t.app, 'GET', '/api/v1/game/types');
      expect(res.data).toEqual([
        { id: casual, name: '休闲' },
        { id: rpg, name: '角色扮演' },
      ]);
    });

    it('lists games by page, type and keyword, with the portal appID in the body', async () => {
      const all = await postForm(t.app, '/api/web/game/list', { appID: 2008, currentPage: 1, pageSize: 2 });
      expect(all.code).toBe(0);
      expect(all.data).toMatchObject({ total: 3, size: 2, current: 1, pages: 2 });
      expect(all.data.records.map((g: { name: string }) => g.name)).toEqual(['泡泡龙大作战', '星海远征']);
      expect(all.data.records[1]).toMatchObject({
        id: paidGame.id,
        appID: paidGame.appId,
        onlineType: 1,
        buyAmount: 30,
        memberFree: true,
        platforms: [1, 2],
        purchased: null,
        typeName: '角色扮演',
        tags: ['科幻'],
      });
      expect(all.data.records[0]).toMatchObject({ onlineType: 0, buyAmount: 0, memberFree: false });
      const byType = await postForm(t.app, '/api/web/game/list', { type: rpg, currentPage: 1, pageSize: 10 });
      expect(byType.data.records.map((g: { name: string }) => g.name)).toEqual(['星海远征', '剑影江湖']);
      expect(byType.data.records[1].platforms).toEqual([1]);
      const byKeyword = await postForm(t.app, '/api/web/game/list', { keyword: '星海', currentPage: 1 });
      expect(byKeyword.data.records.map((g: { name: string }) => g.name)).toEqual(['星海远征']);
      const byTag = await postForm(t.app, '/api/web/game/list', { keyword: '消除' });
      expect(byTag.data.total).toBe(1);
      const wildcard = await postForm(t.app, '/api/web/game/list', { keyword: '%' });
      expect(wildcard.data.total).toBe(0);
    });

    it('refuses bad list input naming the field, and another portal appID', async () => {
      for (const [field, body] of [
        ['currentPage', { currentPage: 0 }],
        ['pageSize', { pageSize: 500 }],
        ['type', { type: 'x' }],
        ['keyword', { keyword: 'x'.repeat(33) }],
      ] as const) {
        const res = await postForm(t.app, '/api/web/game/list', body);
        expect(res.status).toBe(400);
        expect(res.msg.startsWith(`${field}: `)).toBe(true);
      }
      const foreign = await postForm(t.app, '/api/web/game/list', { appID: 9999 });
      expect(foreign.status).toBe(400);
      expect(foreign.msg).toMatch(/^appID: /);
    });

    it('answers a game’s detail by its own appID', async () => {
      const res = await postForm(t.app, '/api/web/game/detail', { appID: paidGame.appId });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        id: paidGame.id,
        appID: paidGame.appId,
        name: '星海远征',
        icon: expect.stringMatching(/^\/uploads\//),
        screenshots: [expect.any(String)],
        description: expect.any(String),
        version: '1.0.0',
        size: 1024,
        updateTime: expect.stringMatching(/Z$/),
        downloadCount: 0,
        purchased: null,
      });
      expect((await postForm(t.app, '/api/web/game/detail', { appID: 2008 })).status).toBe(404);
      const bad = await postForm(t.app, '/api/web/game/detail', { appID: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.msg).toMatch(/^appID: /);
      expect((await postForm(t.app, '/api/web/game/detail', {})).msg).toMatch(/^appID: /);
    });
  });

  // Downloads change counts, balances and the catalogue (tests add their own games).
  describe('downloads', () => {
    setUp();

    it('downloads a free game without login and counts it', async () => {
      const countOf = async () =>
        (await postForm(t.app, '/api/web/game/detail', { appID: freeGame.appId })).data
          .downloadCount as number;
      const before = await countOf();
      const res = await download(freeGame.id, { platformType: 2 });
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ charged: 0, coinNum: null });
      expect(res.data.url).toMatch(
        new RegExp(
          `^https://portal\\.example\\.test/api/v1/game/package/${freeGame.id}/2\\?expires=\\d+&uid=0&sig=[0-9a-f]{64}$`,
        ),
      );
      const file = await fetchPackage(res.data.url);
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(`IPA of ${freeGame.appId}`);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(file.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('泡泡龙大作战-1.0.0.ipa')}`,
      );
      expect(await countOf()).toBe(before + 1);
    });

    it('refuses a tampered, foreign or expired package link with 403', async () => {
      const res = await download(freeGame.id, { platformType: 1 });
      const good = new URL(res.data.url);
      const tamperedSig = new URL(good);
      tamperedSig.searchParams.set('sig', 'a'.repeat(64));
      const otherUid = new URL(good);
      otherUid.searchParams.set('uid', '7');
      const otherPlatform = new URL(good.toString().replace(`/${freeGame.id}/1?`, `/${freeGame.id}/2?`));
      const noSig = new URL(good);
      noSig.searchParams.delete('sig');
      for (const url of [tamperedSig, otherUid, otherPlatform, noSig]) {
        const answer = await fetchPackage(url.toString());
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ code: 403, data: null });
      }
      t.clock.advance(10 * 60 * 1000 + 1000);
      const expired = await fetchPackage(good.toString());
      expect(expired.statusCode).toBe(403);
      expect(expired.json().msg).toContain('重新');
    });

    it('asks for login (code 2) before a paid download', async () => {
      const res = await download(paidGame.id, { platformType: 1 });
      expect(res.code).toBe(ErrorCode.session);
    });

    it('refuses bad download input naming the field, and unknown games', async () => {
      const user = await createUser(t, { coins: 100 });
      for (const platformType of ['3', '0', 'ios', '']) {
        const res = await download(paidGame.id, { platformType }, user);
        expect(res.status).toBe(400);
        expect(res.msg).toMatch(/^platformType: /);
      }
      const noPlatform = await postForm(t.app, `/api/user/game/download/${paidGame.id}`, {}, user);
      expect(noPlatform.msg).toMatch(/^platformType: /);
      const badId = await download('abc', { platformType: 1 }, user);
      expect(badId.status).toBe(400);
      expect(badId.msg).toMatch(/^gameId: /);
      expect((await download(999999, { platformType: 1 }, user)).status).toBe(404);
      const iosMissing = await download(androidOnly.id, { platformType: 2 }, user);
      expect(iosMissing.code).toBe(ErrorCode.rule);
      expect(iosMissing.msg).toContain('iOS');
      expect(await balanceOf(t, user.id)).toBe(100);
      expect(await ledgerOf(t, user.id)).toHaveLength(1);
    });

    it('charges a paid download once; later downloads are free; the answer says what was charged', async () => {
      const user = await createUser(t, { coins: 100 });
      const first = await download(paidGame.id, { platformType: 1 }, user);
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ charged: 30, coinNum: 70 });
      expect(first.data.url).toContain(`uid=${user.uid}`);
      expect((await fetchPackage(first.data.url)).body).toBe(`APK of ${paidGame.appId}`);
      const again = await download(paidGame.id, { platformType: 2 }, user);
      expect(again.data).toMatchObject({ charged: 0, coinNum: 70 });
      expect(await balanceOf(t, user.id)).toBe(70);
      const ledger = await ledgerOf(t, user.id);
      expect(ledger.map((r) => Number(r.delta))).toEqual([100, -30]);
      expect(ledger[1]).toMatchObject({ reason: 'game', note: '星海远征' });
      // The ledger row points at the purchase row, keyed by it, on either database's path.
      const purchase = await t.deps.db.kysely
        .selectFrom('purchases')
        .select(['id', 'price'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(purchase.price)).toBe(30);
      expect(ledger[1]).toMatchObject({ ref: String(purchase.id), idem_key: `game:${purchase.id}` });
      const rows = await t.deps.db.kysely
        .selectFrom('game_downloads')
        .select(['platform_type'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => Number(r.platform_type))).toEqual([1, 2]);
      const coin = await postForm(
        t.app,
        '/api/user/center/coin/all',
        { uid: user.uid, currentPage: 1 },
        user,
      );
      expect(coin.data.records[0]).toMatchObject({
        delta: -30,
        balanceAfter: 70,
        reasonText: '购买游戏：星海远征',
      });
      const detail = await postForm(t.app, '/api/web/game/detail', { appID: paidGame.appId }, user);
      expect(detail.data.purchased).toBe(true);
      const list = await postForm(t.app, '/api/web/game/list', { type: rpg, pageSize: 100 }, user);
      const purchased = (id: number) =>
        list.data.records.find((g: { id: number; purchased: boolean }) => g.id === id)?.purchased;
      expect([purchased(paidGame.id), purchased(androidOnly.id)]).toEqual([true, false]);
    });

    it('refuses when the price is above the balance (code 1001 with balance and price), charging nothing', async () => {
      const user = await createUser(t, { coins: 29 });
      const res = await download(paidGame.id, { platformType: 1 }, user);
      expect(res.code).toBe(ErrorCode.balanceInsufficient);
      expect(res.msg).toBe('当前蓝钻余额不足，请先充值后再继续');
      expect(res.data).toEqual({ coinNum: 29, price: 30 });
      expect(await balanceOf(t, user.id)).toBe(29);
      const detail = await postForm(t.app, '/api/web/game/detail', { appID: paidGame.appId }, user);
      expect(detail.data.purchased).toBe(false);
      // Someone who never had a diamond (no wallet row yet) is refused the same way.
      const newcomer = await createUser(t);
      const none = await download(paidGame.id, { platformType: 1 }, newcomer);
      expect(none.code).toBe(ErrorCode.balanceInsufficient);
      expect(none.data).toEqual({ coinNum: 0, price: 30 });
      // Exactly the price is enough (insufficient means strictly greater, spec §5).
      await fund(t, user.id, 1);
      expect((await download(paidGame.id, { platformType: 1 }, user)).data).toMatchObject({
        charged: 30,
        coinNum: 0,
      });
    });

    it('lets a member download paid games free, and charges again once membership has expired', async () => {
      const now = t.clock.now();
      const member = await createUser(t, { coins: 50, levelType: 1, expTime: now + DAY });
      const res = await download(paidGame.id, { platformType: 1 }, member);
      expect(res.data).toMatchObject({ charged: 0, coinNum: 50 });
      const lapsed = await createUser(t, { coins: 50, levelType: 1, expTime: now - 1 });
      expect((await download(paidGame.id, { platformType: 1 }, lapsed)).data).toMatchObject({
        charged: 30,
        coinNum: 20,
      });
    });

    it('works with an account made by registration', async () => {
      const account = await registerUser(t.app);
      await fund(t, Number(account.uid), 40);
      const res = await download(androidOnly.id, { platformType: 1 }, account);
      expect(res.data).toMatchObject({ charged: 12, coinNum: 28 });
    });

    it('serializes 200 simultaneous paid downloads: exactly the funded 100 succeed and the ledger adds up', async () => {
      const typeId = await createType(t, '并发');
      const games = [];
      for (let i = 0; i < 200; i += 1) games.push(await createGame(t, { typeId, price: 10, ios: false }));
      const user = await createUser(t, { coins: 1000 });
      const answers = await Promise.all(games.map((g) => download(g.id, { platformType: 1 }, user)));
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === 0)).toHaveLength(100);
      expect(codes.filter((c) => c === ErrorCode.balanceInsufficient)).toHaveLength(100);
      expect(await balanceOf(t, user.id)).toBe(0);
      const ledger = await ledgerOf(t, user.id);
      expect(ledger).toHaveLength(101);
      expect(ledger.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(0);
      expect(ledger.every((r) => Number(r.balance_after) >= 0)).toBe(true);
      const purchases = await t.deps.db.kysely
        .selectFrom('purchases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', user.id)
        .where('kind', '=', 'game')
        .executeTakeFirstOrThrow();
      expect(Number(purchases.n)).toBe(100);
    });

    it('charges once when the same paid game is downloaded many times at once', async () => {
      const user = await createUser(t, { coins: 100 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => download(paidGame.id, { platformType: 1 }, user)),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect(answers.filter((a) => a.data.charged === 30)).toHaveLength(1);
      expect(await balanceOf(t, user.id)).toBe(70);
    });

    it('counts each download of a paid game once paid, none for a refused payment, with many buyers at once', async () => {
      const game = await createGame(t, { typeId: rpg, name: '同时购买', price: 10, ios: false });
      const downloads = async () =>
        Number(
          (
            await t.deps.db.kysely
              .selectFrom('games')
              .select('download_count')
              .where('id', '=', game.id)
              .executeTakeFirstOrThrow()
          ).download_count,
        );
      // The counter and the download rows are written in one transaction: they always agree.
      const rows = async () =>
        Number(
          (
            await t.deps.db.kysely
              .selectFrom('game_downloads')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('game_id', '=', game.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const buyers = await Promise.all(Array.from({ length: 12 }, () => createUser(t, { coins: 10 })));
      const answers = await Promise.all(buyers.map((buyer) => download(game.id, { platformType: 1 }, buyer)));
      expect(answers.map((a) => a.data.charged)).toEqual(Array(12).fill(10));
      expect(await downloads()).toBe(12);
      expect(await rows()).toBe(12);
      const poor = await createUser(t, { coins: 9 });
      expect((await download(game.id, { platformType: 1 }, poor)).code).toBe(ErrorCode.balanceInsufficient);
      expect(await downloads()).toBe(12);
      expect(await rows()).toBe(12);
      // An owner's later download is free and still counts.
      expect((await download(game.id, { platformType: 1 }, buyers[0])).data.charged).toBe(0);
      expect(await downloads()).toBe(13);
      expect(await rows()).toBe(13);
    });

    it("keeps a guest's first page of the list: a change announced shows at the next request, a download's count within a second, a caller's own never", async () => {
      interface Listed {
        id: number;
        name: string;
        downloadCount: number;
        purchased: boolean | null;
      }
      const game = await createGame(t, { typeId: casual, name: '缓存测试', price: 5, ios: false, sort: 99 });
      const page1 = { appID: 2008, currentPage: 1, pageSize: 10 };
      const listed = async (account?: { uid: string; token: string }, body = page1) =>
        ((await postForm(t.app, '/api/web/game/list', body, account)).data.records as Listed[]).find(
          (g) => g.id === game.id,
        );
      const before = await listed();
      expect(before).toMatchObject({ name: '缓存测试', purchased: null });

      // A buyer sees their own flags, and the guests' page does not take them.
      const buyer = await createUser(t, { coins: 50 });
      expect((await download(game.id, { platformType: 1 }, buyer)).data.charged).toBe(5);
      expect(await listed(buyer)).toMatchObject({
        purchased: true,
        downloadCount: before!.downloadCount + 1,
      });
      expect((await listed())?.purchased).toBeNull();
      // The count, which no message announces, within a second.
      const from = Date.now();
      await expect
        .poll(async () => (await listed())?.downloadCount, { timeout: 3_000, interval: 100 })
        .toBe(before!.downloadCount + 1);
      expect(Date.now() - from).toBeLessThan(1_500);

      // A write not announced is not seen by the kept page ...
      await t.deps.db.kysely
        .updateTable('games')
        .set({ name: '改名未通知' })
        .where('id', '=', game.id)
        .execute();
      expect((await listed())?.name).toBe('缓存测试');
      // ... and shows at once when announced, as the console announces each of its edits; a search
      // and a later page are never kept.
      expect((await listed(undefined, { ...page1, keyword: '改名未通知' } as typeof page1))?.name).toBe(
        '改名未通知',
      );
      await t.deps.changes.announce('games');
      expect((await listed())?.name).toBe('改名未通知');

      // Browsers get the kept page compressed, the same JSON.
      const plain = await t.app.inject({
        method: 'POST',
        url: '/api/web/game/list',
        payload: page1,
      });
      const compressed = await t.app.inject({
        method: 'POST',
        url: '/api/web/game/list',
        payload: page1,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
      expect(JSON.parse(plain.body).data.records.some((g: Listed) => g.id === game.id)).toBe(true);
    });

    it('charges the price a change announced to the processes set, at once', async () => {
      const game = await createGame(t, { typeId: rpg, name: '调价游戏', price: 10, ios: false });
      const first = await createUser(t, { coins: 100 });
      // The download remembers the game's row ...
      expect((await download(game.id, { platformType: 1 }, first)).data.charged).toBe(10);
      // ... until a change to games is announced (the console announces each of its game edits).
      await t.deps.db.kysely.updateTable('games').set({ buy_amount: 25 }).where('id', '=', game.id).execute();
      await t.deps.changes.announce('games');
      const second = await createUser(t, { coins: 100 });
      expect((await download(game.id, { platformType: 1 }, second)).data.charged).toBe(25);
      expect(await balanceOf(t, second.id)).toBe(75);
      await t.deps.db.kysely.updateTable('games').set({ published: 0 }).where('id', '=', game.id).execute();
      await t.deps.changes.announce('games');
      const third = await createUser(t, { coins: 100 });
      expect((await download(game.id, { platformType: 1 }, third)).code).toBe(ErrorCode.notFound);
      expect(await balanceOf(t, third.id)).toBe(100);
    });
  });
});
