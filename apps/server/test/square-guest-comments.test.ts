import zlib from 'node:zlib';
import type { Account } from '@ld/contract/accounts';
import type { CommentListQuery } from '@ld/contract/square';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listComments } from '../src/modules/square/comments-service.ts';
import { createGuestCommentsCache } from '../src/modules/square/guest-comments-cache.ts';
import type { ChangeTopic } from '../src/platform/changes.ts';
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

interface ListedComment {
  id: number;
  content: string;
  likeCount: number;
  replyCount: number;
  liked: boolean;
  isMine: boolean;
  author: { name: string };
  replies: Array<{ id: number; content: string }>;
}
interface Thread {
  total: number;
  records: ListedComment[];
  nextCursor: string | null;
}

// A guest's first page of a post's comments is kept per process as its JSON
// (guest-comments-cache.ts, docs/decisions/0056-cluster.md): it must be what the list would answer
// anyway, every write that changes it shows at the very next request, and signed-in callers get
// their own flags, never the guests' page.
describeDialects('square guest comments page 1', (dialect) => {
  let t: TestApp;
  let moderator: Operator;
  let tagId: number;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    moderator = await operatorOf(t, 'moderator');
    tagId = (await insertSquareFixtures(t.app)).tagIds[0]!;
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  const url = (postId: number) => `/api/v1/square/post/${postId}/comment/list`;
  const comments = async (postId: number, query: Record<string, string | number> = {}, account?: Account) => {
    const answer = await call<Thread>(t.app, 'GET', url(postId), { query: { sort: 2, ...query }, account });
    expect(answer.code).toBe(0);
    return answer.data;
  };
  const commentIn = (page: Thread, id: number) => page.records.find((c) => c.id === id);

  it('answers a guest the page the list builds, as JSON, keeps it, and compresses it as asked', async () => {
    const post = await newPost(t.app, alice, '评论缓存的帖子', tagId);
    const first = await newComment(t.app, bob, post, '第一条评论');
    await newComment(t.app, alice, post, '楼中楼', first.id);
    for (const sort of [1, 2] as const) {
      const raw = await t.app.inject({ method: 'GET', url: `${url(post)}?sort=${sort}` });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
      const query: CommentListQuery = { sort, currentPage: 1, pageSize: 10 };
      const built = await listComments(t.deps, null, post, query);
      expect(JSON.parse(raw.body)).toEqual({ code: 0, msg: 'success', data: built });
      expect(built.records[0]?.replies.map((r) => r.content)).toEqual(['楼中楼']);
      const again = await t.app.inject({ method: 'GET', url: `${url(post)}?sort=${sort}` });
      expect(again.body).toBe(raw.body);
      const br = await t.app.inject({
        method: 'GET',
        url: `${url(post)}?sort=${sort}`,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(raw.body);
    }
    // Kept: a row written below the API, with no announcement, is not seen (that is the cache) ...
    await t.deps.db.kysely
      .updateTable('square_comments')
      .set({ content: '未经通告的改动' })
      .where('id', '=', first.id)
      .execute();
    expect(commentIn(await comments(post), first.id)?.content).toBe('第一条评论');
    // ... until the post's comments announce a change, as every write through the services does.
    await t.deps.changes.announce('square-comments');
    expect(commentIn(await comments(post), first.id)?.content).toBe('未经通告的改动');
    // A page by cursor or page number is read as before; another post keeps a page of its own.
    const other = await newPost(t.app, bob, '另一个帖子', tagId);
    await newComment(t.app, alice, other, '另一个帖子的评论');
    expect((await comments(other)).records.map((c) => c.content)).toEqual(['另一个帖子的评论']);
    expect((await comments(post, { currentPage: 2 })).records).toEqual([]);
    expect(commentIn(await comments(post), first.id)).toBeDefined();
  });

  it('answers a post that does not exist or was deleted with 帖子不存在, and keeps nothing of it', async () => {
    const missing = await call(t.app, 'GET', url(999_999), { query: { sort: 2 } });
    expect(missing).toMatchObject({ status: 404, msg: '帖子不存在' });
    const post = await newPost(t.app, alice, '要删掉的帖子', tagId);
    await newComment(t.app, bob, post, '删帖前的评论');
    expect((await comments(post)).total).toBe(1);
    expect((await call(t.app, 'DELETE', `/api/v1/square/post/${post}`, { account: alice })).code).toBe(0);
    expect(await call(t.app, 'GET', url(post), { query: { sort: 2 } })).toMatchObject({
      status: 404,
      msg: '帖子不存在',
    });
  });

  it('never shows a signed-in caller the guest page, nor a guest what a caller liked', async () => {
    const post = await newPost(t.app, alice, '登录与游客各看各的评论', tagId);
    const comment = await newComment(t.app, alice, post, '点个赞');
    await comments(post);
    expect(
      (await call(t.app, 'POST', `/api/v1/square/comment/${comment.id}/like`, { account: bob })).code,
    ).toBe(0);
    expect(commentIn(await comments(post, {}, bob), comment.id)).toMatchObject({ liked: true, likeCount: 1 });
    expect(commentIn(await comments(post, {}, alice), comment.id)).toMatchObject({
      liked: false,
      isMine: true,
      likeCount: 1,
    });
    expect(commentIn(await comments(post), comment.id)).toMatchObject({
      liked: false,
      isMine: false,
      likeCount: 1,
    });
  });

  it('shows a comment, a reply, a like, a delete, a take-down, a restore and a new name at the next request', async () => {
    const post = await newPost(t.app, alice, '热闹的帖子', tagId);
    const older = await newComment(t.app, alice, post, '先来的评论');
    expect((await comments(post)).records.map((c) => c.id)).toEqual([older.id]);
    await comments(post, { sort: 1 });

    const newer = await newComment(t.app, bob, post, '后来的评论');
    expect((await comments(post)).records.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect((await comments(post)).total).toBe(2);

    await newComment(t.app, bob, post, '回复先来的', older.id);
    expect(commentIn(await comments(post), older.id)).toMatchObject({
      replyCount: 1,
      replies: [expect.objectContaining({ content: '回复先来的' })],
    });

    // A like moves the count and the hot order (the older comment leads the hot list by its reply;
    // three likes put the newer one first).
    expect((await comments(post, { sort: 1 })).records[0]?.id).toBe(older.id);
    for (const account of [alice, bob, await registerUser(t.app)])
      expect((await call(t.app, 'POST', `/api/v1/square/comment/${newer.id}/like`, { account })).code).toBe(
        0,
      );
    expect(commentIn(await comments(post), newer.id)?.likeCount).toBe(3);
    expect((await comments(post, { sort: 1 })).records[0]?.id).toBe(newer.id);
    await call(t.app, 'DELETE', `/api/v1/square/comment/${newer.id}/like`, { account: alice });
    expect(commentIn(await comments(post), newer.id)?.likeCount).toBe(2);

    expect((await call(t.app, 'DELETE', `/api/v1/square/comment/${newer.id}`, { account: bob })).code).toBe(
      0,
    );
    expect((await comments(post)).records.map((c) => c.id)).toEqual([older.id]);

    const down = await adminCall(t.app, 'POST', `/moderation/comments/${older.id}/delete`, {
      operator: moderator,
    });
    expect(down.code).toBe(0);
    expect((await comments(post)).records).toEqual([]);
    const up = await adminCall(t.app, 'POST', `/moderation/comments/${older.id}/restore`, {
      operator: moderator,
    });
    expect(up.code).toBe(0);
    expect((await comments(post)).records.map((c) => c.id)).toEqual([older.id]);

    const named = await postForm(t.app, '/api/user/center/updateInfo', { name: '评论区新名字' }, alice);
    expect(named.code).toBe(0);
    expect(commentIn(await comments(post), older.id)?.author.name).toBe('评论区新名字');
  });
});

// The cache's bound: a page per post, sort and size; when full, the page kept longest goes, and
// the others stay (a busy square's many posts do not empty it for each other).
describe('guest comments cache', () => {
  const changes = { subscribe: (_topic: ChangeTopic, _onChange: () => void) => () => {} };

  it('keeps 128 pages of up to 20 comments, dropping the one kept longest for a new one', async () => {
    const builds: string[] = [];
    const cache = createGuestCommentsCache({ changes } as never, async (postId, query) => {
      builds.push(`${postId}:${query.sort}`);
      return `${postId}`;
    });
    const query: CommentListQuery = { sort: 2, currentPage: 1, pageSize: 10 };
    const json = async (postId: number) => (await cache.firstPage({ postId, query })!).json;
    for (let id = 1; id <= 128; id++) expect(await json(id)).toBe(`${id}`);
    expect(builds).toHaveLength(128);
    await json(129);
    expect(builds).toHaveLength(129);
    // Post 1's page went; post 2's and post 129's are kept.
    await json(2);
    await json(129);
    expect(builds).toHaveLength(129);
    await json(1);
    expect(builds.at(-1)).toBe('1:2');
    expect(builds).toHaveLength(130);
    expect(cache.firstPage({ postId: 1, query: { ...query, cursor: 'abc' } })).toBeNull();
    expect(cache.firstPage({ postId: 1, query: { ...query, currentPage: 2 } })).toBeNull();
    // A page of more than 20 comments is built for each request, never kept.
    expect(cache.firstPage({ postId: 1, query: { ...query, pageSize: 20 } })).not.toBeNull();
    expect(cache.firstPage({ postId: 1, query: { ...query, pageSize: 21 } })).toBeNull();
  });
});
