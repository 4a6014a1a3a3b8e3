import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { WORDS } from './helpers/square.ts';

// 段评 (DESIGN §13): the square's comment engine on one thread per paragraph of a chapter.

describeDialects('novel paragraph comments', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let workId: number;
  let chapterIds: number[];
  let paragraphs: number;

  const base = (cid = chapterIds[0], id = workId) => `/api/v1/novel/${id}/chapter/${cid}/comments`;
  const chapter = async (account?: Account, cid = chapterIds[0]) =>
    (await call(t.app, 'GET', `/api/v1/novel/${workId}/chapter/${cid}`, { account })).data;
  const list = (query: Record<string, string | number>, account?: Account, cid?: number) =>
    call(t.app, 'GET', base(cid), { query, account });
  const post = (account: Account, json: Record<string, unknown>, cid?: number) =>
    call(t.app, 'POST', base(cid), { json, account });
  const newComment = async (
    account: Account,
    paragraph: number,
    content: string,
    replyCommentId?: number,
  ) => {
    const answer = await post(account, { paragraph, content, replyCommentId });
    expect(answer.code).toBe(0);
    return answer.data;
  };
  const rowCount = async () => {
    const row = await t.deps.db.kysely
      .selectFrom('thread_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const now = t.clock.now();
    await t.deps.db.kysely
      .insertInto('sensitive_words')
      .values(WORDS.map((word) => ({ word, created_at: now })))
      .execute();
    const novel = await createNovel(t, { chapters: 6, free: 3 });
    workId = novel.workId;
    chapterIds = novel.unitIds;
    // The first chapter gets ten paragraphs, so each test comments on a paragraph of its own.
    await t.deps.db.kysely
      .updateTable('chapter_texts')
      .set({ paragraphs: JSON.stringify(Array.from({ length: 10 }, (_, i) => `第${i + 1}段。`)) })
      .where('unit_id', '=', chapterIds[0])
      .execute();
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    paragraphs = (await chapter()).paragraphs.length;
  });
  afterAll(() => t.close());

  it('posts a comment on a paragraph, lists it there only and counts it in the chapter answer', async () => {
    expect((await chapter()).paragraphCommentCounts).toEqual(new Array(paragraphs).fill(0));
    expect((await list({ paragraph: 2 })).data).toMatchObject({ records: [], total: 0, nextCursor: null });

    t.clock.advance(1000);
    const answer = await post(bob, { paragraph: 2, content: '  这段写得真好  ' });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      id: expect.any(Number),
      slot: 2,
      uid: bob.uid,
      author: { uid: bob.uid, name: bob.name, avatar: null },
      content: '这段写得真好',
      replyCommentId: null,
      replyTo: null,
      likeCount: 0,
      liked: false,
      replyCount: 0,
      isMine: true,
      createTime: new Date(t.clock.now()).toISOString(),
    });

    const page = (await list({ paragraph: 2 }, alice)).data;
    expect(page).toMatchObject({ total: 1, nextCursor: null });
    expect(page.records[0]).toMatchObject({ id: answer.data.id, slot: 2, isMine: false, replies: [] });
    expect((await list({ paragraph: 3 })).data.total).toBe(0);
    // Another chapter's paragraph is another thread.
    expect((await list({ paragraph: 1 }, undefined, chapterIds[1])).data.total).toBe(0);

    const counts = (await chapter(alice)).paragraphCommentCounts;
    expect(counts[2]).toBe(1);
    expect(counts.filter((n: number) => n > 0)).toEqual([1]);
  });

  it('threads replies under a comment, counts them in the bubble and lists them oldest first', async () => {
    const root = await newComment(alice, 4, '一楼');
    const r1 = await newComment(bob, 4, '回复一楼', root.id);
    const r2 = await newComment(alice, 4, '回复回复', r1.id);
    expect(r2).toMatchObject({ slot: 4, replyCommentId: r1.id, replyTo: { uid: bob.uid, name: bob.name } });

    const page = (await list({ paragraph: 4 })).data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: root.id, replyCount: 2 });
    expect(page.records[0].replies.map((r: { id: number }) => r.id)).toEqual([r1.id, r2.id]);
    expect((await chapter()).paragraphCommentCounts[4]).toBe(3);

    const replies = await call(t.app, 'GET', `${base()}/${root.id}/replies`, { query: { pageSize: 1 } });
    expect(replies.data).toMatchObject({ total: 2, nextCursor: expect.any(String) });
    expect(replies.data.records.map((r: { id: number }) => r.id)).toEqual([r1.id]);
    const rest = await call(t.app, 'GET', `${base()}/${root.id}/replies`, {
      query: { pageSize: 1, cursor: replies.data.nextCursor },
    });
    expect(rest.data.records.map((r: { id: number }) => r.id)).toEqual([r2.id]);

    // A reply must answer a comment of the same paragraph.
    const elsewhere = await post(bob, { paragraph: 5, content: '串楼', replyCommentId: root.id });
    expect(elsewhere).toMatchObject({ code: 404, msg: '评论不存在' });
    // A comment of this chapter is not reached through another chapter's URL.
    const wrong = await call(t.app, 'GET', `${base(chapterIds[1])}/${root.id}/replies`);
    expect(wrong).toMatchObject({ code: 404, msg: '评论不存在' });
  });

  it('sorts hot and latest', async () => {
    const older = await newComment(alice, 6, '早一点的');
    t.clock.advance(1000);
    const newer = await newComment(bob, 6, '晚一点的');
    await call(t.app, 'POST', `${base()}/${older.id}/like`, { account: bob });
    await call(t.app, 'POST', `${base()}/${older.id}/like`, { account: alice });
    const ids = async (sort: number) =>
      (await list({ paragraph: 6, sort })).data.records.map((r: { id: number }) => r.id);
    expect(await ids(2)).toEqual([newer.id, older.id]);
    expect(await ids(1)).toEqual([older.id, newer.id]);
  });

  it('likes once per person, unlikes, and shows the caller what they liked', async () => {
    const c = await newComment(alice, 7, '点赞我');
    const like = () => call(t.app, 'POST', `${base()}/${c.id}/like`, { account: bob });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await list({ paragraph: 7 }, bob)).data.records[0]).toMatchObject({ liked: true, likeCount: 1 });
    expect((await list({ paragraph: 7 }, alice)).data.records[0]).toMatchObject({
      liked: false,
      likeCount: 1,
    });
    const unlike = await call(t.app, 'DELETE', `${base()}/${c.id}/like`, { account: bob });
    expect(unlike.data).toEqual({ liked: false, likeCount: 0 });
    expect((await call(t.app, 'POST', `${base()}/${c.id}/like`)).code).toBe(2);
    expect((await call(t.app, 'POST', `${base()}/999999/like`, { account: bob })).code).toBe(404);
  });

  it('lets only the author delete, taking replies along and lowering the counts', async () => {
    const root = await newComment(alice, 8, '要被删的');
    await newComment(bob, 8, '回复它', root.id);
    const keep = await newComment(bob, 8, '留下的');
    expect((await chapter()).paragraphCommentCounts[8]).toBe(3);

    const byOther = await call(t.app, 'DELETE', `${base()}/${root.id}`, { account: bob });
    expect(byOther).toMatchObject({ code: 1, msg: '只能删除自己的评论' });
    expect((await chapter()).paragraphCommentCounts[8]).toBe(3);
    // Through another chapter's URL the comment is not found.
    expect((await call(t.app, 'DELETE', `${base(chapterIds[1])}/${root.id}`, { account: alice })).code).toBe(
      404,
    );

    expect((await call(t.app, 'DELETE', `${base()}/${root.id}`, { account: alice })).code).toBe(0);
    const page = (await list({ paragraph: 8 })).data;
    expect(page.total).toBe(1);
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([keep.id]);
    expect((await chapter()).paragraphCommentCounts[8]).toBe(1);
    expect((await call(t.app, 'DELETE', `${base()}/${root.id}`, { account: alice })).code).toBe(404);
    expect((await call(t.app, 'DELETE', `${base()}/${keep.id}`)).code).toBe(2);
  });

  it('refuses sensitive words, naming them, and stores nothing', async () => {
    const before = await rowCount();
    const answer = await post(bob, { paragraph: 1, content: '有人要代 练吗' });
    expect(answer).toMatchObject({ code: 1004, data: { words: ['代练'] } });
    expect(await rowCount()).toBe(before);
    expect((await chapter()).paragraphCommentCounts[1]).toBe(0);
  });

  it('takes a form body like the other writes', async () => {
    const answer = await postForm(t.app, base(), { paragraph: '0', content: '表单段评' }, bob);
    expect(answer).toMatchObject({ code: 0, data: { slot: 0, content: '表单段评' } });
  });

  it('refuses bad input per field and changes nothing', async () => {
    const before = await rowCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ content: '没有段落' }, /^paragraph: /],
      [{ paragraph: -1, content: '负数' }, /^paragraph: /],
      [{ paragraph: 'x', content: '不是数' }, /^paragraph: /],
      [{ paragraph: paragraphs, content: '越界' }, /^paragraph: 超出本章段落数/],
      [{ paragraph: 0 }, /^content: 请填写评论内容/],
      [{ paragraph: 0, content: '   ' }, /^content: 请填写评论内容/],
      [{ paragraph: 0, content: '长'.repeat(501) }, /^content: 评论最多 500 字/],
      [{ paragraph: 0, content: '回复', replyCommentId: 'abc' }, /^replyCommentId: /],
    ];
    for (const [json, message] of cases) {
      const answer = await post(bob, json);
      expect(answer.code, JSON.stringify(json)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect(await rowCount()).toBe(before);

    for (const [query, message] of [
      [{}, /^paragraph: /],
      [{ paragraph: paragraphs }, /^paragraph: 超出本章段落数/],
      [{ paragraph: 0, sort: 3 }, /^sort: /],
      [{ paragraph: 0, cursor: '!!' }, /^cursor: /],
      [{ paragraph: 0, pageSize: 101 }, /^pageSize: /],
    ] as Array<[Record<string, string | number>, RegExp]>) {
      const answer = await list(query);
      expect(answer.code, JSON.stringify(query)).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    expect((await call(t.app, 'GET', `${base()}/abc/replies`)).msg).toMatch(/^commentId: /);
  });

  it('asks guests to log in before writing', async () => {
    const answer = await call(t.app, 'POST', base(), { json: { paragraph: 0, content: '游客' } });
    expect(answer.code).toBe(2);
  });

  it('answers 404 for an unknown book or chapter', async () => {
    for (const url of [base(chapterIds[0], 999999), base(999999)]) {
      expect((await call(t.app, 'GET', url, { query: { paragraph: 0 } })).code).toBe(404);
      expect(
        (await call(t.app, 'POST', url, { json: { paragraph: 0, content: '你好' }, account: bob })).code,
      ).toBe(404);
    }
    expect((await call(t.app, 'GET', base(chapterIds[0], 999999), { query: { paragraph: 0 } })).msg).toBe(
      '小说不存在',
    );
  });

  it('comments on a locked chapter without opening its text', async () => {
    const locked = chapterIds[5];
    expect(
      (await call(t.app, 'GET', `/api/v1/novel/${workId}/chapter/${locked}`, { account: bob })).code,
    ).toBe(1005);
    const answer = await post(bob, { paragraph: 0, content: '等更新' }, locked);
    expect(answer.code).toBe(0);
    expect((await list({ paragraph: 0 }, undefined, locked)).data.total).toBe(1);
  });
});
