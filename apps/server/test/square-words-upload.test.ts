import fs from 'node:fs';
import path from 'node:path';
import type { Account } from '@ld/contract/accounts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { createPost, insertSquareFixtures, newPost, pngBytes, upload, WORDS } from './helpers/square.ts';

describeDialects('square sensitive words and uploads', (dialect) => {
  let t: TestApp;
  let alice: Account;
  let bob: Account;
  let tagId: number;

  const postCount = async () => {
    const row = await t.deps.db.kysely
      .selectFrom('square_posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const commentCount = async () => {
    const row = await t.deps.db.kysely
      .selectFrom('square_comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    tagId = (await insertSquareFixtures(t.app)).tagIds[0];
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t.close());

  it('lists the sensitive words as the records of a page', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/square/sensitiveword/list', { query: { pageSize: 99 } });
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({
      records: WORDS,
      total: WORDS.length,
      size: 99,
      current: 1,
      pages: 1,
      nextCursor: null,
    });
    const second = await call(t.app, 'GET', '/api/v1/square/sensitiveword/list', {
      query: { pageSize: 3, currentPage: 2 },
    });
    expect(second.data.records).toEqual(WORDS.slice(3));
  });

  it('refuses posts with sensitive words in any disguise, naming the words, and stores nothing', async () => {
    const before = await postCount();
    const cases: Array<[string, string[]]> = [
      ['出售外挂，保证好用', ['外挂']],
      ['专业代练，价格便宜，另有赌博群', ['代练', '赌博']],
      ['ＦＵＣＫ this game', ['fuck']],
      ['what the F.u.C.k', ['fuck']],
      ['线上赌 博，外·挂 都有', ['赌博', '外挂']],
    ];
    for (const [content, words] of cases) {
      const answer = await createPost(t.app, alice, { content, tagId });
      expect({ code: answer.code, msg: answer.msg, data: answer.data }).toEqual({
        code: 1004,
        msg: `内容包含敏感词：${words.join('、')}，请修改后再发布`,
        data: { words },
      });
    }
    expect(await postCount()).toBe(before);
    expect((await createPost(t.app, alice, { content: '赌神电影真好看', tagId })).code).toBe(0);
  });

  it('refuses comments with sensitive words and stores nothing', async () => {
    const postId = await newPost(t.app, alice, '正常的帖子', tagId);
    const before = await commentCount();
    const answer = await call(t.app, 'POST', `/api/v1/square/post/${postId}/comment`, {
      json: { content: '有人要代 练吗' },
      account: bob,
    });
    expect(answer).toMatchObject({ code: 1004, data: { words: ['代练'] } });
    expect(await commentCount()).toBe(before);
    expect((await call(t.app, 'GET', `/api/v1/square/post/${postId}`)).data.commentCount).toBe(0);
  });

  it('picks up a word added to the list without a restart', async () => {
    expect((await createPost(t.app, alice, { content: '这里卖点卡', tagId })).code).toBe(0);
    await t.deps.db.kysely.insertInto('sensitive_words').values({ word: '点卡', created_at: 1 }).execute();
    const answer = await createPost(t.app, alice, { content: '这里卖点卡', tagId });
    expect(answer).toMatchObject({ code: 1004, data: { words: ['点卡'] } });
  });

  it('accepts a real image, re-encodes it to WebP and lets a post show it', async () => {
    const answer = await upload(t.app, alice, await pngBytes(2400, 1200));
    expect(answer.code).toBe(0);
    expect(answer.data.url).toMatch(/^\/uploads\/posts\/[0-9a-f]{24}\.webp$/);
    const stored = await t.deps.storage.read(answer.data.url.slice('/uploads/'.length));
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const served = await t.app.inject({ method: 'GET', url: answer.data.url });
    expect(served.statusCode).toBe(200);

    const post = await createPost(t.app, alice, { content: '带图的帖子', tagId, images: [answer.data.url] });
    expect(post.code).toBe(0);
    expect(post.data.images).toEqual([answer.data.url]);
  });

  it('refuses a file that is not an image whatever it claims to be, and needs login', async () => {
    const text = await upload(t.app, alice, Buffer.from('just some text pretending to be a png'), {
      filename: 'evil.png',
      contentType: 'image/png',
    });
    expect(text).toMatchObject({ status: 400, code: 400, msg: 'file: 只支持 JPG、PNG、WebP 或 GIF 图片' });
    const wrongField = await upload(t.app, alice, await pngBytes(), { field: 'avatar' });
    expect(wrongField).toMatchObject({ status: 400, msg: 'file: 请选择要上传的图片' });
    const notMultipart = await call(t.app, 'POST', '/api/v1/square/upload', { json: {}, account: alice });
    expect(notMultipart).toMatchObject({ status: 400, msg: 'file: 请以 multipart/form-data 上传图片' });
    const guest = await upload(t.app, undefined, await pngBytes());
    expect(guest.code).toBe(2);
    const tooBig = await upload(
      t.app,
      alice,
      Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(tooBig).toMatchObject({ status: 400, code: 400, msg: 'file: 图片不能超过 5MB' });
    expect(fs.readdirSync(path.join(path.join(t.deps.config.dataDir, 'uploads'), 'posts'))).toHaveLength(1);
  });
  it('limits writes and uploads per address with 429 and the wait', async () => {
    const postId = await newPost(t.app, alice, '限流测试', tagId);
    const unlikes = [];
    for (let i = 0; i < 61; i += 1) {
      unlikes.push(await call(t.app, 'DELETE', `/api/v1/square/post/${postId}/like`, { account: bob }));
    }
    expect(unlikes.slice(0, 60).every((a) => a.code === 0)).toBe(true);
    expect(unlikes[60]).toMatchObject({ status: 429, code: 429 });
    expect(unlikes[60].msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // Uploads allow 20 a minute; earlier tests in this file used some of them.
    const statuses: number[] = [];
    while (statuses.length < 21 && statuses.at(-1) !== 429) {
      statuses.push((await upload(t.app, alice, Buffer.from('not an image'))).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.length).toBeGreaterThan(10);
  });
});
