import zlib from 'node:zlib';
import type { Account } from '@ld/contract/accounts';
import type { PostListQuery } from '@ld/contract/square';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuestFeedCache } from '../src/modules/square/guest-feed-cache.ts';
import { listPostFeed } from '../src/modules/square/posts-service.ts';
import type { ChangeTopic } from '../src/platform/changes.ts';
import { preferredEncoding } from '../src/platform/guest-pages.ts';
import { adminCall, type Operator, operatorOf } from './helpers/admin.ts';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { insertSquareFixtures, newComment, newPost } from './helpers/square.ts';

interface FeedPost {
  id: number;
  content: string;
  likeCount: number;
  commentCount: number;
  liked: boolean;
  isMine: boolean;
  followed: boolean;
  author: { name: string };
  tag: { tag: string };
}
interface Feed {
  total: number;
  records: FeedPost[];
}

// The guest's first page of the feed is kept per process as its JSON (guest-feed-cache.ts,
// docs/decisions/0056-cluster.md): it must be what the feed would answer anyway, and every write
// that changes it shows at the very next request; signed-in callers get their own flags, never the
// guests' page.
describeDialects('square guest feed page 1', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let moderator: Operator;
  let tagIds: number[];
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    moderator = await operatorOf(t, 'moderator');
    ({ tagIds } = await insertSquareFixtures(t.app));
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  const feed = async (query: Record<string, string | number> = {}, account?: Account) =>
    (await call<Feed>(t.app, 'GET', '/api/v1/square/post/list', { query: { sort: 2, ...query }, account }))
      .data;
  const postIn = (page: Feed, id: number) => page.records.find((p) => p.id === id);

  it('answers a guest the page the feed builds, as JSON, and keeps it', async () => {
    const first = await newPost(t.app, alice, '游客首页的第一帖', tagIds[0]!);
    await newPost(t.app, bob, '游客首页的第二帖', tagIds[1]!);
    for (const sort of [1, 2] as const) {
      const raw = await t.app.inject({ method: 'GET', url: `/api/v1/square/post/list?sort=${sort}` });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
      const built = await listPostFeed(t.deps, null, { sort, currentPage: 1, pageSize: 10 });
      expect(JSON.parse(raw.body)).toEqual({ code: 0, msg: 'success', data: built });
      // The same bytes again.
      const again = await t.app.inject({ method: 'GET', url: `/api/v1/square/post/list?sort=${sort}` });
      expect(again.body).toBe(raw.body);
    }
    // Kept: a row written below the API, with no announcement, is not seen (that is the cache) ...
    await t.deps.db.kysely
      .updateTable('square_posts')
      .set({ content: '未经通告的改动' })
      .where('id', '=', first)
      .execute();
    expect(postIn(await feed(), first)?.content).toBe('游客首页的第一帖');
    // ... until the square announces a change, as every write through the services does.
    await t.deps.changes.announce('square');
    expect(postIn(await feed(), first)?.content).toBe('未经通告的改动');
    // Other pages, keywords and cursors are read as before.
    const byKeyword = await feed({ keyword: '第二帖' });
    expect(byKeyword.records.map((p) => p.content)).toEqual(['游客首页的第二帖']);
    const byTag = await feed({ tagId: tagIds[1]! });
    expect(byTag.records.map((p) => p.content)).toEqual(['游客首页的第二帖']);
  });

  it('answers browsers the kept page compressed as they ask, the same JSON once inflated', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/square/post/list?sort=1' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const asked = async (acceptEncoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/square/post/list?sort=1',
        headers: { 'accept-encoding': acceptEncoding },
      });
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await asked('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect((await asked('br;q=0, gzip;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await asked('identity')).headers['content-encoding']).toBeUndefined();
    // A page that is not kept is left to @fastify/compress, as before (1 KB and more: compressed).
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/v1/square/post/list?sort=1&keyword=${encodeURIComponent('游客首页')}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    const searched = JSON.parse(
      (search.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(search.rawPayload)
        : search.rawPayload
      ).toString(),
    );
    expect(searched.data.records.length).toBeGreaterThan(0);
  });

  it('never shows a signed-in caller the guest page, nor a guest what a caller liked', async () => {
    const id = await newPost(t.app, alice, '登录与游客各看各的', tagIds[0]!);
    await feed();
    expect((await call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: bob })).code).toBe(0);
    expect((await call(t.app, 'POST', `/api/v1/user/follow/${alice.uid}`, { account: bob })).code).toBe(0);
    const asBob = postIn(await feed({}, bob), id);
    expect(asBob).toMatchObject({ liked: true, isMine: false, followed: true, likeCount: 1 });
    const asAlice = postIn(await feed({}, alice), id);
    expect(asAlice).toMatchObject({ liked: false, isMine: true, likeCount: 1 });
    const asGuest = postIn(await feed(), id);
    expect(asGuest).toMatchObject({ liked: false, isMine: false, followed: false, likeCount: 1 });
    // A token that is no session is a guest, as before.
    const stranger = { uid: bob.uid, token: 'f'.repeat(64) } as Account;
    expect(postIn(await feed({}, stranger), id)).toMatchObject({ liked: false, followed: false });
  });

  it('shows a new post, a like, a comment and a delete at the next request', async () => {
    await feed();
    await feed({ sort: 1 });
    const id = await newPost(t.app, bob, '刚刚发布', tagIds[2]!);
    const total = (await feed()).total;
    expect((await feed()).records[0]).toMatchObject({ id, likeCount: 0, commentCount: 0 });
    expect(postIn(await feed({ sort: 1 }), id)).toBeDefined();

    await call(t.app, 'POST', `/api/v1/square/post/${id}/like`, { account: alice });
    expect(postIn(await feed(), id)?.likeCount).toBe(1);
    await call(t.app, 'DELETE', `/api/v1/square/post/${id}/like`, { account: alice });
    expect(postIn(await feed(), id)?.likeCount).toBe(0);

    const comment = await newComment(t.app, alice, id, '沙发');
    expect(postIn(await feed(), id)?.commentCount).toBe(1);
    await call(t.app, 'DELETE', `/api/v1/square/comment/${comment.id}`, { account: alice });
    expect(postIn(await feed(), id)?.commentCount).toBe(0);

    expect((await call(t.app, 'DELETE', `/api/v1/square/post/${id}`, { account: bob })).code).toBe(0);
    const after = await feed();
    expect(postIn(after, id)).toBeUndefined();
    expect(after.total).toBe(total - 1);
    expect(postIn(await feed({ sort: 1 }), id)).toBeUndefined();
  });

  it("shows a moderator's take-down and restore, a tag's new name and an author's new name at the next request", async () => {
    const id = await newPost(t.app, alice, '待审核的帖子', tagIds[3]!);
    expect(postIn(await feed(), id)).toBeDefined();
    const down = await adminCall(t.app, 'POST', `/moderation/posts/${id}/delete`, { operator: moderator });
    expect(down.code).toBe(0);
    expect(postIn(await feed(), id)).toBeUndefined();
    await adminCall(t.app, 'POST', `/moderation/posts/${id}/restore`, { operator: moderator });
    expect(postIn(await feed(), id)).toBeDefined();

    const renamed = await adminCall(t.app, 'PATCH', `/square-tags/${tagIds[3]}`, {
      operator: editor,
      json: { name: '改过名的话题' },
    });
    expect(renamed.code).toBe(0);
    expect(postIn(await feed(), id)?.tag.tag).toBe('改过名的话题');

    const named = await postForm(t.app, '/api/user/center/updateInfo', { name: '新名字' }, alice);
    expect(named.code).toBe(0);
    expect(postIn(await feed(), id)?.author.name).toBe('新名字');
  });
});

