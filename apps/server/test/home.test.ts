import type { Home, SearchAnswer, SuggestAnswer } from '@ld/contract/home';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCategory, insertWork } from '../src/modules/content/public.ts';
import { HOME_CACHE_KEY } from '../src/modules/home/service.ts';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { createGame, createType } from './helpers/money.ts';
import { insertSquareFixtures, newPost } from './helpers/square.ts';

// Home (GET /api/v1/home) and the search across every kind (GET /api/v1/search, /search/suggest):
// sections only for kinds that have something, hottest first, each with its 更多; results grouped
// by kind, one kind page by page; bad input 400 naming the field.

describeDialects('home and search', (dialect) => {
  let t: TestApp;
  let comicId: number;
  let postId: number;
  const games: Record<string, { id: number; appId: number }> = {};
  const novels: Record<string, number> = {};

  const home = async () => {
    await t.deps.cache.del(HOME_CACHE_KEY);
    return call<Home>(t.app, 'GET', '/api/v1/home');
  };
  const search = (query: Record<string, string | number>) =>
    call<SearchAnswer>(t.app, 'GET', '/api/v1/search', { query });
  const suggest = (keyword: string) =>
    call<SuggestAnswer>(t.app, 'GET', '/api/v1/search/suggest', { query: { keyword } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shows banners and entries, and no section at all while nothing exists', async () => {
    const answer = await home();
    expect(answer.status).toBe(200);
    expect(answer.data.banners.map((b) => b.to)).toEqual(['/checkin', '/checkin']);
    expect(answer.data.entries.map((e) => [e.label, e.to])).toEqual([
      ['签到', '/checkin'],
      ['活动中心', '/activity'],
      ['书城', '/novels'],
      ['福利视频', '/welfare'],
      ['礼包中心', '/square'],
      ['充值', '/recharge'],
      ['邀请好友', '/invite'],
    ]);
    expect(answer.data.sections).toEqual([]);
  });

  it('adds a section per kind that has works, hottest first, with its 更多', async () => {
    const type = await createType(t, '角色扮演');
    games.cold = await createGame(t, { typeId: type, name: '冷门剑客', sort: 1 });
    games.hot = await createGame(t, { typeId: type, name: '剑侠情缘', sort: 9 });
    novels.a = (await createNovel(t, { chapters: 3, title: '星河剑歌', author: '青衫客', hot: 50 })).workId;
    novels.b = (await createNovel(t, { chapters: 3, title: '城市之光', author: '程一', hot: 90 })).workId;

    let answer = await home();
    expect(answer.data.sections.map((s) => [s.kind, s.title, s.more])).toEqual([
      ['game', '热门游戏', '/games'],
      ['novel', '热门小说', '/novels'],
    ]);
    const [gameSection, novelSection] = answer.data.sections;
    expect(gameSection.items).toEqual([
      {
        kind: 'game',
        id: games.hot.appId,
        title: '剑侠情缘',
        cover: expect.any(String),
        subtitle: '角色扮演',
        path: `/detail/${games.hot.appId}`,
      },
      {
        kind: 'game',
        id: games.cold.appId,
        title: '冷门剑客',
        cover: expect.any(String),
        subtitle: '角色扮演',
        path: `/detail/${games.cold.appId}`,
      },
    ]);
    expect(novelSection.items.map((i) => [i.id, i.title, i.subtitle, i.path])).toEqual([
      [novels.b, '城市之光', '程一', `/bookinfo/${novels.b}`],
      [novels.a, '星河剑歌', '青衫客', `/bookinfo/${novels.a}`],
    ]);

    // Comics appear once one exists (the comics module is built elsewhere; the content model holds them).
    const db = t.deps.db.kysely;
    const category = await insertCategory(db, { kind: 'comic', name: '热血', sort: 1 });
    comicId = await insertWork(db, {
      kind: 'comic',
      category_id: category,
      title: '剑之少年',
      author: '画师甲',
      cover: '/uploads/comics/test/cover.webp',
      tags: JSON.stringify(['热血']),
      intro: '一部测试漫画。',
      status: 0,
      latest_unit_at: t.clock.now(),
      view_count: 0,
      hot_score: 0,
      created_at: t.clock.now(),
    });
    const { tagIds } = await insertSquareFixtures(t.app);
    const author = await registerUser(t.app);
    postId = await newPost(t.app, author, '剑侠情缘新区开服\n第二行不进标题', tagIds[0]);

    answer = await home();
    expect(answer.data.sections.map((s) => s.kind)).toEqual(['game', 'comic', 'novel', 'post']);
    expect(answer.data.sections[1].more).toBe('/animate');
    expect(answer.data.sections[3]).toMatchObject({
      more: '/square',
      items: [{ kind: 'post', id: postId, title: '剑侠情缘新区开服', cover: null, path: `/post/${postId}` }],
    });
  });

  it('is kept for a few seconds, so a burst of visits builds it once', async () => {
    const first = await home();
    const type = await createType(t, '休闲');
    await createGame(t, { typeId: type, name: '后来的游戏', sort: 99 });
    const again = await call<Home>(t.app, 'GET', '/api/v1/home');
    expect(again.data).toEqual(first.data);
    expect((await home()).data.sections[0].items[0].title).toBe('后来的游戏');
  });

  it('groups results by kind across games, comics, novels and posts', async () => {
    const answer = await search({ keyword: '剑' });
    expect(answer.status).toBe(200);
    expect(answer.data.keyword).toBe('剑');
    expect(answer.data.groups.map((g) => [g.kind, g.title, g.total])).toEqual([
      ['game', '游戏', 2],
      ['comic', '漫画', 1],
      ['novel', '小说', 1],
      ['post', '帖子', 1],
    ]);
    expect(answer.data.groups[1].items).toEqual([
      {
        kind: 'comic',
        id: comicId,
        title: '剑之少年',
        cover: '/uploads/comics/test/cover.webp',
        subtitle: '画师甲',
        path: `/comic/${comicId}`,
      },
    ]);
    expect(answer.data.groups[2].items[0]).toMatchObject({ id: novels.a, title: '星河剑歌' });
    // A word nobody used: no group at all.
    expect((await search({ keyword: '不存在的词' })).data.groups).toEqual([]);
    // Author names match works too, and the keyword is trimmed.
    expect((await search({ keyword: '  程一 ' })).data.groups.map((g) => g.kind)).toEqual(['novel']);
  });

  it('pages one kind by cursor to the end', async () => {
    const type = await createType(t, '动作');
    for (let i = 0; i < 5; i += 1) await createGame(t, { typeId: type, name: `剑影${i}`, sort: 50 - i });
    const first = await search({ keyword: '剑', kind: 'game', pageSize: 3 });
    expect(first.data.groups).toHaveLength(1);
    const group = first.data.groups[0];
    expect(group.total).toBe(7);
    expect(group.items.map((i) => i.title)).toEqual(['剑影0', '剑影1', '剑影2']);
    const seen = group.items.map((i) => i.id);
    let cursor = group.nextCursor;
    while (cursor) {
      const next = await search({ keyword: '剑', kind: 'game', pageSize: 3, cursor });
      seen.push(...next.data.groups[0].items.map((i) => i.id));
      cursor = next.data.groups[0].nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // One kind answers even when it found nothing, so the client knows the list is finished.
    const none = await search({ keyword: '剑', kind: 'video' });
    expect(none.data.groups).toEqual([
      { kind: 'video', title: '视频', total: 0, items: [], nextCursor: null },
    ]);
  });

  it('suggests titles of games and works as you type, at most eight', async () => {
    const answer = await suggest('剑');
    expect(answer.status).toBe(200);
    expect(answer.data.items.length).toBeLessThanOrEqual(8);
    expect(answer.data.items.map((i) => i.kind)).toEqual(['game', 'game', 'comic', 'novel']);
    expect(answer.data.items.every((i) => i.title.includes('剑'))).toBe(true);
    expect((await suggest('城市')).data.items.map((i) => [i.kind, i.id])).toEqual([['novel', novels.b]]);
  });

  it('treats % and _ as letters, not wildcards', async () => {
    expect((await search({ keyword: '%' })).data.groups).toEqual([]);
    expect((await suggest('_')).data.items).toEqual([]);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{}, 'keyword'],
      [{ keyword: '   ' }, 'keyword'],
      [{ keyword: '剑'.repeat(33) }, 'keyword'],
      [{ keyword: '剑', kind: 'music' }, 'kind'],
      [{ keyword: '剑', pageSize: 21 }, 'pageSize'],
      [{ keyword: '剑', pageSize: 'many' }, 'pageSize'],
      [{ keyword: '剑', cursor: 'abc' }, 'cursor'],
      [{ keyword: '剑', kind: 'game', cursor: '!!' }, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const answer = await search(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.code).toBe(400);
      expect(answer.msg).toContain(field);
    }
    // A cursor of another kind's list is refused, not misread.
    const games = await search({ keyword: '剑', kind: 'game', pageSize: 1 });
    const wrong = await search({
      keyword: '剑',
      kind: 'novel',
      cursor: games.data.groups[0].nextCursor ?? '',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.msg).toContain('cursor');
    const bad = await call(t.app, 'GET', '/api/v1/search/suggest');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('keyword');
  });
});
