import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, createTestApp, DIALECTS, type TestApp } from './helpers/app.ts';
import { addChapters, createCategory, createNovel } from './helpers/content.ts';
import { createUser } from './helpers/money.ts';

// Browsing novels (DESIGN §13): list, categories, detail, menu and chapters, with bad input per
// field and unknown ids.

describe.each(DIALECTS)('novel browsing on %s', (dialect) => {
  let t: TestApp;
  let catA: number;
  let catB: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect);
    catA = await createCategory(t, '玄幻');
    catB = await createCategory(t, '都市');
    const now = t.clock.now();
    const books = [
      {
        key: 'a',
        title: '星河剑歌',
        author: '青衫客',
        categoryId: catA,
        hot: 500,
        latestAt: now - 5000,
        finished: true,
      },
      { key: 'b', title: '城市之光', author: '程一', categoryId: catB, hot: 900, latestAt: now - 1000 },
      { key: 'c', title: '剑与100%', author: '北山', categoryId: catA, hot: 100, latestAt: now - 100 },
      {
        key: 'd',
        title: '夜行',
        author: '剑客甲',
        categoryId: catB,
        hot: 700,
        latestAt: now - 9000,
        finished: true,
      },
    ];
    for (const b of books) {
      ids[b.key] = (await createNovel(t, { ...b, chapters: 5 })).workId;
    }
    // createNovel's chapters make the latest unit time; set it back to the book's own.
    for (const b of books) {
      await t.deps.db.kysely
        .updateTable('works')
        .set({ latest_unit_at: b.latestAt })
        .where('id', '=', ids[b.key])
        .execute();
    }
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number> = {}) =>
    call(t.app, 'GET', '/api/v1/novel/list', { query });
  const titles = (records: Array<{ title: string }>) => records.map((r) => r.title);

  it('lists by heat, by latest update and finished books only', async () => {
    expect(titles((await list({ sort: 1 })).data.records)).toEqual([
      '城市之光',
      '夜行',
      '星河剑歌',
      '剑与100%',
    ]);
    expect(titles((await list({ sort: 2 })).data.records)).toEqual([
      '剑与100%',
      '城市之光',
      '星河剑歌',
      '夜行',
    ]);
    const finished = await list({ sort: 3 });
    expect(titles(finished.data.records)).toEqual(['夜行', '星河剑歌']);
    expect(finished.data.total).toBe(2);
    const first = finished.data.records[0];
    expect(first).toMatchObject({
      kind: 'novel',
      author: '剑客甲',
      category: { id: catB, name: '都市' },
      tags: ['测试'],
      status: 1,
      unitCount: 5,
      latestUnit: { index: 5, title: '第5章 测试' },
      viewCount: 700,
    });
  });

  it('filters by category and by a keyword in the title or the author, with LIKE characters taken literally', async () => {
    expect(titles((await list({ category: catA })).data.records)).toEqual(['星河剑歌', '剑与100%']);
    expect(titles((await list({ keyword: '剑' })).data.records)).toEqual(['夜行', '星河剑歌', '剑与100%']);
    expect(titles((await list({ keyword: '程一' })).data.records)).toEqual(['城市之光']);
    expect(titles((await list({ keyword: '100%' })).data.records)).toEqual(['剑与100%']);
    expect(titles((await list({ keyword: '%' })).data.records)).toEqual(['剑与100%']);
    expect((await list({ keyword: '没有这本书' })).data).toMatchObject({
      records: [],
      total: 0,
      nextCursor: null,
    });
  });

  it('pages by number and by cursor alike', async () => {
    const page2 = await list({ sort: 1, pageSize: 2, currentPage: 2 });
    expect(titles(page2.data.records)).toEqual(['星河剑歌', '剑与100%']);
    expect(page2.data).toMatchObject({ total: 4, pages: 2, current: 2 });
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list({ sort: 2, pageSize: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...titles(page.data.records));
      cursor = page.data.nextCursor;
    }
    expect(seen).toEqual(['剑与100%', '城市之光', '星河剑歌', '夜行']);
  });

  it.each([
    [{ sort: 4 }, 'sort'],
    [{ sort: 'hot' }, 'sort'],
    [{ category: 'abc' }, 'category'],
    [{ category: 0 }, 'category'],
    [{ keyword: '长'.repeat(51) }, 'keyword'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ currentPage: 0 }, 'currentPage'],
    [{ cursor: '!!' }, 'cursor'],
    [{ cursor: 'bm90LWpzb24' }, 'cursor'],
  ] as const)('answers 400 naming the field for %o', async (query, field) => {
    const answer = await list(query as Record<string, string | number>);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe(400);
    expect(answer.msg).toContain(field);
  });

  it('refuses a cursor of another order', async () => {
    const page = await list({ sort: 1, pageSize: 1 });
    const answer = await list({ sort: 2, cursor: page.data.nextCursor });
    expect(answer).toMatchObject({ status: 400, msg: expect.stringContaining('cursor') });
  });

  it('lists the categories in order', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/novel/categories');
    expect(answer.data).toEqual([
      { id: catA, name: '玄幻' },
      { id: catB, name: '都市' },
    ]);
  });

  it('answers the detail to guests and counts no view; unknown or malformed ids are 404 and 400', async () => {
    const answer = await call(t.app, 'GET', `/api/v1/novel/${ids.a}`);
    expect(answer.data).toMatchObject({
      id: ids.a,
      title: '星河剑歌',
      intro: '一本测试用的小说。',
      wordCount: 500,
      subscribed: false,
      progress: null,
      viewCount: 500,
    });
    // The detail only reads: the page counts its view with POST /view (work-views.test.ts).
    expect((await call(t.app, 'GET', `/api/v1/novel/${ids.a}`)).data.viewCount).toBe(500);
    expect((await call(t.app, 'GET', '/api/v1/novel/999999')).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/v1/novel/abc');
    expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('id') });
  });

  describe('the chapter menu', () => {
    let book: { workId: number; unitIds: number[] };
    beforeAll(async () => {
      book = await createNovel(t, { chapters: 1200, free: 10, price: (idx) => (idx % 2 ? 10 : 15) });
    });

    it('pages 1,200 chapters by cursor in both orders, 500 at most per page', async () => {
      for (const order of ['asc', 'desc'] as const) {
        const indexes: number[] = [];
        let cursor: string | null = '';
        let pages = 0;
        while (cursor !== null) {
          const page: Answer = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
            query: { order, pageSize: 500, ...(cursor ? { cursor } : {}) },
          });
          expect(page.data.total).toBe(1200);
          indexes.push(...page.data.records.map((r: { index: number }) => r.index));
          cursor = page.data.nextCursor;
          pages += 1;
        }
        expect(pages).toBe(3);
        const expected = Array.from({ length: 1200 }, (_, i) => i + 1);
        expect(indexes).toEqual(order === 'asc' ? expected : expected.reverse());
      }
    });

    it('marks free, VIP and price; unlocked for what the caller may read; read up to the progress', async () => {
      const guest = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { pageSize: 12 },
      });
      expect(guest.data.records[9]).toEqual({
        id: book.unitIds[9],
        index: 10,
        title: '第10章 测试',
        price: 0,
        vip: false,
        unlocked: true,
        read: false,
      });
      expect(guest.data.records[10]).toMatchObject({ index: 11, price: 10, vip: true, unlocked: false });
      expect(guest.data.records[11]).toMatchObject({ index: 12, price: 15, vip: true, unlocked: false });

      const member = await createUser(t, { levelType: 1, expTime: t.clock.now() + 86_400_000 });
      await call(t.app, 'PUT', '/api/v1/progress', {
        account: member,
        json: {
          kind: 'novel',
          workId: book.workId,
          unitId: book.unitIds[4],
          position: { paragraph: 0, offset: 0 },
          clientTime: t.clock.now(),
        },
      });
      const mine = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        account: member,
        query: { pageSize: 12 },
      });
      expect(mine.data.records.map((r: { unlocked: boolean }) => r.unlocked)).toEqual(Array(12).fill(true));
      expect(mine.data.records.map((r: { read: boolean }) => r.read)).toEqual([
        ...Array(5).fill(true),
        ...Array(7).fill(false),
      ]);
    });

    it('starts a page at a given chapter in either order, to jump to the current one', async () => {
      const asc = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { from: 1100, pageSize: 3 },
      });
      expect(asc.data.records.map((r: { index: number }) => r.index)).toEqual([1100, 1101, 1102]);
      const next = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { from: 1100, pageSize: 3, cursor: asc.data.nextCursor },
      });
      expect(next.data.records.map((r: { index: number }) => r.index)).toEqual([1103, 1104, 1105]);
      const desc = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { order: 'desc', from: 2, pageSize: 3 },
      });
      expect(desc.data).toMatchObject({ records: [{ index: 2 }, { index: 1 }], nextCursor: null });
    });

    it.each([
      [{ from: 0 }, 'from'],
      [{ from: 'last' }, 'from'],
      [{ order: 'up' }, 'order'],
      [{ pageSize: 501 }, 'pageSize'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ cursor: '***' }, 'cursor'],
    ] as const)('answers 400 naming the field for %o', async (query, field) => {
      const answer = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: query as Record<string, string | number>,
      });
      expect(answer).toMatchObject({ status: 400, msg: expect.stringContaining(field) });
    });

    it('refuses an ascending cursor on a descending menu, and answers 404 for an unknown book', async () => {
      const asc = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { pageSize: 5 },
      });
      const answer = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapters`, {
        query: { order: 'desc', cursor: asc.data.nextCursor },
      });
      expect(answer.status).toBe(400);
      expect((await call(t.app, 'GET', '/api/v1/novel/999999/chapters')).status).toBe(404);
    });

    it('serves a long book chapter composed from its seed, with prev, next and the next price', async () => {
      const first = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[0]}`);
      expect(first.data).toMatchObject({
        index: 1,
        prevId: null,
        prev: null,
        nextId: book.unitIds[1],
        price: 0,
        charged: 0,
      });
      expect(first.data.paragraphs.length).toBeGreaterThanOrEqual(14);
      expect(first.data.paragraphCommentCounts).toEqual(first.data.paragraphs.map(() => 0));
      const tenth = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[9]}`);
      expect(tenth.data).toMatchObject({
        prevId: book.unitIds[8],
        nextId: book.unitIds[10],
        prev: { id: book.unitIds[8], title: '第9章 测试', price: 0, vip: false, unlocked: true },
        next: { id: book.unitIds[10], price: 10, vip: true, unlocked: false },
      });
    });
  });

  describe('a chapter', () => {
    let book: { workId: number; unitIds: number[] };
    beforeAll(async () => {
      book = await createNovel(t, { chapters: 6, free: 2, price: 20 });
    });

    it('is read by a guest when free, and answers 1005 with the price when not', async () => {
      const free = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[1]}`);
      expect(free.data).toMatchObject({
        id: book.unitIds[1],
        workId: book.workId,
        index: 2,
        title: '第2章 测试',
        paragraphs: ['第2章的第一段。', '「你好。」他说。'],
        prevId: book.unitIds[0],
        nextId: book.unitIds[2],
        prev: { id: book.unitIds[0], title: '第1章 测试', price: 0, vip: false, unlocked: true },
        next: { id: book.unitIds[2], title: '第3章 测试', price: 20, vip: true, unlocked: false },
      });
      const locked = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[2]}`);
      expect(locked).toMatchObject({
        status: 200,
        code: 1005,
        data: { price: 20, vip: true, coinNum: null },
      });
      const user = await createUser(t, { coins: 7 });
      const mine = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[2]}`, {
        account: user,
      });
      expect(mine).toMatchObject({ code: 1005, data: { price: 20, vip: true, coinNum: 7 } });
      expect(mine.msg).toContain('20 钻石');
    });

    it('answers 404 for an unknown chapter or one of another book, 400 for a malformed id', async () => {
      const other = await createNovel(t, { chapters: 2 });
      expect((await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/999999`)).status).toBe(404);
      expect(
        (await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${other.unitIds[0]}`)).status,
      ).toBe(404);
      expect((await call(t.app, 'GET', `/api/v1/novel/999999/chapter/${book.unitIds[0]}`)).status).toBe(404);
      const bad = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/x1`);
      expect(bad).toMatchObject({ status: 400, msg: expect.stringContaining('cid') });
    });

    it('shows the new chapters of a running book in its list fields', async () => {
      const running = await createNovel(t, { chapters: 3 });
      await addChapters(t, running.workId, 4, 2);
      const detail = await call(t.app, 'GET', `/api/v1/novel/${running.workId}`);
      expect(detail.data).toMatchObject({ unitCount: 5, latestUnit: { index: 5, title: '第5章 测试' } });
    });
  });
});
