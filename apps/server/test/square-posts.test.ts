import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import {
  createPost,
  insertSquareFixtures,
  newPost,
  readAllByCursor,
  readAllByPage,
  TAGS,
} from './helpers/square.ts';

const HOUR = 3600 * 1000;

describeDialects('square posts', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let tagIds: number[];

  const myPostsTotal = async (account: Account) =>
    (await call(t.app, 'GET', '/api/v1/square/post/me', { account })).data.total as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ tagIds } = await insertSquareFixtures(t.app));
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    carol = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('lists the tags in their order', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/square/tag/list');
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual(TAGS.map((tag, i) => ({ id: tagIds[i], tag })));
  });

  it('publishes a post and answers it in the DESIGN §12 shape', async () => {
    const answer = await createPost(t.app, alice, { content: '  今天的活动太给力了！  ', tagId: tagIds[1] });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      id: expect.any(Number),
      uid: alice.uid,
      author: { uid: alice.uid, name: alice.name, avatar: null },
      tag: { id: tagIds[1], tag: '游戏攻略' },
      content: '今天的活动太给力了！',
      images: [],
      likeCount: 0,
      commentCount: 0,
      liked: false,
      isMine: true,
      followed: false,
      createTime: new Date(t.clock.now()).toISOString(),
    });
    const detail = await call(t.app, 'GET', `/api/v1/square/post/${answer.data.id}`, { account: bob });
    expect(detail.data).toMatchObject({
      id: answer.data.id,
      isMine: false,
      liked: false,
      content: '今天的活动太给力了！',
    });
  });

  it('stores markup as plain text and answers it verbatim', async () => {
    const payload = '<img src=x onerror=alert(1)> & <script>alert("x")</script>';
    const answer = await createPost(t.app, alice, { content: payload, tagId: tagIds[0] });
    expect(answer.code).toBe(0);
    expect(answer.data.content).toBe(payload);
    const row = await t.deps.db.kysely
      .selectFrom('square_posts')
      .select('content')
      .where('id', '=', answer.data.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(payload);
    const detail = await call(t.app, 'GET', `/api/v1/square/post/${answer.data.id}`);
    expect(detail.raw.headers['content-type']).toMatch(/application\/json/);
    expect(detail.data.content).toBe(payload);
  });

  it('refuses bad input naming the field and rule, and stores nothing', async () => {
    const before = await myPostsTotal(bob);
    const cases: Array<[unknown, number, string]> = [
      [{ content: '   ', tagId: tagIds[0] }, 400, 'content: 请填写帖子内容'],
      [{ tagId: tagIds[0] }, 400, 'content: 请填写帖子内容'],
      [{ content: '字'.repeat(2001), tagId: tagIds[0] }, 400, 'content: 帖子内容最多 2000 字'],
      [{ content: '你好' }, 400, 'tagId: tagId 须为正整数'],
      [{ content: '你好', tagId: 999999 }, 400, 'tagId: 话题不存在，请重新选择'],
      [{ content: '你好', tagId: 'abc' }, 400, 'tagId: tagId 须为正整数'],
      [
        { content: '你好', tagId: tagIds[0], images: ['https://evil.example/x.png'] },
        400,
        'images.0: 图片须先通过本站上传',
      ],
      [
        {
          content: '你好',
          tagId: tagIds[0],
          images: Array(10).fill(`/uploads/posts/${'a'.repeat(24)}.webp`),
        },
        400,
        'images: 最多 9 张图片',
      ],
      [
        { content: '你好', tagId: tagIds[0], images: [`/uploads/posts/${'b'.repeat(24)}.webp`] },
        400,
        'images: 图片不存在或已过期，请重新上传',
      ],
    ];
    for (const [json, status, msg] of cases) {
      const answer = await call(t.app, 'POST', '/api/v1/square/post', { json, account: bob });
      expect({ status: answer.status, msg: answer.msg }).toEqual({ status, msg });
      expect(answer.code).toBe(400);
    }
    // 2000 characters counted as people count them (an emoji is one), so exactly 2000 is fine.
    const longest = await createPost(t.app, bob, { content: '😀'.repeat(2000), tagId: tagIds[0] });
    expect(longest.code).toBe(0);
    expect(await myPostsTotal(bob)).toBe(before + 1);
  });

  it('answers code 2 to writes and own lists without login', async () => {
    const post = await newPost(t.app, alice, '登录校验', tagIds[0]);
    const calls: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['POST', '/api/v1/square/post'],
      ['DELETE', `/api/v1/square/post/${post}`],
      ['POST', `/api/v1/square/post/${post}/like`],
      ['DELETE', `/api/v1/square/post/${post}/like`],
      ['POST', `/api/v1/square/post/${post}/comment`],
      ['GET', '/api/v1/square/post/me'],
      ['GET', '/api/v1/square/comment/me'],
      ['GET', '/api/v1/square/post/follow'],
      ['POST', `/api/v1/user/follow/${alice.uid}`],
      ['DELETE', `/api/v1/user/follow/${alice.uid}`],
    ];
    for (const [method, url] of calls) {
      const answer = await call(
        t.app,
        method,
        url,
        method === 'POST' ? { json: { content: 'x', tagId: 1 } } : {},
      );
      expect({ url, method, status: answer.status, code: answer.code }).toEqual({
        url,
        method,
        status: 200,
        code: 2,
      });
    }
    const stale = await call(t.app, 'GET', '/api/v1/square/post/me', {
      account: { uid: alice.uid, token: 'f'.repeat(64) },
    });
    expect(stale.code).toBe(2);
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    expect((await call(t.app, 'GET', '/api/v1/square/post/987654')).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/v1/square/post/abc');
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('id: id 须为正整数');
  });

  it('counts a like once however often it is sent, and unliking is idempotent', async () => {
    const id = await newPost(t.app, alice, '点赞测试', tagIds[0]);
    const like = () => call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: bob });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    await call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: carol });
    const seenByBob = await call(t.app, 'GET', `/api/v1/square/post/${id}`, { account: bob });
    expect(seenByBob.data).toMatchObject({ likeCount: 2, liked: true });
    const seenByAlice = await call(t.app, 'GET', `/api/v1/square/post/${id}`, { account: alice });
    expect(seenByAlice.data).toMatchObject({ likeCount: 2, liked: false });
    const unlike = () => call(t.app, 'DELETE', `/api/v1/square/post/${id}/like`, { account: bob });
    expect((await unlike()).data).toEqual({ liked: false, likeCount: 1 });
    expect((await unlike()).data).toEqual({ liked: false, likeCount: 1 });
    const after = await call(t.app, 'GET', `/api/v1/square/post/${id}`, { account: bob });
    expect(after.data).toMatchObject({ likeCount: 1, liked: false });
    expect((await call(t.app, 'POST', '/api/v1/square/post/987654/like', { account: bob })).status).toBe(404);
  });

  it('keeps counters exact under simultaneous likes and comments', async () => {
    const id = await newPost(t.app, alice, '并发测试', tagIds[0]);
    const likes = await Promise.all(
      [bob, bob, bob, carol, carol, alice].map((account) =>
        call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account }),
      ),
    );
    expect(likes.every((a) => a.code === 0 && a.data.liked)).toBe(true);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t.app, 'POST', `/api/v1/square/post/${id}/comment`, {
          json: { content: `并发评论 ${i}` },
          account: [alice, bob, carol][i % 3],
        }),
      ),
    );
    const detail = await call(t.app, 'GET', `/api/v1/square/post/${id}`, { account: bob });
    expect(detail.data).toMatchObject({ likeCount: 3, commentCount: 8, liked: true });
    const rows = await t.deps.db.kysely
      .selectFrom('square_post_likes')
      .select('user_id')
      .where('post_id', '=', id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('lets only the author delete a post; a deleted post leaves lists and its detail is 404', async () => {
    const id = await newPost(t.app, alice, '将被删除的帖子', tagIds[2]);
    const total = async () =>
      (await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 2, tagId: tagIds[2] } })).data
        .total as number;
    const before = await total();

    const refused = await call(t.app, 'DELETE', `/api/v1/square/post/${id}`, { account: bob });
    expect(refused).toMatchObject({ status: 200, code: 1, msg: '只能删除自己的帖子' });
    expect((await call(t.app, 'GET', `/api/v1/square/post/${id}`)).code).toBe(0);
    expect(await total()).toBe(before);

    const done = await call(t.app, 'DELETE', `/api/v1/square/post/${id}`, { account: alice });
    expect(done).toMatchObject({ code: 0, data: null });
    expect((await call(t.app, 'GET', `/api/v1/square/post/${id}`)).status).toBe(404);
    expect(await total()).toBe(before - 1);
    const mine = await call(t.app, 'GET', '/api/v1/square/post/me', {
      account: alice,
      query: { pageSize: 100 },
    });
    expect(mine.data.records.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await call(t.app, 'DELETE', `/api/v1/square/post/${id}`, { account: alice })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: bob })).status).toBe(404);
  });

  it('sorts latest by time and hot by engagement weighed against age', async () => {
    const tag = tagIds[3];
    t.clock.advance(HOUR);
    const older = await newPost(t.app, alice, '热门候选：老帖但很多人点赞', tag);
    t.clock.advance(2 * HOUR);
    const newer = await newPost(t.app, bob, '热门候选：新帖没人理', tag);
    t.clock.advance(HOUR);
    const newest = await newPost(t.app, carol, '热门候选：最新的帖子', tag);
    for (const account of [bob, carol]) {
      await call(t.app, 'POST', `/api/v1/square/post/${older}/like`, { account });
    }
    const latest = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 2, tagId: tag } });
    expect(latest.data.records.map((p: { id: number }) => p.id)).toEqual([newest, newer, older]);
    const hot = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 1, tagId: tag } });
    expect(hot.data.records.map((p: { id: number }) => p.id)).toEqual([older, newest, newer]);
    expect(hot.data).toMatchObject({ total: 3, size: 10, current: 1, pages: 1, nextCursor: null });

    // A comment counts double: with the same engagement as the older post, the newer one wins.
    await call(t.app, 'POST', `/api/v1/square/post/${newer}/comment`, {
      json: { content: '顶' },
      account: alice,
    });
    const hotAgain = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 1, tagId: tag } });
    expect(hotAgain.data.records.map((p: { id: number }) => p.id)).toEqual([newer, older, newest]);
    const liked = hotAgain.data.records.find((p: { id: number }) => p.id === older);
    expect(liked).toMatchObject({ likeCount: 2, liked: false });
    const asBob = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 1, tagId: tag },
      account: bob,
    });
    expect(asBob.data.records[1]).toMatchObject({ id: older, liked: true });
  });

  it('filters by tag and finds posts by keyword, case-insensitively and with wildcards taken literally', async () => {
    const a = await newPost(t.app, alice, '求推荐 Switch 上的好游戏', tagIds[0]);
    const b = await newPost(t.app, bob, 'switch 版本什么时候出？100%想玩', tagIds[1]);
    const byKeyword = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 2, keyword: 'SWITCH' },
    });
    expect(byKeyword.data.records.map((p: { id: number }) => p.id)).toEqual([b, a]);
    const withTag = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 2, keyword: 'switch', tagId: tagIds[0] },
    });
    expect(withTag.data.records.map((p: { id: number }) => p.id)).toEqual([a]);
    const percent = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { keyword: '100%' } });
    expect(percent.data.records.map((p: { id: number }) => p.id)).toEqual([b]);
    const wildcard = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { keyword: '_' } });
    expect(wildcard.data.total).toBe(0);
    const onlyTag = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 2, tagId: tagIds[1], pageSize: 100 },
    });
    expect(onlyTag.data.records.every((p: { tag: { id: number } }) => p.tag.id === tagIds[1])).toBe(true);
    expect(onlyTag.data.records.map((p: { id: number }) => p.id)).toContain(b);
  });

  it('suggests tag names, searched keywords and phrases from posts', async () => {
    await newPost(t.app, carol, '原神攻略：深渊满星阵容分享', tagIds[1]);
    const tag = await call(t.app, 'GET', '/api/v1/square/keyword/suggestion', { query: { keyword: '攻略' } });
    expect(tag.code).toBe(0);
    expect(tag.data[0]).toBe('游戏攻略');
    expect(tag.data).toContain('攻略');
    // Searching for a keyword that finds posts makes it a suggestion for others.
    await call(t.app, 'GET', '/api/v1/square/post/list', { query: { keyword: '深渊满星' } });
    const searched = await call(t.app, 'GET', '/api/v1/square/keyword/suggestion', {
      query: { keyword: '深渊' },
    });
    expect(searched.data).toEqual(['深渊满星', '深渊满星阵容分享']);
    // At most 10, most searched first, and never one carrying a sensitive word.
    await t.deps.db.kysely
      .insertInto('square_keywords')
      .values([
        ...Array.from({ length: 12 }, (_, i) => ({ keyword: `联想词${i}`, hits: 100 - i, updated_at: 1 })),
        { keyword: '联想词外挂', hits: 1000, updated_at: 1 },
      ])
      .execute();
    const capped = await call(t.app, 'GET', '/api/v1/square/keyword/suggestion', {
      query: { keyword: '联想' },
    });
    expect(capped.data).toEqual(Array.from({ length: 10 }, (_, i) => `联想词${i}`));
    const none = await call(t.app, 'GET', '/api/v1/square/keyword/suggestion', {
      query: { keyword: '不存在的词' },
    });
    expect(none.data).toEqual([]);
    const empty = await call(t.app, 'GET', '/api/v1/square/keyword/suggestion', { query: { keyword: ' ' } });
    expect(empty).toMatchObject({ status: 400, msg: 'keyword: 请填写关键词' });
  });

  it('serves the same feed by cursor as by page number, to the end, for both orders', async () => {
    const tag = tagIds[2];
    for (let i = 0; i < 23; i += 1) {
      // Every third post shares its time with the one before, so ties are broken by id.
      if (i % 3 !== 2) t.clock.advance(60_000);
      const id = await newPost(t.app, i % 2 ? alice : bob, `翻页测试第 ${i + 1} 帖`, tag);
      if (i % 5 === 0) await call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: carol });
    }
    for (const sort of [1, 2]) {
      const query = { sort, tagId: tag, pageSize: 5 };
      const byPage = await readAllByPage(t.app, '/api/v1/square/post/list', query);
      const byCursor = await readAllByCursor(t.app, '/api/v1/square/post/list', query);
      expect(byCursor.ids).toEqual(byPage);
      expect(byPage.length).toBe(23);
      expect(new Set(byPage).size).toBe(23);
      expect(byCursor.pages).toBe(5);
    }
    const last = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 2, tagId: tag, pageSize: 5, currentPage: 5 },
    });
    expect(last.data).toMatchObject({ total: 23, pages: 5, current: 5, nextCursor: null });
    expect(last.data.records).toHaveLength(3);
  });

  it('refuses a malformed cursor or one from another order with 400 naming cursor', async () => {
    for (const cursor of ['!!!', 'bm90LWpzb24', Buffer.from('["hot",1]').toString('base64url')]) {
      const answer = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { cursor } });
      expect({ status: answer.status, msg: answer.msg }).toEqual({
        status: 400,
        msg: 'cursor: 游标无效，请从第一页重新加载',
      });
    }
    const hot = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 1, pageSize: 1 } });
    const mixed = await call(t.app, 'GET', '/api/v1/square/post/list', {
      query: { sort: 2, pageSize: 1, cursor: hot.data.nextCursor },
    });
    expect(mixed.status).toBe(400);
    const badSort = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 3 } });
    expect(badSort).toMatchObject({ status: 400, msg: 'sort: sort 须为 1（热门）或 2（最新）' });
    const bigPage = await call(t.app, 'GET', '/api/v1/square/post/list', { query: { pageSize: 101 } });
    expect(bigPage).toMatchObject({ status: 400, msg: 'pageSize: pageSize 最大为 100' });
  });

  it('lists my own posts newest first, by page and by cursor', async () => {
    const mine = await call(t.app, 'GET', '/api/v1/square/post/me', {
      account: carol,
      query: { sort: 2, pageSize: 100 },
    });
    expect(mine.code).toBe(0);
    const ids = mine.data.records.map((p: { id: number }) => p.id);
    expect(
      mine.data.records.every((p: { uid: string; isMine: boolean }) => p.uid === carol.uid && p.isMine),
    ).toBe(true);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const byCursor = await readAllByCursor(t.app, '/api/v1/square/post/me', { pageSize: 3 }, carol);
    expect(byCursor.ids).toEqual(ids);
    const wrongSort = await call(t.app, 'GET', '/api/v1/square/post/me', {
      account: carol,
      query: { sort: 1 },
    });
    expect(wrongSort).toMatchObject({ status: 400, msg: 'sort: sort 只能为 2（最新）' });
  });
});
