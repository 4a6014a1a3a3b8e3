import type { AdminEpisode } from '@ld/contract/admin/comics';
import type { TxtPreview } from '@ld/contract/admin/novels';
import type { AdminUnit, AdminWork, DeleteUnitAnswer } from '@ld/contract/admin/works';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCategory } from '../src/modules/content/public.ts';
import { sweepStaleImports } from '../src/modules/novels/jobs.ts';
import { keyOfUrl } from '../src/platform/storage.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { adminUpload } from './helpers/admin-upload.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { createNovel } from './helpers/content.ts';
import { createUser } from './helpers/money.ts';
import { makeTxtNovel } from './helpers/txt-novel.ts';

// Chapters and episodes after saving (docs/decisions/0059-novels-and-comics-console.md, "After
// saving"): an editor renames, moves and deletes them; the portal's menu and reader follow at the
// next request, ids stay (progress follows), a bought one is never deleted, a comic episode's page
// files go with it; TXT imports never saved are swept a day after their last use.
describeDialects('admin units', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let moderator: Operator;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    moderator = await operatorOf(t, 'moderator');
    t.deps.changes.subscribe('novels', () => announced.push('novels'));
    t.deps.changes.subscribe('comics', () => announced.push('comics'));
  });
  afterAll(() => t?.close());

  const patchUnit = (kind: 'novels' | 'comics', workId: number, unitId: number, json: unknown, as = editor) =>
    adminCall<AdminUnit>(t.app, 'PATCH', `/${kind}/${workId}/units/${unitId}`, { operator: as, json });
  const deleteUnit = (kind: 'novels' | 'comics', workId: number, unitId: number) =>
    adminCall<DeleteUnitAnswer>(t.app, 'DELETE', `/${kind}/${workId}/units/${unitId}`, { operator: editor });
  /** The portal's chapter menu: [id, index, title] in order. */
  const menu = async (workId: number) =>
    (
      await call(t.app, 'GET', `/api/v1/novel/${workId}/chapters`, { query: { pageSize: 50 } })
    ).data.records.map((r: { id: number; index: number; title: string }) => [r.id, r.index, r.title]);
  const auditCount = async () => (await auditRows(t)).length;

  it('renames a chapter: the portal menu and the reader show the new title; audited and announced', async () => {
    const book = await createNovel(t, { chapters: 3, free: 3 });
    const before = announced.length;
    const renamed = await patchUnit('novels', book.workId, book.unitIds[1], {
      title: '  第二章 改过的名字 ',
    });
    expect(renamed.status, renamed.msg).toBe(200);
    expect(renamed.data).toMatchObject({ id: book.unitIds[1], index: 2, title: '第二章 改过的名字' });
    expect((await menu(book.workId))[1]).toEqual([book.unitIds[1], 2, '第二章 改过的名字']);
    const chapter = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${book.unitIds[0]}`);
    expect(chapter.data.next).toMatchObject({ id: book.unitIds[1], title: '第二章 改过的名字' });
    expect(announced.slice(before)).toContain('novels');
    const row = (await auditRows(t)).at(-1);
    expect(row).toMatchObject({ action: 'novel.unit.rename', target_type: 'novel', operator_id: editor.id });
    expect(JSON.parse(String(row?.after_json))).toMatchObject({ title: '第二章 改过的名字', index: 2 });
  });

  it('moves a chapter: the menu order and the reader’s next/previous follow, ids and progress stay', async () => {
    const book = await createNovel(t, { chapters: 5, free: 5 });
    const [u1, u2, u3, u4, u5] = book.unitIds;
    const reader = await createUser(t);
    const progress = await call(t.app, 'PUT', '/api/v1/progress', {
      account: reader,
      json: {
        kind: 'novel',
        workId: book.workId,
        unitId: u3,
        position: { paragraph: 4, offset: 0 },
        clientTime: t.clock.now(),
      },
    });
    expect(progress.data).toMatchObject({ unitId: u3, unitIndex: 3 });

    const moved = await patchUnit('novels', book.workId, u5, { index: 2 });
    expect(moved.status, moved.msg).toBe(200);
    expect(moved.data).toMatchObject({ id: u5, index: 2, title: '第5章 测试' });
    expect((await menu(book.workId)).map(([id, index]: number[]) => [id, index])).toEqual([
      [u1, 1],
      [u5, 2],
      [u2, 3],
      [u3, 4],
      [u4, 5],
    ]);
    const opened = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${u5}`);
    expect(opened.data).toMatchObject({ index: 2, prevId: u1, nextId: u2 });
    // The reader is still in the same chapter, now the 4th.
    const detail = await call(t.app, 'GET', `/api/v1/novel/${book.workId}`, { account: reader });
    expect(detail.data.progress).toMatchObject({ unitId: u3, unitIndex: 4, position: { paragraph: 4 } });
    // The latest chapter (the work's "updated to") is the last in the new order.
    expect(detail.data.latestUnit).toMatchObject({ title: '第4章 测试' });

    // Down again, to the end, and a rename with a move at once.
    const back = await patchUnit('novels', book.workId, u5, { index: 5, title: '终章' });
    expect(back.data).toMatchObject({ id: u5, index: 5, title: '终章' });
    expect((await menu(book.workId)).map(([id]: number[]) => id)).toEqual([u1, u2, u3, u4, u5]);
    expect((await auditRows(t)).slice(-2).map((r) => r.action)).toEqual([
      'novel.unit.move',
      'novel.unit.update',
    ]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const book = await createNovel(t, { chapters: 3, free: 3 });
    const menuBefore = await menu(book.workId);
    const audits = await auditCount();
    const cases: Array<[unknown, string]> = [
      [{ title: '   ' }, 'title'],
      [{ title: '长'.repeat(65) }, 'title'],
      [{ title: 12 }, 'title'],
      [{}, 'title'],
      [{ index: 0 }, 'index'],
      [{ index: 1.5 }, 'index'],
      [{ index: 4 }, 'index'],
      [{ index: '2' }, 'index'],
    ];
    for (const [json, field] of cases) {
      const answer = await patchUnit('novels', book.workId, book.unitIds[0], json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}: `), answer.msg).toBe(true);
    }
    // A unit of another work is not this work's.
    const other = await createNovel(t, { chapters: 1, free: 1 });
    expect((await patchUnit('novels', book.workId, other.unitIds[0], { title: '别人的' })).status).toBe(404);
    expect((await patchUnit('comics', book.workId, book.unitIds[0], { title: '不是漫画' })).status).toBe(404);
    expect(await menu(book.workId)).toEqual(menuBefore);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a portal user’s token and a moderator (content is for editors and admins)', async () => {
    const book = await createNovel(t, { chapters: 2, free: 2 });
    const user = await createUser(t);
    const menuBefore = await menu(book.workId);
    const audits = await auditCount();
    const asUser = { uid: String(user.uid), token: user.token };
    for (const [method, json] of [
      ['PATCH', { title: '改名' }],
      ['DELETE', undefined],
    ] as const) {
      const path = `/novels/${book.workId}/units/${book.unitIds[0]}`;
      const portal = await adminCall(t.app, method, path, { operator: null, headers: asUser, json });
      expect(portal.status).toBe(401);
      const mod = await adminCall(t.app, method, path, { operator: moderator, json });
      expect(mod.status).toBe(403);
    }
    expect(await menu(book.workId)).toEqual(menuBefore);
    expect(await auditCount()).toBe(audits);
  });

  it('never deletes a bought chapter (400 saying why); deletes others, renumbering what follows', async () => {
    const book = await createNovel(t, { title: '删章之书', chapters: 4, free: 2, price: 10, vip: false });
    const [u1, u2, u3, u4] = book.unitIds;
    const buyer = await createUser(t, { coins: 100 });
    const bought = await postForm(t.app, `/api/v1/novel/${book.workId}/unit/${u3}/unlock`, {}, buyer);
    expect(bought.data).toMatchObject({ charged: 10 });
    const menuBefore = await menu(book.workId);
    const audits = await auditCount();

    const refused = await deleteUnit('novels', book.workId, u3);
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('已有 1 位用户购买，不能删除');
    expect(refused.msg).toContain('下线');
    expect(await menu(book.workId)).toEqual(menuBefore);
    expect(await auditCount()).toBe(audits);

    // A reader in chapter 2 is moved to chapter 1 when it goes.
    const reader = await createUser(t);
    await call(t.app, 'PUT', '/api/v1/progress', {
      account: reader,
      json: {
        kind: 'novel',
        workId: book.workId,
        unitId: u2,
        position: { paragraph: 9, offset: 3 },
        clientTime: 1,
      },
    });
    const deleted = await deleteUnit('novels', book.workId, u2);
    expect(deleted.status, deleted.msg).toBe(200);
    expect(deleted.data).toEqual({ unitCount: 3, published: true });
    expect(await menu(book.workId)).toEqual([
      [u1, 1, '第1章 测试'],
      [u3, 2, '第3章 测试'],
      [u4, 3, '第4章 测试'],
    ]);
    expect((await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${u2}`)).status).toBe(404);
    const detail = await call(t.app, 'GET', `/api/v1/novel/${book.workId}`, { account: reader });
    expect(detail.data.progress).toMatchObject({ unitId: u1, unitIndex: 1, position: { paragraph: 0 } });
    // The buyer still owns the chapter, now the 2nd.
    const open = await call(t.app, 'GET', `/api/v1/novel/${book.workId}/chapter/${u3}`, { account: buyer });
    expect(open.data).toMatchObject({ index: 2, charged: 0 });
    const row = (await auditRows(t)).at(-1);
    expect(row).toMatchObject({ action: 'novel.unit.delete', target_type: 'novel' });
    expect(JSON.parse(String(row?.before_json))).toMatchObject({ id: u2, index: 2 });
    const work = await adminCall<AdminWork>(t.app, 'GET', `/novels/${book.workId}`, { operator: editor });
    expect(work.data.unitCount).toBe(3);
  });

  it('takes down a work whose last chapter is deleted: it cannot be published without one', async () => {
    const book = await createNovel(t, { title: '只剩一章', chapters: 1, free: 1 });
    const deleted = await deleteUnit('novels', book.workId, book.unitIds[0]);
    expect(deleted.data).toEqual({ unitCount: 0, published: false });
    expect((await call(t.app, 'GET', `/api/v1/novel/${book.workId}`)).status).toBe(404);
    const publish = await adminCall(t.app, 'PATCH', `/novels/${book.workId}`, {
      operator: editor,
      json: { published: true },
    });
    expect(publish.msg).toContain('还没有章节');
  });

  it('renames, moves and deletes comic episodes; a deleted episode’s page files are removed', async () => {
    const categoryId = await insertCategory(t.deps.db.kysely, { kind: 'comic', name: '话的分类', sort: 9 });
    const work = (
      await adminCall<AdminWork>(t.app, 'POST', '/comics', {
        operator: editor,
        json: { title: '删话之漫', author: '画师', categoryId },
      })
    ).data;
    const page = (red: number) =>
      sharp({ create: { width: 200, height: 300, channels: 3, background: { r: red, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const episodes: AdminEpisode[] = [];
    for (const title of ['第一话', '第二话', '第三话']) {
      const answer = await adminUpload<AdminEpisode>(
        t.app,
        `/comics/${work.id}/episodes`,
        editor,
        [
          { field: 'pages', filename: '1.png', type: 'image/png', bytes: await page(10) },
          { field: 'pages', filename: '2.png', type: 'image/png', bytes: await page(200) },
        ],
        { title },
      );
      expect(answer.status, answer.msg).toBe(200);
      episodes.push(answer.data);
    }
    await adminCall(t.app, 'PATCH', `/comics/${work.id}`, { operator: editor, json: { published: true } });
    const [e1, e2, e3] = episodes;
    const portalEpisodes = async () =>
      (await call(t.app, 'GET', `/api/v1/comic/${work.id}/episodes`)).data.records.map(
        (r: { id: number; title: string }) => [r.id, r.title],
      );

    expect((await patchUnit('comics', work.id, e3.id, { index: 1, title: '序话' })).data).toMatchObject({
      index: 1,
      title: '序话',
      size: 2,
    });
    expect(await portalEpisodes()).toEqual([
      [e3.id, '序话'],
      [e1.id, '第一话'],
      [e2.id, '第二话'],
    ]);

    const keys = e1.pages.map((p) => keyOfUrl(p.url) as string);
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(true);
    const deleted = await deleteUnit('comics', work.id, e1.id);
    expect(deleted.data).toEqual({ unitCount: 2, published: true });
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(false);
    expect(await portalEpisodes()).toEqual([
      [e3.id, '序话'],
      [e2.id, '第二话'],
    ]);
    // The other episodes' pages are untouched.
    const second = await call(t.app, 'GET', `/api/v1/comic/${work.id}/episode/${e2.id}`);
    expect(second.data.index).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: e2.pages[0].url })).statusCode).toBe(200);
    expect((await auditRows(t)).slice(-2).map((r) => r.action)).toEqual([
      'comic.unit.update',
      'comic.unit.delete',
    ]);
  });

  it('sweeps TXT imports nobody used for a day, row and file, once with two sweepers; used ones stay', async () => {
    const categoryId = await insertCategory(t.deps.db.kysely, { kind: 'novel', name: '导入分类', sort: 9 });
    const work = (
      await adminCall<AdminWork>(t.app, 'POST', '/novels', {
        operator: editor,
        json: { title: '未保存的导入', author: '作者', categoryId },
      })
    ).data;
    const novel = makeTxtNovel({ minBytes: 20 * 1024, encoding: 'utf-8' });
    const upload = async () => {
      const answer = await adminUpload<TxtPreview>(t.app, `/novels/${work.id}/imports`, editor, [
        { filename: 'book.txt', type: 'text/plain', bytes: novel.bytes },
      ]);
      expect(answer.status, answer.msg).toBe(200);
      return answer.data.importId;
    };
    const rowOf = (id: string) =>
      t.deps.db.kysely.selectFrom('novel_imports').selectAll().where('id', '=', id).executeTakeFirst();
    const age = (id: string, hours: number) =>
      t.deps.db.kysely
        .updateTable('novel_imports')
        .set({ touched_at: t.clock.now() - hours * 3600_000 })
        .where('id', '=', id)
        .execute();
    const lines = (id: string) =>
      adminCall(t.app, 'GET', `/novels/${work.id}/imports/${id}/lines`, {
        operator: editor,
        query: { from: 0, count: 1 },
      });

    const stale = await upload();
    const fresh = await upload();
    const usedAgain = await upload();
    const staleRow = await rowOf(stale);
    expect(staleRow).toMatchObject({ work_id: work.id });
    const staleKey = String(staleRow?.storage_key);
    expect(await t.deps.storage.exists(staleKey)).toBe(true);

    await age(stale, 25);
    await age(fresh, 23);
    await age(usedAgain, 30);
    // Reading its lines for a split is a use: the day starts again.
    expect((await lines(usedAgain)).status).toBe(200);

    // Two processes sweeping at once remove it once.
    const removed = await Promise.all([sweepStaleImports.run(t.deps), sweepStaleImports.run(t.deps)]);
    expect(removed.reduce((a: number, b) => a + Number(b), 0)).toBe(1);
    expect(await rowOf(stale)).toBeUndefined();
    expect(await t.deps.storage.exists(staleKey)).toBe(false);
    const gone = await lines(stale);
    expect(gone.status).toBe(404);
    expect(gone.msg).toContain('已失效');
    for (const id of [fresh, usedAgain]) {
      expect(await rowOf(id)).toBeDefined();
      expect((await lines(id)).status).toBe(200);
    }

    // A saved import leaves neither row nor file.
    const freshKey = String((await rowOf(fresh))?.storage_key);
    const saved = await adminCall(t.app, 'POST', `/novels/${work.id}/imports/${fresh}`, {
      operator: editor,
      json: { chapters: [{ title: '第一章', from: 1, to: 3 }] },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(await rowOf(fresh)).toBeUndefined();
    expect(await t.deps.storage.exists(freshKey)).toBe(false);
  });
});
