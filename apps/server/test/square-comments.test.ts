import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import {
  insertSquareFixtures,
  newComment,
  newPost,
  readAllByCursor,
  readAllByPage,
} from './helpers/square.ts';

describeDialects('square comments', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let carol: Account;
  let tagId: number;

  const post = async (id: number, account?: Account) =>
    (await call(t.app, 'GET', `/api/v1/square/post/${id}`, { account })).data;
  const comments = async (postId: number, query: Record<string, string | number> = {}, account?: Account) =>
    (await call(t.app, 'GET', `/api/v1/square/post/${postId}/comment/list`, { query, account })).data;
  const replies = async (postId: number, rootId: number, query: Record<string, string | number> = {}) =>
    (await call(t.app, 'GET', `/api/v1/square/post/${postId}/comment/${rootId}/list`, { query })).data;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    carol = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('comments on a post and counts it on the post', async () => {
    const postId = await newPost(t.app, alice, '说说你最喜欢的游戏', tagId);
    t.clock.advance(1000);
    const answer = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
      json: { content: '  当然是塞尔达  ' },
      account: bob,
    });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      id: expect.any(Number),
      postId,
      uid: bob.uid,
      author: { uid: bob.uid, name: bob.name, avatar: null },
      content: '当然是塞尔达',
      replyCommentId: null,
      replyTo: null,
      likeCount: 0,
      liked: false,
      replyCount: 0,
      isMine: true,
      createTime: new Date(t.clock.now()).toISOString(),
    });
    expect((await post(postId)).commentCount).toBe(1);
    const list = await comments(postId);
    expect(list).toMatchObject({ total: 1, nextCursor: null });
    expect(list.records[0]).toMatchObject({ id: answer.data.id, isMine: false, replies: [] });
  });

  it('threads a reply to a comment and a reply to a reply under the root, naming whom they answer', async () => {
    const postId = await newPost(t.app, alice, '楼中楼测试', tagId);
    const root = await newComment(t.app, bob, postId, '一楼');
    const r1 = await newComment(t.app, carol, postId, '回复一楼', root.id);
    expect(r1).toMatchObject({ replyCommentId: root.id, replyTo: { uid: bob.uid, name: bob.name } });
    const r2 = await newComment(t.app, alice, postId, '回复卡罗尔', r1.id);
    expect(r2).toMatchObject({ replyCommentId: r1.id, replyTo: { uid: carol.uid, name: carol.name } });

    expect((await post(postId)).commentCount).toBe(3);
    const list = await comments(postId);
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: root.id, replyCount: 2 });
    expect(list.records[0].replies.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);

    const thread = await replies(postId, root.id);
    expect(thread).toMatchObject({ total: 2, nextCursor: null });
    expect(thread.records.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);
    expect(thread.records[1].replyTo).toEqual({ uid: carol.uid, name: carol.name });

    // Replies are listed only under their root; asking for them under a reply is unknown.
    expect((await call(t.app, 'GET', `/api/v1/square/post/${postId}/comment/${r1.id}/list`)).status).toBe(
      404,
    );
    const otherPost = await newPost(t.app, alice, '另一个帖子', tagId);
    const wrongPost = await call(t.app, 'POST', `/api/v1/square/post/${otherPost}/comment`, {
      json: { content: '串楼', replyCommentId: root.id },
      account: bob,
    });
    expect(wrongPost.status).toBe(404);
    expect((await post(otherPost)).commentCount).toBe(0);
  });

  it('previews the first 3 replies of each comment and pages the rest oldest first', async () => {
    const postId = await newPost(t.app, alice, '回复很多的帖子', tagId);
    const root = await newComment(t.app, bob, postId, '热门评论');
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      t.clock.advance(1000);
      ids.push((await newComment(t.app, i % 2 ? alice : carol, postId, `第 ${i + 1} 条回复`, root.id)).id);
    }
    const list = await comments(postId);
    expect(list.records[0].replyCount).toBe(7);
    expect(list.records[0].replies.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 3));
    const byPage = await readAllByPage(t.app, `/api/v1/square/post/${postId}/comment/${root.id}/list`, {
      pageSize: 3,
    });
    const byCursor = await readAllByCursor(t.app, `/api/v1/square/post/${postId}/comment/${root.id}/list`, {
      pageSize: 3,
    });
    expect(byPage).toEqual(ids);
    expect(byCursor.ids).toEqual(ids);
    expect(byCursor.pages).toBe(3);
  });

  it("previews each comment's own first live replies, exactly as its thread lists them", async () => {
    const postId = await newPost(t.app, alice, '多楼回复', tagId);
    const roots: Array<{ id: number }> = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      roots.push(await newComment(t.app, bob, postId, `楼 ${i + 1}`));
    }
    // Replies land interleaved across the first three threads, several in the same millisecond
    // (ordered by id then); the fourth thread stays empty.
    const threads = new Map<number, number[]>(roots.map((r) => [r.id, []]));
    for (let i = 0; i < 12; i += 1) {
      if (i % 4 === 0) t.clock.advance(1000);
      const root = roots[i % 3];
      threads
        .get(root.id)!
        .push((await newComment(t.app, i % 2 ? alice : carol, postId, `回复 ${i + 1}`, root.id)).id);
    }
    // A deleted reply leaves its place in the preview to the next one.
    const gone = threads.get(roots[0].id)!.shift()!;
    expect((await call(t.app, 'DELETE', `/api/v1/square/comment/${gone}`, { account: carol })).code).toBe(0);
    const liked = threads.get(roots[1].id)![1];
    expect((await call(t.app, 'POST', `/api/v1/square/comment/${liked}/like`, { account: bob })).code).toBe(
      0,
    );

    for (const account of [undefined, bob]) {
      const list = await comments(postId, { sort: 2 }, account);
      expect(list.records.map((c: { id: number }) => c.id)).toEqual(roots.map((r) => r.id).reverse());
      for (const record of list.records) {
        const ids = threads.get(record.id)!;
        expect(record.replies.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 3));
        if (account === undefined) {
          expect(record.replies).toEqual((await replies(postId, record.id, { pageSize: 3 })).records);
        }
        for (const reply of record.replies) expect(reply.liked).toBe(account === bob && reply.id === liked);
      }
    }

    // A page past the end still answers the post's total; an empty post answers 0; no post is 404.
    expect(await comments(postId, { currentPage: 9, pageSize: 1 })).toMatchObject({ total: 4, records: [] });
    const quiet = await newPost(t.app, alice, '没人评论', tagId);
    expect(await comments(quiet)).toMatchObject({ total: 0, records: [], nextCursor: null });
    expect((await call(t.app, 'GET', `/api/v1/square/post/${quiet + 1000}/comment/list`)).status).toBe(404);
  });

  it('sorts comments hot and latest and pages them by cursor like by number', async () => {
    const postId = await newPost(t.app, alice, '评论排序', tagId);
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      t.clock.advance(60_000);
      ids.push((await newComment(t.app, i % 2 ? bob : carol, postId, `评论 ${i + 1}`)).id);
    }
    // The oldest comment gets likes and replies, so it is hottest though it is oldest.
    for (const account of [alice, bob]) {
      await call(t.app, 'POST', `/api/v1/square/comment/${ids[0]}/like`, { account });
    }
    await newComment(t.app, alice, postId, '顶一下', ids[0]);
    const latest = await comments(postId, { sort: 2, pageSize: 3 });
    expect(latest.records.map((c: { id: number }) => c.id)).toEqual([ids[11], ids[10], ids[9]]);
    const hot = await comments(postId, { sort: 1, pageSize: 3 });
    expect(hot.records[0]).toMatchObject({ id: ids[0], likeCount: 2, replyCount: 1 });
    expect(hot.total).toBe(12);
    for (const sort of [1, 2]) {
      const url = `/api/v1/square/post/${postId}/comment/list`;
      const byPage = await readAllByPage(t.app, url, { sort, pageSize: 5 });
      const byCursor = await readAllByCursor(t.app, url, { sort, pageSize: 5 });
      expect(byCursor.ids).toEqual(byPage);
      expect([...byPage].sort((a, b) => a - b)).toEqual(ids);
    }
    const liked = await comments(postId, { sort: 1, pageSize: 1 }, bob);
    expect(liked.records[0]).toMatchObject({ id: ids[0], liked: true });
    expect((await comments(postId, { sort: 1, pageSize: 1 }, carol)).records[0].liked).toBe(false);
  });

  it('counts a comment like once and unlikes idempotently', async () => {
    const postId = await newPost(t.app, alice, '评论点赞', tagId);
    const c = await newComment(t.app, bob, postId, '点我');
    const like = () => call(t.app, 'POST', `/api/v1/square/comment/${c.id}/like`, { account: carol });
    const unlike = () => call(t.app, 'DELETE', `/api/v1/square/comment/${c.id}/like`, { account: carol });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await unlike()).data).toEqual({ liked: false, likeCount: 0 });
    expect((await unlike()).data).toEqual({ liked: false, likeCount: 0 });
    expect((await comments(postId)).records[0].likeCount).toBe(0);
    expect((await call(t.app, 'POST', '/api/v1/square/comment/999999/like', { account: carol })).status).toBe(
      404,
    );
  });

  it('deletes own replies and comments with their counts; refuses others and replies to deleted ones', async () => {
    const postId = await newPost(t.app, alice, '删除评论', tagId);
    const root = await newComment(t.app, bob, postId, '根评论');
    const r1 = await newComment(t.app, carol, postId, '回复 1', root.id);
    const r2 = await newComment(t.app, alice, postId, '回复 2', r1.id);
    const other = await newComment(t.app, carol, postId, '另一条评论');
    expect((await post(postId)).commentCount).toBe(4);

    const refused = await call(t.app, 'DELETE', `/api/v1/square/comment/${r1.id}`, { account: bob });
    expect(refused).toMatchObject({ status: 200, code: 1, msg: '只能删除自己的评论' });
    expect((await post(postId)).commentCount).toBe(4);
    expect((await replies(postId, root.id)).total).toBe(2);

    expect((await call(t.app, 'DELETE', `/api/v1/square/comment/${r1.id}`, { account: carol })).code).toBe(0);
    expect((await post(postId)).commentCount).toBe(3);
    const thread = await replies(postId, root.id);
    expect(thread.records.map((r: { id: number }) => r.id)).toEqual([r2.id]);
    expect(
      (await comments(postId, { sort: 2 })).records.find((c: { id: number }) => c.id === root.id).replyCount,
    ).toBe(1);

    const toDeleted = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
      json: { content: '还能回复吗', replyCommentId: r1.id },
      account: bob,
    });
    expect(toDeleted).toMatchObject({ status: 200, code: 1, msg: '该评论已删除，无法回复' });
    expect((await post(postId)).commentCount).toBe(3);

    // Deleting a top-level comment takes its thread with it.
    expect((await call(t.app, 'DELETE', `/api/v1/square/comment/${root.id}`, { account: bob })).code).toBe(0);
    expect((await post(postId)).commentCount).toBe(1);
    const left = await comments(postId);
    expect(left.total).toBe(1);
    expect(left.records.map((c: { id: number }) => c.id)).toEqual([other.id]);
    expect((await call(t.app, 'DELETE', `/api/v1/square/comment/${root.id}`, { account: bob })).status).toBe(
      404,
    );
    expect((await call(t.app, 'POST', `/api/v1/square/comment/${r2.id}/like`, { account: bob })).status).toBe(
      404,
    );
  });

  it('lists my comments newest first with where they were written, leaving out deleted posts', async () => {
    const kept = await newPost(
      t.app,
      alice,
      '这个帖子会留下来，而且内容比较长，用来检查摘录只截取开头的六十个字符，后面的文字都不应该出现在摘录里面。这里是第六十个字之后的内容',
      tagId,
    );
    const gone = await newPost(t.app, alice, '这个帖子会被删除', tagId);
    t.clock.advance(1000);
    const c1 = await newComment(t.app, carol, kept, '我的第一条');
    t.clock.advance(1000);
    const c2 = await newComment(t.app, carol, gone, '删帖后看不到');
    t.clock.advance(1000);
    const c3 = await newComment(t.app, carol, kept, '我的回复', c1.id);
    await call(t.app, 'DELETE', `/api/v1/square/post/${gone}`, { account: alice });

    const mine = await call(t.app, 'GET', '/api/v1/square/comment/me', {
      account: carol,
      query: { sort: 2, pageSize: 2 },
    });
    expect(mine.code).toBe(0);
    expect(mine.data.records.map((c: { id: number }) => c.id)).toEqual([c3.id, c1.id]);
    expect(mine.data.records.map((c: { id: number }) => c.id)).not.toContain(c2.id);
    const likeUnderDeleted = await call(t.app, 'POST', `/api/v1/square/comment/${c2.id}/like`, {
      account: bob,
    });
    expect(likeUnderDeleted.status).toBe(404);
    expect((await call(t.app, 'GET', `/api/v1/square/post/${gone}/comment/list`)).status).toBe(404);
    expect(mine.data.records[0].postExcerpt).toBe([...(await post(kept)).content].slice(0, 60).join(''));
    expect(mine.data.records[0]).toMatchObject({ isMine: true, replyTo: { uid: carol.uid } });
    const all = await readAllByCursor(t.app, '/api/v1/square/comment/me', { pageSize: 4 }, carol);
    const allByPage = await readAllByPage(t.app, '/api/v1/square/comment/me', { pageSize: 4 }, carol);
    expect(all.ids).toEqual(allByPage);
    expect(all.ids).toEqual([...all.ids].sort((a, b) => b - a));
  });

  it('refuses bad comments naming the field and rule, and stores nothing', async () => {
    const postId = await newPost(t.app, alice, '评论校验', tagId);
    const cases: Array<[unknown, string]> = [
      [{ content: '  ' }, 'content: 请填写评论内容'],
      [{}, 'content: 请填写评论内容'],
      [{ content: '长'.repeat(501) }, 'content: 评论最多 500 字'],
      [{ content: '好', replyCommentId: 'x' }, 'replyCommentId: replyCommentId 须为正整数'],
    ];
    for (const [json, msg] of cases) {
      const answer = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
        json,
        account: bob,
      });
      expect({ status: answer.status, code: answer.code, msg: answer.msg }).toEqual({
        status: 400,
        code: 400,
        msg,
      });
    }
    const unknownRoot = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
      json: { content: '好', replyCommentId: 999999 },
      account: bob,
    });
    expect(unknownRoot.status).toBe(404);
    const unknownPost = await call(t.app, 'POST', '/api/v1/square/post/999999/comment', {
      json: { content: '好' },
      account: bob,
    });
    expect(unknownPost.status).toBe(404);
    expect((await post(postId)).commentCount).toBe(0);
    expect((await comments(postId)).total).toBe(0);
    expect(
      (
        await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
          json: { content: '长'.repeat(500) },
          account: bob,
        })
      ).code,
    ).toBe(0);
  });

  it('stores markup in comments as text and answers it verbatim', async () => {
    const postId = await newPost(t.app, alice, 'XSS 评论', tagId);
    const payload = '<img src=x onerror=alert(1)>';
    const c = await newComment(t.app, bob, postId, payload);
    expect(c.content).toBe(payload);
    expect((await comments(postId)).records[0].content).toBe(payload);
  });
});
