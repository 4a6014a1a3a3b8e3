import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { createComic } from './helpers/comics.ts';
import { WORDS } from './helpers/square.ts';

// Comments on a comic episode and on the comic itself (DESIGN §13, issue 9): the square's comment
// engine on the threads `comic:{id}:{eid}` and `comic:{id}` (two levels, likes, sensitive words,
// author-only delete). Each place keeps its own comments; a comment of one place is 404 from another.

describeDialects('comic comments', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let workId: number;
  let episodeIds: number[];

  const episodeBase = (eid = episodeIds[0], id = workId) => `/api/v1/comic/${id}/episode/${eid}/comments`;
  const workBase = (id = workId) => `/api/v1/comic/${id}/comments`;
  const post = async (url: string, account: Account, content: string, replyCommentId?: number) => {
    const answer = await call(t.app, 'POST', url, { account, json: { content, replyCommentId } });
    expect(answer.code).toBe(0);
    return answer.data;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const now = t.clock.now();
    await t.deps.db.kysely
      .insertInto('sensitive_words')
      .values(WORDS.map((word) => ({ word, created_at: now })))
      .execute();
    const comic = await createComic(t, { episodes: 3, free: 1, price: 10 });
    workId = comic.workId;
    episodeIds = comic.unitIds;
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('posts on an episode, lists it there only and counts it in the episode answer', async () => {
    const episode = async () =>
      (await call(t.app, 'GET', `/api/v1/comic/${workId}/episode/${episodeIds[0]}`)).data;
    expect((await episode()).commentCount).toBe(0);
    const comment = await post(episodeBase(), bob, '  这一格画得真好  ');
    expect(comment).toMatchObject({ slot: 0, content: '这一格画得真好', replyCommentId: null, likeCount: 0 });
    t.clock.advance(1000);
    const reply = await post(episodeBase(), alice, '同感', comment.id);
    expect(reply).toMatchObject({ replyCommentId: comment.id, replyTo: { uid: bob.uid } });

    const list = await call(t.app, 'GET', episodeBase(), { query: { sort: 2 } });
    expect(list.data).toMatchObject({ total: 1, nextCursor: null });
    expect(list.data.records[0]).toMatchObject({
      id: comment.id,
      replyCount: 1,
      replies: [{ id: reply.id }],
    });
    const replies = await call(t.app, 'GET', `${episodeBase()}/${comment.id}/replies`);
    expect(replies.data.records.map((r: { id: number }) => r.id)).toEqual([reply.id]);
    expect((await episode()).commentCount).toBe(2);

    // Another episode and the comic itself have their own lists.
    expect((await call(t.app, 'GET', episodeBase(episodeIds[1]))).data.records).toEqual([]);
    expect((await call(t.app, 'GET', workBase())).data.records).toEqual([]);
  });

  it('comments on a locked episode too (comments are not the pictures)', async () => {
    const comment = await post(episodeBase(episodeIds[2]), alice, '等更新中');
    expect(comment.slot).toBe(0);
    expect((await call(t.app, 'GET', episodeBase(episodeIds[2]))).data.total).toBe(1);
  });

  it('posts on the comic itself, likes once and deletes by the author only', async () => {
    const comment = await post(workBase(), alice, '这部漫画太好看了');
    const list = await call(t.app, 'GET', workBase());
    expect(list.data.records.map((r: { id: number }) => r.id)).toEqual([comment.id]);

    const like = () => call(t.app, 'POST', `${workBase()}/${comment.id}/like`, { account: bob });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).data).toEqual({ liked: true, likeCount: 1 });
    expect((await call(t.app, 'DELETE', `${workBase()}/${comment.id}/like`, { account: bob })).data).toEqual({
      liked: false,
      likeCount: 0,
    });

    const byBob = await call(t.app, 'DELETE', `${workBase()}/${comment.id}`, { account: bob });
    expect(byBob.code).not.toBe(0);
    expect((await call(t.app, 'DELETE', `${workBase()}/${comment.id}`, { account: alice })).code).toBe(0);
    expect((await call(t.app, 'GET', workBase())).data.records).toEqual([]);
  });

  it('answers 404 for a comment reached through another place, an unknown comic or episode', async () => {
    const onEpisode = await post(episodeBase(), alice, '第一话的评论');
    expect((await call(t.app, 'GET', `${workBase()}/${onEpisode.id}/replies`)).status).toBe(404);
    expect((await call(t.app, 'GET', `${episodeBase(episodeIds[1])}/${onEpisode.id}/replies`)).status).toBe(
      404,
    );
    expect((await call(t.app, 'POST', `${workBase()}/${onEpisode.id}/like`, { account: bob })).status).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `${workBase()}/${onEpisode.id}`, { account: alice })).status).toBe(
      404,
    );
    expect((await call(t.app, 'GET', workBase(999999))).status).toBe(404);
    expect((await call(t.app, 'GET', episodeBase(999999))).status).toBe(404);
    const other = await createComic(t, { episodes: 1 });
    expect((await call(t.app, 'GET', episodeBase(other.unitIds[0]))).status).toBe(404);
    expect(
      (await call(t.app, 'POST', workBase(999999), { account: bob, json: { content: '你好' } })).status,
    ).toBe(404);
  });

  it('needs a login to write (code 2), refuses sensitive words (1004) and bad input per field (400)', async () => {
    expect((await call(t.app, 'POST', workBase(), { json: { content: '游客' } })).code).toBe(2);
    const sensitive = await call(t.app, 'POST', episodeBase(), {
      account: bob,
      json: { content: `来${WORDS[0]}吗` },
    });
    expect(sensitive.code).toBe(1004);
    const cases: Array<[string, 'GET' | 'POST', unknown, Record<string, string> | undefined, string]> = [
      [episodeBase(), 'POST', { content: '   ' }, undefined, 'content'],
      [workBase(), 'POST', { content: '好', replyCommentId: 'x' }, undefined, 'replyCommentId'],
      [episodeBase(), 'GET', undefined, { sort: '9' }, 'sort'],
      [workBase(), 'GET', undefined, { pageSize: '0' }, 'pageSize'],
      [`/api/v1/comic/abc/comments`, 'GET', undefined, undefined, 'id'],
      [`/api/v1/comic/${workId}/episode/0/comments`, 'GET', undefined, undefined, 'eid'],
      [`${workBase()}/abc/replies`, 'GET', undefined, undefined, 'commentId'],
    ];
    for (const [url, method, json, query, field] of cases) {
      const answer = await call(t.app, method, url, { account: bob, json, query });
      expect({ url, status: answer.status }).toEqual({ url, status: 400 });
      expect(answer.msg).toContain(field);
    }
  });
});
