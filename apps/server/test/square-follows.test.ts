import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { insertSquareFixtures, newPost, readAllByCursor, readAllByPage } from './helpers/square.ts';

describeDialects('square follows', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let dave: Account;
  let tagId: number;

  const follow = (who: Account, target: string | number) =>
    call(t.app, 'POST', `/api/v1/user/follow/${target}`, { account: who });
  const unfollow = (who: Account, target: string | number) =>
    call(t.app, 'DELETE', `/api/v1/user/follow/${target}`, { account: who });
  const followFeed = (who: Account, query: Record<string, string | number> = {}) =>
    call(t.app, 'GET', '/api/v1/square/post/follow', { account: who, query });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    carol = await registerUser(t.app);
    dave = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('follows idempotently, shows it on the author’s posts, and unfollows idempotently', async () => {
    const postId = await newPost(t.app, bob, '关注我吧', tagId);
    expect(await follow(alice, bob.uid)).toMatchObject({ code: 0, data: { followed: true } });
    expect(await follow(alice, bob.uid)).toMatchObject({ code: 0, data: { followed: true } });
    const rows = await t.deps.db.kysely
      .selectFrom('user_follows')
      .selectAll()
      .where('follower_id', '=', Number(alice.uid))
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', `/api/v1/square/post/${postId}`, { account: alice })).data.followed,
    ).toBe(true);
    expect(
      (await call(t.app, 'GET', `/api/v1/square/post/${postId}`, { account: carol })).data.followed,
    ).toBe(false);

    expect(await unfollow(alice, bob.uid)).toMatchObject({ code: 0, data: { followed: false } });
    expect(await unfollow(alice, bob.uid)).toMatchObject({ code: 0, data: { followed: false } });
    expect(
      (await call(t.app, 'GET', `/api/v1/square/post/${postId}`, { account: alice })).data.followed,
    ).toBe(false);
  });

  it('refuses following yourself or nobody', async () => {
    expect(await follow(alice, alice.uid)).toMatchObject({ status: 200, code: 1, msg: '不能关注自己' });
    expect(await unfollow(alice, alice.uid)).toMatchObject({ status: 200, code: 1, msg: '不能关注自己' });
    expect((await follow(alice, 99999999)).status).toBe(404);
    expect(await follow(alice, 'abc')).toMatchObject({ status: 400, msg: 'id: id 须为正整数' });
    const rows = await t.deps.db.kysely
      .selectFrom('user_follows')
      .selectAll()
      .where('follower_id', '=', Number(alice.uid))
      .execute();
    expect(rows).toEqual([]);
  });

  it('feeds the posts of the people I follow, newest first, by page and by cursor', async () => {
    const expected: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(60_000);
      const author = [bob, carol, dave][i % 3];
      const id = await newPost(t.app, author, `关注动态 ${i + 1}`, tagId);
      if (author !== dave) expected.unshift(id);
    }
    const empty = await followFeed(alice);
    expect(empty.data).toMatchObject({ records: [], total: 0, nextCursor: null });

    await follow(alice, bob.uid);
    await follow(alice, carol.uid);
    const firstBobPost = (
      await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 2, keyword: '关注我吧' } })
    ).data.records[0].id;
    expected.push(firstBobPost);

    const feed = await followFeed(alice, { pageSize: 100 });
    expect(feed.data.records.map((p: { id: number }) => p.id)).toEqual(expected);
    expect(feed.data.records.every((p: { followed: boolean }) => p.followed)).toBe(true);
    const byCursor = await readAllByCursor(t.app, '/api/v1/square/post/follow', { pageSize: 2 }, alice);
    const byPage = await readAllByPage(t.app, '/api/v1/square/post/follow', { pageSize: 2 }, alice);
    expect(byCursor.ids).toEqual(expected);
    expect(byPage).toEqual(expected);

    await unfollow(alice, carol.uid);
    const onlyBob = await followFeed(alice, { pageSize: 100 });
    expect(onlyBob.data.records.every((p: { uid: string }) => p.uid === bob.uid)).toBe(true);
    expect(onlyBob.data.total).toBe(4);
  });
});
