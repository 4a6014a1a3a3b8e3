import type { Account } from '@ld/contract/accounts';
import type { AdminPage } from '@ld/contract/admin/list';
import type { ModComment, ModPost, ModUser } from '@ld/contract/admin/moderation';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { createPost, insertSquareFixtures, newComment, newPost } from './helpers/square.ts';

const HOUR = 3600 * 1000;

// 内容审核 and 用户管理 through the console (issue 20 §4): what a moderator deletes leaves the
// portal's feed and counters at the next request; a mute stops posts and comments with a Chinese
// message; a ban ends the user's sessions at once and login says why and until when.
describeDialects('admin moderation', (dialect) => {
  let t: TestApp;
  let moderator: Operator;
  let tagIds: number[];
  let alice: Account;
  let bob: Account;
  const announced: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    moderator = await operatorOf(t, 'moderator');
    ({ tagIds } = await insertSquareFixtures(t.app));
    alice = await registerUser(t.app, `alice_${dialect}`);
    bob = await registerUser(t.app, `bob_${dialect}`);
    t.deps.changes.subscribe('square', () => announced.push('square'));
  });
  afterAll(() => t?.close());

  const feed = async (tagId?: number) =>
    (
      await call(t.app, 'GET', '/api/v1/square/post/list', {
        query: { sort: 2, ...(tagId ? { tagId } : {}) },
      })
    ).data as { total: number; records: Array<{ id: number }> };

  it('finds posts by text, author, time and state; deletes one out of the feed and its counters, and restores it', async () => {
    const spam = await newPost(t.app, alice, '加微信领免费蓝钻，广告勿信', tagIds[0]!);
    t.clock.advance(HOUR);
    const fine = await newPost(t.app, bob, '今天的活动太给力了', tagIds[0]!);
    const before = await feed(tagIds[0]);
    expect(before.records.map((r) => r.id)).toContain(spam);

    const byText = await adminCall<AdminPage<ModPost>>(t.app, 'GET', '/moderation/posts', {
      operator: moderator,
      query: { keyword: '广告' },
    });
    expect(byText.data.records.map((p) => p.id)).toEqual([spam]);
    expect(byText.data.records[0]).toMatchObject({
      userId: Number(alice.uid),
      deleted: false,
      tag: expect.any(String),
    });
    const byAuthor = await adminCall<AdminPage<ModPost>>(t.app, 'GET', '/moderation/posts', {
      operator: moderator,
      query: { author: `bob_${dialect}` },
    });
    expect(byAuthor.data.records.map((p) => p.id)).toEqual([fine]);
    const byUid = await adminCall<AdminPage<ModPost>>(t.app, 'GET', '/moderation/posts', {
      operator: moderator,
      query: { author: alice.uid },
    });
    expect(byUid.data.records.map((p) => p.id)).toEqual([spam]);
    const byTime = await adminCall<AdminPage<ModPost>>(t.app, 'GET', '/moderation/posts', {
      operator: moderator,
      query: { from: new Date(t.clock.now() - HOUR / 2).toISOString() },
    });
    expect(byTime.data.records.map((p) => p.id)).toEqual([fine]);

    // The home keeps its post section in the shared cache: fill it, so the delete must drop it.
    const homePosts = async () =>
      (
        (await call(t.app, 'GET', '/api/v1/home')).data.sections as Array<{
          kind: string;
          items: Array<{ id: number }>;
        }>
      )
        .filter((section) => section.kind === 'post')
        .flatMap((section) => section.items.map((item) => item.id));
    expect(await homePosts()).toContain(spam);

    const seen = announced.length;
    const deleted = await adminCall<ModPost>(t.app, 'POST', `/moderation/posts/${spam}/delete`, {
      operator: moderator,
    });
    expect(deleted).toMatchObject({ code: 0, data: { id: spam, deleted: true } });
    expect(announced.length).toBe(seen + 1);
    const after = await feed(tagIds[0]);
    expect(after.records.map((r) => r.id)).not.toContain(spam);
    expect(after.total).toBe(before.total - 1);
    expect((await feed()).total).toBe((await feed()).records.length);
    expect((await call(t.app, 'GET', `/api/v1/square/post/${spam}`)).status).toBe(404);
    expect(await homePosts()).not.toContain(spam);
    // Deleting twice is a 404 and writes nothing.
    expect(
      (await adminCall(t.app, 'POST', `/moderation/posts/${spam}/delete`, { operator: moderator })).status,
    ).toBe(404);

    const onlyDeleted = await adminCall<AdminPage<ModPost>>(t.app, 'GET', '/moderation/posts', {
      operator: moderator,
      query: { deleted: 'true' },
    });
    expect(onlyDeleted.data.records.map((p) => p.id)).toEqual([spam]);

    const restored = await adminCall<ModPost>(t.app, 'POST', `/moderation/posts/${spam}/restore`, {
      operator: moderator,
    });
    expect(restored.data).toMatchObject({ deleted: false, deleteTime: null });
    expect((await feed(tagIds[0])).total).toBe(before.total);
    expect((await feed(tagIds[0])).records.map((r) => r.id)).toContain(spam);

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'post');
    expect(rows.map((r) => [r.action, r.target_id, r.operator_id])).toEqual([
      ['post.delete', String(spam), moderator.id],
      ['post.restore', String(spam), moderator.id],
    ]);
    expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ deleted: false });
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ deleted: true });
  });

  it('deletes a comment with its replies and restores them; the post counts follow', async () => {
    const postId = await newPost(t.app, bob, '求推荐好玩的游戏', tagIds[1]!);
    const root = await newComment(t.app, alice, postId, '垃圾广告请加群');
    await newComment(t.app, bob, postId, '别信', root.id);
    await newComment(t.app, bob, postId, '另一条正常评论');
    const countOf = async () =>
      (await call(t.app, 'GET', `/api/v1/square/post/${postId}`)).data.commentCount as number;
    const topTotal = async () =>
      (await call(t.app, 'GET', `/api/v1/square/post/${postId}/comment/list`, { query: { sort: 2 } })).data
        .total as number;
    expect([await countOf(), await topTotal()]).toEqual([3, 2]);

    const found = await adminCall<AdminPage<ModComment>>(t.app, 'GET', '/moderation/comments', {
      operator: moderator,
      query: { keyword: '广告', postId },
    });
    expect(found.data.records).toMatchObject([{ id: root.id, postId, rootId: null, replyCount: 1 }]);

    const del = await adminCall<ModComment>(t.app, 'POST', `/moderation/comments/${root.id}/delete`, {
      operator: moderator,
    });
    expect(del.data.deleted).toBe(true);
    expect([await countOf(), await topTotal()]).toEqual([1, 1]);

    const back = await adminCall<ModComment>(t.app, 'POST', `/moderation/comments/${root.id}/restore`, {
      operator: moderator,
    });
    expect(back.data.deleted).toBe(false);
    expect([await countOf(), await topTotal()]).toEqual([3, 2]);
    const actions = (await auditRows(t)).filter((r) => r.target_type === 'comment').map((r) => r.action);
    expect(actions).toEqual(['comment.delete', 'comment.restore']);
  });

  it('finds 段评 with source=thread, deletes one out of the chapter counts and restores it', async () => {
    const novel = await createNovel(t, { chapters: 2, free: 2 });
    const cid = novel.unitIds[0]!;
    const base = `/api/v1/novel/${novel.workId}/chapter/${cid}`;
    const made = await call(t.app, 'POST', `${base}/comments`, {
      json: { paragraph: 0, content: '段评里的广告，加群领福利' },
      account: alice,
    });
    expect(made.code, made.msg).toBe(0);
    const counts = async () =>
      ((await call(t.app, 'GET', base, { account: bob })).data.paragraphCommentCounts as number[])[0];
    expect(await counts()).toBe(1);

    const found = await adminCall<AdminPage<ModComment>>(t.app, 'GET', '/moderation/comments', {
      operator: moderator,
      query: { source: 'thread', keyword: '加群' },
    });
    expect(found.data.records).toMatchObject([
      { id: made.data.id, source: 'thread', postId: null, place: expect.stringContaining('第 1 段') },
    ]);
    // The square's list does not mix them in.
    const square = await adminCall<AdminPage<ModComment>>(t.app, 'GET', '/moderation/comments', {
      operator: moderator,
      query: { keyword: '加群领福利' },
    });
    expect(square.data.records).toEqual([]);

    const del = await adminCall<ModComment>(t.app, 'POST', `/moderation/comments/${made.data.id}/delete`, {
      operator: moderator,
      query: { source: 'thread' },
    });
    expect(del.data).toMatchObject({ source: 'thread', deleted: true });
    expect(await counts()).toBe(0);
    await adminCall(t.app, 'POST', `/moderation/comments/${made.data.id}/restore`, {
      operator: moderator,
      query: { source: 'thread' },
    });
    expect(await counts()).toBe(1);
    const actions = (await auditRows(t))
      .filter((r) => r.target_type === 'thread-comment')
      .map((r) => r.action);
    expect(actions).toEqual(['thread-comment.delete', 'thread-comment.restore']);
    const bad = await adminCall(t.app, 'POST', `/moderation/comments/${made.data.id}/delete`, {
      operator: moderator,
      query: { source: 'novel' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^source: /);
  });

  it('mutes a user: posts and comments refused in Chinese until the time, then allowed again', async () => {
    const carol = await registerUser(t.app);
    const until = new Date(t.clock.now() + 24 * HOUR).toISOString();
    const bad = await adminCall(t.app, 'POST', `/moderation/users/${carol.uid}/mute`, {
      operator: moderator,
      json: { until, reason: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/^reason: /);
    const past = await adminCall(t.app, 'POST', `/moderation/users/${carol.uid}/mute`, {
      operator: moderator,
      json: { until: new Date(t.clock.now() - 1000).toISOString(), reason: '刷屏' },
    });
    expect(past).toMatchObject({ code: 1, msg: '结束时间须晚于现在' });

    const muted = await adminCall<ModUser>(t.app, 'POST', `/moderation/users/${carol.uid}/mute`, {
      operator: moderator,
      json: { until, reason: '连续刷屏' },
    });
    expect(muted.data).toMatchObject({ isMuted: true, muteReason: '连续刷屏', mutedUntil: until });
    const refused = await createPost(t.app, carol, { content: '我又来了', tagId: tagIds[0]! });
    expect(refused.code).toBe(1);
    expect(refused.msg).toContain('你已被禁言至');
    expect(refused.msg).toContain('连续刷屏');
    const postId = await newPost(t.app, bob, '禁言测试帖', tagIds[0]!);
    const comment = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
      json: { content: '评论一下' },
      account: carol,
    });
    expect(comment.code).toBe(1);
    expect(comment.msg).toContain('禁言期间不能发帖和评论');

    const listed = await adminCall<AdminPage<ModUser>>(t.app, 'GET', '/moderation/users', {
      operator: moderator,
      query: { status: 'muted' },
    });
    expect(listed.data.records.map((u) => u.id)).toEqual([Number(carol.uid)]);

    const unmuted = await adminCall<ModUser>(t.app, 'POST', `/moderation/users/${carol.uid}/unmute`, {
      operator: moderator,
    });
    expect(unmuted.data).toMatchObject({ isMuted: false, mutedUntil: null });
    expect((await createPost(t.app, carol, { content: '我回来了', tagId: tagIds[0]! })).code).toBe(0);

    // A mute that ran out no longer applies.
    await adminCall(t.app, 'POST', `/moderation/users/${carol.uid}/mute`, {
      operator: moderator,
      json: { until: new Date(t.clock.now() + HOUR).toISOString(), reason: '冷静一下' },
    });
    t.clock.advance(HOUR + 1000);
    expect((await createPost(t.app, carol, { content: '时间到了', tagId: tagIds[0]! })).code).toBe(0);
    const actions = (await auditRows(t))
      .filter((r) => r.target_type === 'user' && r.target_id === carol.uid)
      .map((r) => r.action);
    expect(actions).toEqual(['user.mute', 'user.unmute', 'user.mute']);
  });

  it('bans a user: the token is refused at once, login says why and until when; unban lets them in', async () => {
    const name = `dave_${dialect}`;
    const dave = await registerUser(t.app, name, 'secret123');
    const me = () => postForm(t.app, '/api/user/center/me', {}, dave);
    expect((await me()).code).toBe(0);

    const until = '2026-12-01T12:00:00.000Z';
    const banned = await adminCall<ModUser>(t.app, 'POST', `/moderation/users/${dave.uid}/ban`, {
      operator: moderator,
      json: { until, reason: '发布违规广告' },
    });
    expect(banned.data).toMatchObject({ isBanned: true, bannedUntil: until, banReason: '发布违规广告' });
    // The session ended in the same transaction: the very next call is refused (code 2).
    expect((await me()).code).toBe(2);
    const login = await postForm(t.app, '/api/user/login', { loginName: name, password: 'secret123' });
    expect(login.code).toBe(1);
    expect(login.msg).toBe(
      '账号已被封禁至 2026-12-01 20:00（北京时间），原因：发布违规广告。如有疑问请联系客服',
    );
    // A wrong password still says only that.
    expect((await postForm(t.app, '/api/user/login', { loginName: name, password: 'wrong999' })).msg).toBe(
      '用户名或密码错误',
    );

    const forever = await adminCall<ModUser>(t.app, 'POST', `/moderation/users/${dave.uid}/ban`, {
      operator: moderator,
      json: { reason: '多次违规' },
    });
    expect(forever.data.bannedUntil).toBe('9999-12-31T23:59:59.000Z');
    const again = await postForm(t.app, '/api/user/login', { loginName: name, password: 'secret123' });
    expect(again.msg).toBe('账号已被永久封禁，原因：多次违规。如有疑问请联系客服');

    await adminCall(t.app, 'POST', `/moderation/users/${dave.uid}/unban`, { operator: moderator });
    const back = await postForm(t.app, '/api/user/login', { loginName: name, password: 'secret123' });
    expect(back.code).toBe(0);
    const actions = (await auditRows(t))
      .filter((r) => r.target_type === 'user' && r.target_id === dave.uid)
      .map((r) => r.action);
    expect(actions).toEqual(['user.ban', 'user.ban', 'user.unban']);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const rowsBefore = (await auditRows(t)).length;
    const cases: Array<[string, string, Record<string, string | number> | undefined, unknown, string]> = [
      ['GET', '/moderation/posts', { deleted: 'maybe' }, undefined, 'deleted'],
      ['GET', '/moderation/posts', { from: 'yesterday' }, undefined, 'from'],
      ['GET', '/moderation/comments', { postId: -1 }, undefined, 'postId'],
      ['GET', '/moderation/users', { status: 'angry' }, undefined, 'status'],
      ['GET', '/moderation/users', { pageSize: 1000 }, undefined, 'pageSize'],
      ['POST', `/moderation/users/${bob.uid}/ban`, undefined, { until: 'soon', reason: '违规' }, 'until'],
      ['POST', `/moderation/users/${bob.uid}/mute`, undefined, { reason: '违规' }, 'until'],
      ['POST', '/moderation/posts/abc/delete', undefined, undefined, 'id'],
    ];
    for (const [method, path, query, json, field] of cases) {
      const answer = await adminCall(t.app, method as 'GET', path, { operator: moderator, query, json });
      expect(answer.status, path).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    expect((await auditRows(t)).length).toBe(rowsBefore);
  });
});
