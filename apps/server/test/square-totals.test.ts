import type { Account } from '@ld/contract/accounts';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addLivePosts } from '../src/modules/square/posts-repository.ts';
import { TOTAL_CAP } from '../src/modules/square/posts-service.ts';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { insertSquareFixtures, newComment, newPost } from './helpers/square.ts';

/**
 * Feed and comment totals come from counters kept in the writing transactions, not from counting
 * rows per request. Whatever happens to posts and comments, the counters must equal the rows.
 */
describeDialects('square totals', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let tagIds: number[];

  const get = async (url: string, query: Record<string, string | number> = {}, account?: Account) => {
    const answer = await call(t.app, 'GET', url, { query, account });
    if (answer.code !== 0) throw new Error(`${url} failed: ${answer.msg}`);
    return answer.data;
  };
  const feedTotal = async (query: Record<string, string | number> = {}) =>
    (await get('/api/v1/square/post/list', { sort: 2, ...query })).total as number;
  const deletePost = (id: number, account: Account) =>
    call(t.app, 'DELETE', `/api/v1/square/post/${id}`, { account });
  const deleteComment = (id: number, account: Account) =>
    call(t.app, 'DELETE', `/api/v1/square/comment/${id}`, { account });
  const commentsOf = (postId: number, query: Record<string, string | number> = {}) =>
    get(`/api/v1/square/post/${postId}/comment/list`, query);
  const repliesOf = (postId: number, rootId: number, query: Record<string, string | number> = {}) =>
    get(`/api/v1/square/post/${postId}/comment/${rootId}/list`, query);

  /** The counters next to what counting the rows answers: equal after every change. */
  async function expectCountersMatchRows() {
    const db = t.deps.db.kysely;
    const live = await db
      .selectFrom('square_posts')
      .select(['tag_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted_at', 'is', null)
      .groupBy('tag_id')
      .execute();
    const counted = new Map(tagIds.map((id) => [id, 0]));
    for (const r of live) counted.set(Number(r.tag_id), Number(r.n));
    const counters = new Map(tagIds.map((id) => [id, 0]));
    for (const c of await db.selectFrom('square_post_counters').select(['tag_id', 'live_count']).execute()) {
      counters.set(Number(c.tag_id), Number(c.live_count));
    }
    counted.set(
      0,
      live.reduce((sum, r) => sum + Number(r.n), 0),
    );
    expect(counters).toEqual(counted);
    const drift = await db
      .selectFrom('square_posts as p')
      .select(['p.id', 'p.top_comment_count'])
      .select(
        sql<number>`(select count(*) from square_comments c where c.post_id = p.id and c.root_id is null and c.deleted_at is null)`.as(
          'top',
        ),
      )
      .execute();
    expect(drift.filter((p) => Number(p.top) !== p.top_comment_count)).toEqual([]);
  }

  // Totals are global to a database: each test gets its own, so none counts another's posts.
  beforeEach(async () => {
    // Many writes from three people in quick succession: the per-user write limit is not under test.
    t = await createTestApp(dialect, { RATE_LIMIT: 'off' });
    ({ tagIds } = await insertSquareFixtures(t.app));
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    carol = await registerUser(t.app);
  });
  afterEach(() => t.close());

  it('keeps the feed totals right through creating and deleting posts, one at a time and at once', async () => {
    expect(await feedTotal()).toBe(0);
    await expectCountersMatchRows();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(1000);
      ids.push(await newPost(t.app, [alice, bob][i % 2], `计数帖 ${i + 1}`, tagIds[i % 3]));
    }
    expect(await feedTotal()).toBe(7);
    expect(await feedTotal({ tagId: tagIds[0] })).toBe(3);
    expect(await feedTotal({ tagId: tagIds[1] })).toBe(2);
    expect(await feedTotal({ tagId: tagIds[3] })).toBe(0);
    expect((await get('/api/v1/square/post/list', { sort: 1 })).total).toBe(7);
    await expectCountersMatchRows();

    // Refused deletes (someone else's post) and repeated deletes move nothing.
    expect((await deletePost(ids[0], bob)).code).toBe(1);
    expect((await deletePost(ids[0], alice)).code).toBe(0);
    expect((await deletePost(ids[0], alice)).status).toBe(404);
    expect(await feedTotal()).toBe(6);
    expect(await feedTotal({ tagId: tagIds[0] })).toBe(2);
    await expectCountersMatchRows();

    // The same post deleted by several requests at once counts once.
    const racing = await Promise.all([1, 2, 3, 4].map(() => deletePost(ids[3], bob)));
    expect(racing.filter((a) => a.code === 0)).toHaveLength(1);
    expect(racing.filter((a) => a.status === 404)).toHaveLength(3);
    expect(await feedTotal()).toBe(5);
    await expectCountersMatchRows();

    // Posts published at once all count.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        newPost(t.app, [alice, bob, carol][i % 3], `同时发帖 ${i}`, tagIds[3]),
      ),
    );
    expect(await feedTotal()).toBe(15);
    expect(await feedTotal({ tagId: tagIds[3] })).toBe(10);
    await expectCountersMatchRows();
  });

  it('answers the same total on a cursor page as on page 1, for every feed', async () => {
    // Three posts each from alice and bob: every feed below has more than one page of 2.
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(1000);
      await newPost(t.app, [alice, bob][i % 2], `同时发帖 ${i}`, tagIds[3]);
    }
    await call(t.app, 'POST', `/api/v1/user/follow/${bob.uid}`, { account: carol });
    const feeds: Array<[string, Record<string, string | number>, Account | undefined]> = [
      ['/api/v1/square/post/list', { sort: 2 }, undefined],
      ['/api/v1/square/post/list', { sort: 1 }, undefined],
      ['/api/v1/square/post/list', { sort: 2, tagId: tagIds[3] }, undefined],
      ['/api/v1/square/post/list', { sort: 2, keyword: '同时发帖' }, undefined],
      ['/api/v1/square/post/follow', {}, carol],
      ['/api/v1/square/post/me', {}, alice],
    ];
    for (const [url, query, account] of feeds) {
      const first = await get(url, { ...query, pageSize: 2 }, account);
      expect(first.total).toBeGreaterThan(2);
      const next = await get(url, { ...query, pageSize: 2, cursor: first.nextCursor }, account);
      expect({ url, query, total: next.total, pages: next.pages }).toEqual({
        url,
        query,
        total: first.total,
        pages: first.pages,
      });
    }
  });

  it('keeps comment and reply totals right through creating and deleting them', async () => {
    const postId = await newPost(t.app, alice, '评论计数', tagIds[0]);
    const roots: Array<{ id: number }> = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      roots.push(await newComment(t.app, [bob, carol][i % 2], postId, `评论 ${i + 1}`));
    }
    const r1 = await newComment(t.app, alice, postId, '回复 1', roots[0].id);
    const r2 = await newComment(t.app, bob, postId, '回复 2', r1.id);
    await newComment(t.app, carol, postId, '回复 3', roots[0].id);
    await newComment(t.app, carol, postId, '别处的回复', roots[1].id);
    // Replies are not top-level comments: the list's total counts threads.
    expect(await commentsOf(postId)).toMatchObject({ total: 4, pages: 1 });
    expect((await repliesOf(postId, roots[0].id)).total).toBe(3);
    expect((await get(`/api/v1/square/post/${postId}`)).commentCount).toBe(8);
    await expectCountersMatchRows();

    // A page by cursor answers the page-1 total, for comments and for replies.
    const first = await commentsOf(postId, { pageSize: 3, sort: 2 });
    const next = await commentsOf(postId, { pageSize: 3, sort: 2, cursor: first.nextCursor });
    expect([first.total, next.total, next.records.length]).toEqual([4, 4, 1]);
    const firstReplies = await repliesOf(postId, roots[0].id, { pageSize: 2 });
    const nextReplies = await repliesOf(postId, roots[0].id, {
      pageSize: 2,
      cursor: firstReplies.nextCursor,
    });
    expect([firstReplies.total, nextReplies.total, nextReplies.records.length]).toEqual([3, 3, 1]);

    // Deleting a reply leaves the comment list's total and shrinks the thread's.
    expect((await deleteComment(r2.id, bob)).code).toBe(0);
    expect((await commentsOf(postId)).total).toBe(4);
    expect((await repliesOf(postId, roots[0].id)).total).toBe(2);
    await expectCountersMatchRows();

    // Deleting a thread takes its replies: one top-level comment and all its replies leave.
    expect((await deleteComment(roots[0].id, bob)).code).toBe(0);
    expect((await commentsOf(postId)).total).toBe(3);
    expect((await get(`/api/v1/square/post/${postId}`)).commentCount).toBe(4);
    await expectCountersMatchRows();

    // A comment deleted by several requests at once counts once.
    const racing = await Promise.all([1, 2, 3].map(() => deleteComment(roots[1].id, carol)));
    expect(racing.filter((a) => a.code === 0)).toHaveLength(1);
    expect((await commentsOf(postId)).total).toBe(2);
    expect((await get(`/api/v1/square/post/${postId}`)).commentCount).toBe(2);
    await expectCountersMatchRows();

    // Comments and replies written at once all count.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        newComment(
          t.app,
          [alice, bob, carol][i % 3],
          postId,
          `同时评论 ${i}`,
          i % 2 ? roots[2].id : undefined,
        ),
      ),
    );
    expect((await commentsOf(postId)).total).toBe(5);
    expect((await repliesOf(postId, roots[2].id)).total).toBe(3);
    await expectCountersMatchRows();
  });

  it('counts keyword, follow and own-post totals up to the cap, then answers "at least" the cap', async () => {
    const db = t.deps.db.kysely;
    const dave = await registerUser(t.app);
    await call(t.app, 'POST', `/api/v1/user/follow/${dave.uid}`, { account: carol });
    const followBefore = (await get('/api/v1/square/post/follow', {}, carol)).total as number;
    const allBefore = await feedTotal();
    // More posts than the cap, written as rows (with their counters) rather than one request each.
    const count = TOTAL_CAP + 5;
    const start = t.clock.now() - count;
    for (let from = 0; from < count; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
        user_id: Number(dave.uid),
        tag_id: tagIds[2],
        content: `海量帖子 ${from + i}`,
        hot_score: 0,
        created_at: start + from + i,
        updated_at: start + from + i,
        deleted_at: null,
      }));
      await db.insertInto('square_posts').values(rows).execute();
    }
    await addLivePosts(db, new Map([[tagIds[2], count]]));
    // Rows written below the API are announced as the services announce theirs (the guest feed's
    // first page is kept until the square changes, guest-feed-cache.ts).
    await t.deps.changes.announce('square');
    await expectCountersMatchRows();

    // Counted feeds stay exact.
    expect(await feedTotal()).toBe(allBefore + count);
    // The others stop counting at the cap.
    const capped = { total: TOTAL_CAP, pages: TOTAL_CAP / 10 };
    expect(await get('/api/v1/square/post/me', {}, dave)).toMatchObject(capped);
    expect(await get('/api/v1/square/post/list', { keyword: '海量帖子' })).toMatchObject(capped);
    expect(followBefore + count).toBeGreaterThan(TOTAL_CAP);
    expect(await get('/api/v1/square/post/follow', {}, carol)).toMatchObject(capped);
    // Below the cap, a keyword's total is exact.
    expect((await get('/api/v1/square/post/list', { keyword: '海量帖子 999' })).total).toBe(11);
  });
});