// The cache's own rules, on a change feed of one process: one build per page at a time, and a
// build that began before a change is never what a request after the change gets.
describe('guest feed cache', () => {
  const subscribers = new Map<ChangeTopic, Array<() => void>>();
  const changes = {
    subscribe(topic: ChangeTopic, onChange: () => void) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onChange]);
      return () => {};
    },
  };
  const announce = (topic: ChangeTopic) => {
    for (const onChange of subscribers.get(topic) ?? []) onChange();
  };
  const page1: PostListQuery = { sort: 2, currentPage: 1, pageSize: 10 };

  it('builds once for concurrent guests, and again after each topic it shows changes', async () => {
    let version = 0;
    let builds = 0;
    const pending: Array<() => void> = [];
    const releaseAll = () => {
      for (const release of pending.splice(0)) release();
    };
    const cache = createGuestFeedCache({ changes } as never, async () => {
      builds += 1;
      const seen = version;
      await new Promise<void>((resolve) => pending.push(resolve));
      return `v${seen}`;
    });
    const json = async (query: PostListQuery) => (await cache.firstPage(query)!).json;
    const first = [json(page1), json(page1)];
    releaseAll();
    expect(await Promise.all(first)).toEqual(['v0', 'v0']);
    expect(builds).toBe(1);
    expect(await json(page1)).toBe('v0');
    expect(builds).toBe(1);

    // A build under way when a write lands: what it read may be old, so no request after gets it.
    version = 1;
    announce('square');
    const underWay = json(page1);
    version = 2;
    announce('square-counts');
    const after = json(page1);
    expect(builds).toBe(3);
    releaseAll();
    expect(await underWay).toBe('v1');
    expect(await after).toBe('v2');
    expect(await json(page1)).toBe('v2');

    version = 3;
    announce('profiles');
    const renamed = json(page1);
    releaseAll();
    expect(await renamed).toBe('v3');
    expect(builds).toBe(4);
    expect(cache.firstPage({ ...page1, keyword: 'x' })).toBeNull();
    expect(cache.firstPage({ ...page1, cursor: 'abc' })).toBeNull();
    expect(cache.firstPage({ ...page1, currentPage: 2 })).toBeNull();
  });

  it('picks Brotli, else gzip, by the weights of Accept-Encoding', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
  });
});
