import fs from 'node:fs';
import path from 'node:path';
import type { AdminPage } from '@ld/contract/admin/list';
import { MAX_TXT_BYTES, type TxtPreview } from '@ld/contract/admin/novels';
import type { AdminUnit, AdminWork } from '@ld/contract/admin/works';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { adminUpload } from './helpers/admin-upload.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { createCategory } from './helpers/content.ts';
import { balanceOf, createUser } from './helpers/money.ts';
import { pngBytes } from './helpers/square.ts';
import { makeTxtNovel } from './helpers/txt-novel.ts';

// 小说 through the console (docs/decisions/0059-novels-and-comics-console.md): a draft the portal
// does not show, a TXT (GBK, 2 MB) split and corrected before saving, a chapter range priced under
// the portal's purchase rules, and a publish the portal shows at the next request. Every write
// leaves its audit row; a broken file or plan changes nothing.
describeDialects('admin novels', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let categoryId: number;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    categoryId = await createCategory(t, '都市');
    t.deps.changes.subscribe('novels', () => announced.push('novels'));
  });
  afterAll(() => t?.close());

  const create = async (title: string) =>
    (
      await adminCall<AdminWork>(t.app, 'POST', '/novels', {
        operator: editor,
        json: { title, author: '导入测试', categoryId, intro: '一本导入的书', tags: ['都市', '测试'] },
      })
    ).data;
  const uploadTxt = (workId: number, bytes: Buffer, filename = 'book.txt') =>
    adminUpload<TxtPreview>(t.app, `/novels/${workId}/imports`, editor, [
      { filename, type: 'text/plain', bytes },
    ]);
  const portalList = async () =>
    (await call(t.app, 'GET', '/api/v1/novel/list', { query: { sort: 2, pageSize: 50 } })).data.records.map(
      (w: { title: string }) => w.title,
    );
  const unitCount = async () =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('units')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const novelAudit = async () =>
    (await auditRows(t)).filter((r) => r.target_type === 'novel').map((r) => r.action);

  it('creates a draft with a generated cover that the portal neither lists nor opens', async () => {
    const work = await create('  草稿之书 ');
    expect(work).toMatchObject({
      title: '草稿之书',
      kind: 'novel',
      categoryName: '都市',
      tags: ['都市', '测试'],
      published: false,
      unitCount: 0,
      status: 0,
    });
    const cover = await t.app.inject({ method: 'GET', url: work.cover });
    expect(cover.statusCode).toBe(200);
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 400,
    });
    expect(await portalList()).not.toContain('草稿之书');
    expect((await call(t.app, 'GET', `/api/v1/novel/${work.id}`)).status).toBe(404);
    const list = await adminCall<AdminPage<AdminWork>>(t.app, 'GET', '/novels', {
      operator: editor,
      query: { title: '草稿', published: 'false' },
    });
    expect(list.data.records.map((w) => w.id)).toEqual([work.id]);
    // Nothing to read yet: it cannot be published.
    const refused = await adminCall(t.app, 'PATCH', `/novels/${work.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(refused).toMatchObject({ status: 200, code: 1 });
    expect(refused.msg).toContain('还没有章节');
  });

  it('splits a real-size 2 MB GBK novel, saves the corrected chapters, prices them and publishes it', async () => {
    const work = await create('长篇导入');
    const novel = makeTxtNovel({ minBytes: 2 * 1024 * 1024, encoding: 'gbk' });
    const preview = await uploadTxt(work.id, novel.bytes, '长篇.txt');
    expect(preview.status, preview.msg).toBe(200);
    expect(preview.data).toMatchObject({ encoding: 'gbk', fileName: '长篇.txt', bytes: novel.bytes.length });
    const chapters = preview.data.chapters;
    expect(chapters[0]).toMatchObject({ title: '前言', from: 0 });
    expect(chapters.slice(1).map((c) => c.title)).toEqual(novel.titles);
    expect(preview.data.warnings).toEqual([]);

    // The editor's corrections: drop the preface, rename chapter 1, merge chapters 2 and 3,
    // split chapter 4 after its first paragraph.
    const [, c1, c2, c3, c4, ...rest] = chapters;
    const lines = await adminCall(t.app, 'GET', `/novels/${work.id}/imports/${preview.data.importId}/lines`, {
      operator: editor,
      query: { from: c4.from, count: 3 },
    });
    expect(lines.data.lines[0]).toBe(novel.firstParagraphs[3]);
    const plan = [
      { title: '第一章 新的开始', from: c1.from, to: c1.to },
      { title: c2.title, from: c2.from, to: c3.to },
      { title: c4.title, from: c4.from, to: c4.from + 1 },
      { title: '第四章（下）', from: c4.from + 1, to: c4.to },
      ...rest.map((c) => ({ title: c.title, from: c.from, to: c.to })),
    ];
    const before = announced.length;
    const saved = await adminCall(t.app, 'POST', `/novels/${work.id}/imports/${preview.data.importId}`, {
      operator: editor,
      json: { chapters: plan },
    });
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.data).toMatchObject({ added: novel.titles.length, unitCount: novel.titles.length });
    expect(announced.length).toBe(before + 1);
    // The staged file is gone once saved.
    expect(await t.deps.storage.exists(`imports/novel-${work.id}/${preview.data.importId}.txt`)).toBe(false);

    const units = await adminCall<AdminPage<AdminUnit>>(t.app, 'GET', `/novels/${work.id}/units`, {
      operator: editor,
      query: { pageSize: 5 },
    });
    expect(units.data.total).toBe(novel.titles.length);
    expect(units.data.records.map((u) => u.title)).toEqual([
      '第一章 新的开始',
      novel.titles[1],
      novel.titles[3],
      '第四章（下）',
      novel.titles[4],
    ]);

    // First 10 free, then 5 diamonds each, members free.
    const priced = await adminCall(t.app, 'POST', `/novels/${work.id}/pricing`, {
      operator: editor,
      json: { freeFirst: 10, price: 5, vip: true },
    });
    expect(priced.data).toEqual({ free: 10, priced: novel.titles.length - 10 });

    const published = await adminCall<AdminWork>(t.app, 'PATCH', `/novels/${work.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(published.data.published).toBe(true);
    expect(announced.length).toBe(before + 3);
    expect(await portalList()).toContain('长篇导入');

    // The portal reads the merged chapter whole (chapter 3's heading kept as text) and locks the 11th.
    const menu = await call(t.app, 'GET', `/api/v1/novel/${work.id}/chapters`, { query: { pageSize: 12 } });
    const records = menu.data.records as Array<{ id: number; title: string; price: number; vip: boolean }>;
    expect(records.slice(9, 12).map((r) => [r.price, r.vip])).toEqual([
      [0, false],
      [5, true],
      [5, true],
    ]);
    const merged = await call(t.app, 'GET', `/api/v1/novel/${work.id}/chapter/${records[1].id}`);
    expect(merged.data.title).toBe(novel.titles[1]);
    expect(merged.data.paragraphs).toContain(novel.titles[2]);
    expect(merged.data.paragraphs[0]).toBe(novel.firstParagraphs[1]);
    const split = await call(t.app, 'GET', `/api/v1/novel/${work.id}/chapter/${records[2].id}`);
    expect(split.data.paragraphs).toEqual([novel.firstParagraphs[3]]);
    const user = await createUser(t, { coins: 12 });
    const locked = await call(t.app, 'GET', `/api/v1/novel/${work.id}/chapter/${records[10].id}`, {
      account: user,
    });
    expect(locked).toMatchObject({ code: 1005, data: { price: 5, vip: true } });
    const bought = await postForm(t.app, `/api/v1/novel/${work.id}/unit/${records[10].id}/unlock`, {}, user);
    expect(bought.data).toEqual({ charged: 5, coinNum: 7 });
    expect(await balanceOf(t, user.id)).toBe(7);

    expect(await novelAudit()).toEqual(
      expect.arrayContaining(['novel.create', 'novel.import', 'novel.price', 'novel.publish']),
    );
    const importRow = (await auditRows(t)).find((r) => r.action === 'novel.import');
    expect(JSON.parse(importRow?.after_json ?? '{}')).toMatchObject({
      added: novel.titles.length,
      encoding: 'gbk',
    });
  });

  it('unpublishes: the portal stops listing and opening the book at the next request', async () => {
    const work = await create('下线之书');
    const preview = await uploadTxt(
      work.id,
      Buffer.from('第一章 唯一\n正文一段。\n第二章 再见\n正文两段。', 'utf8'),
    );
    await adminCall(t.app, 'POST', `/novels/${work.id}/imports/${preview.data.importId}`, {
      operator: editor,
      json: { chapters: preview.data.chapters.map(({ title, from, to }) => ({ title, from, to })) },
    });
    await adminCall(t.app, 'PATCH', `/novels/${work.id}`, { operator: editor, json: { published: true } });
    expect(await portalList()).toContain('下线之书');
    const down = await adminCall<AdminWork>(t.app, 'PATCH', `/novels/${work.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect(down.data.published).toBe(false);
    expect(await portalList()).not.toContain('下线之书');
    expect((await call(t.app, 'GET', `/api/v1/novel/${work.id}`)).status).toBe(404);
    expect((await novelAudit()).at(-1)).toBe('novel.unpublish');
  });

  it('refuses broken, empty, binary and headless files with what was wrong, and changes nothing', async () => {
    const work = await create('坏文件之书');
    const units = await unitCount();
    const rows = (await auditRows(t)).length;
    for (const [bytes, message] of [
      [Buffer.alloc(0), '空文件'],
      [await pngBytes(), '二进制'],
      [
        Buffer.concat([Buffer.from('第一章 开端\n'.repeat(30), 'utf8'), Buffer.from([0xe4, 0xb8, 0x0a])]),
        '字节损坏',
      ],
      [Buffer.from('只有一段没有章节标题的文字。\n又一段。', 'utf8'), '没有找到'],
      [Buffer.from('\n\n   \n', 'utf8'), '没有文字'],
    ] as const) {
      const answer = await uploadTxt(work.id, bytes);
      expect(answer.status, message).toBe(400);
      expect(answer.msg.startsWith('file: '), answer.msg).toBe(true);
      expect(answer.msg).toContain(message);
    }
    const tooBig = await uploadTxt(work.id, Buffer.alloc(MAX_TXT_BYTES + 1, 0x41));
    expect(tooBig.status).toBe(413);
    expect(tooBig.msg).toBe('file: TXT 文件不能超过 20MB');
    const notTxt = await uploadTxt(work.id, Buffer.from('第一章 甲\n甲文'), 'book.docx');
    expect(notTxt.status).toBe(400);
    expect(notTxt.msg).toContain('.txt');
    expect(await unitCount()).toBe(units);
    expect((await auditRows(t)).length).toBe(rows);
    // Every refused file was removed.
    expect(fs.readdirSync(path.join(t.deps.config.dataDir, 'uploads', `imports/novel-${work.id}`))).toEqual(
      [],
    );
  });

  it('refuses a plan that does not fit the file, whole, with the field named', async () => {
    const work = await create('计划之书');
    const preview = await uploadTxt(work.id, Buffer.from('第一章 甲\n甲文\n第二章 乙\n乙文', 'utf8'));
    const save = (chapters: unknown) =>
      adminCall(t.app, 'POST', `/novels/${work.id}/imports/${preview.data.importId}`, {
        operator: editor,
        json: { chapters },
      });
    const units = await unitCount();
    const imported = (await novelAudit()).filter((a) => a === 'novel.import').length;
    for (const [chapters, field, message] of [
      [[], 'chapters', '至少保留一章'],
      [[{ title: '甲', from: 1, to: 1 }], 'chapters.0.to', '没有正文'],
      [
        [
          { title: '甲', from: 1, to: 3 },
          { title: '乙', from: 2, to: 4 },
        ],
        'chapters.1.from',
        '重叠',
      ],
      [[{ title: ' ', from: 1, to: 2 }], 'chapters.0.title', '不能为空'],
      [
        [
          { title: '甲', from: 1, to: 2 },
          { title: '乙', from: 3, to: 9 },
        ],
        'chapters',
        '超出了文件的行数',
      ],
    ] as const) {
      const answer = await save(chapters);
      expect(answer.status, message).toBe(400);
      expect(answer.msg, message).toContain(`${field}: `);
      expect(answer.msg).toContain(message);
    }
    expect(await unitCount()).toBe(units);
    expect((await novelAudit()).filter((a) => a === 'novel.import').length).toBe(imported);
    const lost = await adminCall(t.app, 'POST', `/novels/${work.id}/imports/${'0'.repeat(32)}`, {
      operator: editor,
      json: { chapters: [{ title: '甲', from: 1, to: 2 }] },
    });
    expect(lost.status).toBe(404);
  });

  it('validates the work fields, the category and the pricing, naming the field', async () => {
    const bad = async (method: 'POST' | 'PATCH', path: string, json: unknown, field: string) => {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}: `), answer.msg).toBe(true);
    };
    await bad('POST', '/novels', { title: '', author: 'a', categoryId }, 'title');
    await bad('POST', '/novels', { title: 'a', author: 'a', categoryId: 999_999 }, 'categoryId');
    await bad('POST', '/novels', { title: 'a', author: 'a', categoryId, tags: ['x', 'x'] }, 'tags');
    await bad('POST', '/novels', { title: 'a', author: 'a', categoryId, status: 3 }, 'status');
    const work = await create('定价之书');
    await bad('PATCH', `/novels/${work.id}`, {}, 'title');
    await bad('POST', `/novels/${work.id}/pricing`, { freeFirst: -1, price: 5 }, 'freeFirst');
    await bad('POST', `/novels/${work.id}/pricing`, { freeFirst: 0, price: 5000 }, 'price');
    await bad('POST', `/novels/${work.id}/pricing`, { freeFirst: 0, price: 5, from: 5, to: 2 }, 'to');
    expect((await adminCall(t.app, 'GET', '/novels/999999', { operator: editor })).status).toBe(404);
  });

  it('replaces the cover with an uploaded image re-encoded like the portal’s covers', async () => {
    const work = await create('封面之书');
    const answer = await adminUpload<AdminWork>(t.app, `/novels/${work.id}/cover`, editor, [
      { filename: 'c.png', type: 'image/png', bytes: await pngBytes(900, 600) },
    ]);
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.data.cover).not.toBe(work.cover);
    const cover = await t.app.inject({ method: 'GET', url: answer.data.cover });
    expect(await sharp(cover.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 300,
      height: 400,
    });
    // The generated one it replaced is gone.
    expect((await t.app.inject({ method: 'GET', url: work.cover })).statusCode).toBe(404);
    const notImage = await adminUpload(t.app, `/novels/${work.id}/cover`, editor, [
      { filename: 'c.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    ]);
    expect(notImage.status).toBe(400);
    expect((await novelAudit()).at(-1)).toBe('novel.cover');
  });
});
