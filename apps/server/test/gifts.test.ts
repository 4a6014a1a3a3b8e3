import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Answer, call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { createGame, createPack, createType, createUser } from './helpers/money.ts';

const HOUR = 3_600_000;

describeDialects('gift codes', (dialect) => {
  let t: TestApp;
  let game: { id: number; appId: number };
  let otherGame: { id: number; appId: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const typeId = await createType(t, '动作');
    game = await createGame(t, { typeId, name: '疾风刀客' });
    otherGame = await createGame(t, { typeId, name: '雷霆战机' });
  });
  afterAll(() => t.close());

  const claim = (packId: number | string, user?: { uid: string; token: string }) =>
    postForm(t.app, `/api/v1/gift/${packId}/claim`, { appID: 2008 }, user);

  it('gives one code per user per pack; a second claim answers the same code', async () => {
    const packId = await createPack(t, { gameId: game.id, codes: 3 });
    const user = await createUser(t);
    const first = await claim(packId, user);
    expect(first.code).toBe(0);
    expect(first.data.code).toMatch(/^P\d+C\d{4}$/);
    const second = await claim(packId, user);
    expect(second.data.code).toBe(first.data.code);
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appId }, user);
    const pack = list.data.find((p: { id: number }) => p.id === packId);
    expect(pack).toMatchObject({
      total: 3,
      remaining: 2,
      status: 'open',
      myCode: first.data.code,
      gameId: game.id,
    });
  });

  it('shows the stock to guests without a code, and refuses an unknown or malformed appID', async () => {
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appId });
    expect(list.code).toBe(0);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((p: { myCode: string | null }) => p.myCode === null)).toBe(true);
    expect((await postForm(t.app, '/api/web/game/detail/giftlist', { appID: 2008 })).status).toBe(404);
    const bad = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: '-3' });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^appID: /);
  });

  it('refuses outside the claim window and when sold out, taking no code', async () => {
    const now = t.clock.now();
    const upcoming = await createPack(t, {
      gameId: game.id,
      codes: 2,
      start: now + HOUR,
      end: now + 2 * HOUR,
    });
    const expired = await createPack(t, {
      gameId: game.id,
      codes: 2,
      start: now - 2 * HOUR,
      end: now - HOUR,
    });
    const single = await createPack(t, { gameId: game.id, codes: 1 });
    const user = await createUser(t);
    const early = await claim(upcoming, user);
    expect(early.code).toBe(ErrorCode.rule);
    expect(early.msg).toMatch(/^礼包尚未开始领取/);
    const late = await claim(expired, user);
    expect(late.code).toBe(ErrorCode.rule);
    expect(late.msg).toMatch(/^礼包已过期/);
    expect((await claim(single, user)).code).toBe(0);
    const other = await createUser(t);
    const soldOut = await claim(single, other);
    expect(soldOut.code).toBe(ErrorCode.soldOut);
    expect(soldOut.msg).toMatch(/^礼包已领完/);
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appId }, other);
    const byId = new Map(list.data.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(upcoming)).toMatchObject({ status: 'upcoming', remaining: 2, myCode: null });
    expect(byId.get(expired)).toMatchObject({ status: 'ended', remaining: 2 });
    expect(byId.get(single)).toMatchObject({ status: 'soldOut', remaining: 0, total: 1, myCode: null });
    // Once the window opens, the upcoming pack gives codes.
    t.clock.advance(HOUR);
    expect((await claim(upcoming, other)).code).toBe(0);
  });

  it('asks for login (code 2), refuses a malformed packId and answers 404 for an unknown one', async () => {
    const packId = await createPack(t, { gameId: game.id, codes: 1 });
    expect((await claim(packId)).code).toBe(ErrorCode.session);
    const user = await createUser(t);
    const bad = await claim('abc', user);
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^packId: /);
    expect((await claim(999999, user)).status).toBe(404);
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appId });
    expect(list.data.find((p: { id: number }) => p.id === packId).remaining).toBe(1);
  });

  it('hands 60 simultaneous claimers of 50 codes 50 distinct codes and never goes below zero', async () => {
    const packId = await createPack(t, { gameId: otherGame.id, codes: 50 });
    const users = [];
    for (let i = 0; i < 60; i += 1) users.push(await createUser(t));
    const answers = await Promise.all(users.map((u) => claim(packId, u)));
    const codes = answers.filter((a) => a.code === 0).map((a) => a.data.code);
    expect(codes).toHaveLength(50);
    expect(new Set(codes).size).toBe(50);
    expect(answers.filter((a) => a.code === ErrorCode.soldOut)).toHaveLength(10);
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: otherGame.appId });
    expect(list.data.find((p: { id: number }) => p.id === packId)).toMatchObject({
      remaining: 0,
      status: 'soldOut',
    });
  });

  // Claims in flight on PostgreSQL: another transaction has taken the last codes and not yet
  // committed (a busy database commits late). The claimer waits for it and is told what it left.
  const lastCodesHeld = async (commit: boolean) => {
    const packId = await createPack(t, { gameId: otherGame.id, codes: 2 });
    const holders = [await createUser(t), await createUser(t)];
    const claimer = await createUser(t);
    let answer: Answer | undefined;
    let claiming: Promise<void> | undefined;
    const held = t.deps.db.kysely.transaction().execute(async (trx) => {
      for (const holder of holders) {
        await trx
          .updateTable('gift_codes')
          .set({ user_id: holder.id, claimed_at: t.clock.now() })
          .where('id', '=', (eb) =>
            eb
              .selectFrom('gift_codes')
              .select((e) => e.fn.min('id').as('id'))
              .where('pack_id', '=', packId)
              .where('user_id', 'is', null),
          )
          .execute();
      }
      claiming = claim(packId, claimer).then((a) => {
        answer = a;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Still waiting: it neither took a held code nor gave up while the codes were held.
      expect(answer).toBeUndefined();
      if (!commit) throw new Error('the other claims failed');
    });
    if (commit) await held;
    else await expect(held).rejects.toThrow('the other claims failed');
    await claiming;
    return { packId, answer: answer! };
  };

  it.runIf(dialect === 'postgres')(
    'tells a claimer 礼包已领完 when claims still committing took the last codes',
    async () => {
      const { answer } = await lastCodesHeld(true);
      expect(answer.code).toBe(ErrorCode.soldOut);
      expect(answer.msg).toMatch(/^礼包已领完/);
    },
  );

  it.runIf(dialect === 'postgres')(
    'gives a code to a claimer waiting on claims in flight that roll back',
    async () => {
      const { packId, answer } = await lastCodesHeld(false);
      expect(answer.code).toBe(0);
      const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: otherGame.appId });
      expect(list.data.find((p: { id: number }) => p.id === packId).remaining).toBe(1);
    },
  );

  it('gives one code when the same user taps claim many times at once', async () => {
    const packId = await createPack(t, { gameId: otherGame.id, codes: 10 });
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(packId, user)));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data.code)).size).toBe(1);
    const list = await postForm(t.app, '/api/web/game/detail/giftlist', { appID: otherGame.appId });
    expect(list.data.find((p: { id: number }) => p.id === packId).remaining).toBe(9);
  });

  it('lists my claimed codes newest first with pack and game', async () => {
    const user = await createUser(t);
    const a = await createPack(t, { gameId: game.id, codes: 2, title: '新手礼包' });
    const b = await createPack(t, { gameId: otherGame.id, codes: 2, title: '周末礼包' });
    const codeA = (await claim(a, user)).data.code;
    t.clock.advance(1000);
    const codeB = (await claim(b, user)).data.code;
    const mine = await call(t.app, 'GET', '/api/v1/gift/me', { account: user, query: { currentPage: 1 } });
    expect(mine.data).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(mine.data.records[0]).toEqual({
      id: expect.any(Number),
      code: codeB,
      packId: b,
      packTitle: '周末礼包',
      content: '钻石×100，金币×5000',
      gameId: otherGame.id,
      appID: otherGame.appId,
      gameName: '雷霆战机',
      gameIcon: expect.stringMatching(/icon\.webp$/),
      claimTime: new Date(t.clock.now()).toISOString(),
    });
    expect(mine.data.records[1].code).toBe(codeA);
    expect((await call(t.app, 'GET', '/api/v1/gift/me')).code).toBe(ErrorCode.session);
    const bad = await call(t.app, 'GET', '/api/v1/gift/me', { account: user, query: { currentPage: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^currentPage: /);
  });

  it('lists open packs with codes left in the gift centre, without login', async () => {
    const now = t.clock.now();
    const open = await createPack(t, { gameId: game.id, codes: 5, title: '中心礼包' });
    const future = await createPack(t, { gameId: game.id, codes: 5, start: now + HOUR, end: now + 2 * HOUR });
    const centre = await call(t.app, 'GET', '/api/v1/gift/center', {
      query: { currentPage: 1, pageSize: 100 },
    });
    expect(centre.code).toBe(0);
    const ids = centre.data.records.map((p: { id: number }) => p.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(future);
    expect(
      centre.data.records.every(
        (p: { status: string; remaining: number }) => p.status === 'open' && p.remaining > 0,
      ),
    ).toBe(true);
    expect(centre.data.records.find((p: { id: number }) => p.id === open)).toMatchObject({
      title: '中心礼包',
      gameName: '疾风刀客',
      appID: game.appId,
      myCode: null,
    });
    expect(centre.data.total).toBe(ids.length);
    const user = await createUser(t);
    const code = (await claim(open, user)).data.code;
    const mine = await call(t.app, 'GET', '/api/v1/gift/center', { account: user, query: { pageSize: 100 } });
    expect(mine.data.records.find((p: { id: number }) => p.id === open).myCode).toBe(code);
    const bad = await call(t.app, 'GET', '/api/v1/gift/center', { query: { pageSize: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^pageSize: /);
  });
});
