import type { AdminEpisode } from '@ld/contract/admin/comics';
import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminUnit, AdminWork } from '@ld/contract/admin/works';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertCategory } from '../src/modules/content/public.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { adminUpload } from './helpers/admin-upload.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/money.ts';

// 漫画 through the console (docs/decisions/0059-novels-and-comics-console.md): episodes from page
// images, ordered by file name on arrival and re-encoded as the portal's pages are, reordered
// after, priced, published — and read by a portal user at the next request.

/** A page image of one colour, so its place in the episode can be told by its pixels. */
const pageOf = (width: number, height: number, red: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 20, b: 20 } } })
    [format]()
    .toBuffer();

/** The red of a stored page, read back through the portal's URL. */
async function redOf(t: TestApp, url: string): Promise<number> {
  const answer = await t.app.inject({ method: 'GET', url });
  const { data } = await sharp(answer.rawPayload).raw().toBuffer({ resolveWithObject: true });
  return data[0];
}

describeDialects('admin comics', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let categoryId: number;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    categoryId = await insertCategory(t.deps.db.kysely, { kind: 'comic', name: '热血', sort: 1 });
    t.deps.changes.subscribe('comics', () => announced.push('comics'));
  });
  afterAll(() => t?.close());

  const create = async (title: string) =>
    (
      await adminCall<AdminWork>(t.app, 'POST', '/comics', {
        operator: editor,
        json: { title, author: '画师', categoryId, intro: '上传的漫画' },
      })
    ).data;
  const portalTitles = async () =>
    (await call(t.app, 'GET', '/api/v1/comic/list', { query: { sort: 2, pageSize: 50 } })).data.records.map(
      (w: { title: string }) => w.title,
    );
  const panelRows = async () =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('comic_panels')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes an episode of pages ordered by file name, re-encoded, and a portal user reads it once published', async () => {
    const work = await create('上传漫画');
    expect(work).toMatchObject({ kind: 'comic', published: false, unitCount: 0 });
    // Sent out of order; 2 before 10 by the numbers in the names.
    const episode = await adminUpload<AdminEpisode>(
      t.app,
      `/comics/${work.id}/episodes`,
      editor,
      [
        { field: 'pages', filename: '10.png', type: 'image/png', bytes: await pageOf(1440, 2000, 200) },
        { field: 'pages', filename: '1.jpg', type: 'image/jpeg', bytes: await pageOf(600, 900, 40, 'jpeg') },
        { field: 'pages', filename: '2.png', type: 'image/png', bytes: await pageOf(720, 20_000, 120) },
      ],
      { title: '第一话 开端' },
    );
    expect(episode.status, episode.msg).toBe(200);
    expect(episode.data).toMatchObject({ index: 1, title: '第一话 开端' });
    // Wider than the portal's 720 px is scaled down; narrower is kept; past WebP's height, JPEG.
    expect(episode.data.pages.map((p) => [p.index, p.width, p.height])).toEqual([
      [1, 600, 900],
      [2, 720, 20_000],
      [3, 720, 1000],
    ]);
    expect(episode.data.pages.map((p) => p.url.split('.').at(-1))).toEqual(['webp', 'jpg', 'webp']);
    expect(await Promise.all(episode.data.pages.map((p) => redOf(t, p.url)))).toEqual([
      expect.closeTo(40, -1),
      expect.closeTo(120, -1),
      expect.closeTo(200, -1),
    ]);

    // A second episode without a title is named by its number.
    const second = await adminUpload<AdminEpisode>(t.app, `/comics/${work.id}/episodes`, editor, [
      { field: 'pages', filename: 'a.png', type: 'image/png', bytes: await pageOf(720, 1000, 90) },
    ]);
    expect(second.data).toMatchObject({ index: 2, title: '第2话' });
    await adminCall(t.app, 'POST', `/comics/${work.id}/pricing`, {
      operator: editor,
      json: { freeFirst: 1, price: 8 },
    });
    const units = await adminCall<AdminPage<AdminUnit>>(t.app, 'GET', `/comics/${work.id}/units`, {
      operator: editor,
    });
    expect(units.data.records.map((u) => [u.title, u.size, u.price, u.vip])).toEqual([
      ['第一话 开端', 3, 0, false],
      ['第2话', 1, 8, false],
    ]);

    expect(await portalTitles()).not.toContain('上传漫画');
    const before = announced.length;
    await adminCall(t.app, 'PATCH', `/comics/${work.id}`, { operator: editor, json: { published: true } });
    expect(announced.length).toBe(before + 1);
    expect(await portalTitles()).toContain('上传漫画');
    const reader = await createUser(t, { coins: 0 });
    const read = await call(t.app, 'GET', `/api/v1/comic/${work.id}/episode/${episode.data.id}`, {
      account: reader,
    });
    expect(read.data.panels.map((p: { url: string }) => p.url)).toEqual(episode.data.pages.map((p) => p.url));
    const locked = await call(t.app, 'GET', `/api/v1/comic/${work.id}/episode/${second.data.id}`, {
      account: reader,
    });
    expect(locked).toMatchObject({ code: 1005, data: { price: 8 } });

    // Reordered: the reader gets the new order at its next read (its per-process copy dropped).
    const reordered = await adminCall<AdminEpisode>(
      t.app,
      'PUT',
      `/comics/${work.id}/episodes/${episode.data.id}/pages`,
      { operator: editor, json: { order: [3, 1, 2] } },
    );
    expect(reordered.data.pages.map((p) => p.url)).toEqual([
      episode.data.pages[2].url,
      episode.data.pages[0].url,
      episode.data.pages[1].url,
    ]);
    const again = await call(t.app, 'GET', `/api/v1/comic/${work.id}/episode/${episode.data.id}`, {
      account: reader,
    });
    expect(again.data.panels.map((p: { url: string }) => p.url)).toEqual(
      reordered.data.pages.map((p) => p.url),
    );

    const actions = (await auditRows(t)).filter((r) => r.target_type === 'comic').map((r) => r.action);
    expect(actions).toEqual([
      'comic.create',
      'comic.episode',
      'comic.episode',
      'comic.price',
      'comic.publish',
      'comic.reorder',
    ]);
  });

  it('refuses a broken or non-image page, naming it, and stores nothing', async () => {
    const work = await create('坏图漫画');
    const panels = await panelRows();
    const audits = (await auditRows(t)).length;
    const cases = [
      [[{ field: 'pages', filename: '1.png', bytes: Buffer.from('not a picture') }], '第 1 张（1.png）'],
      [
        [
          { field: 'pages', filename: '1.png', bytes: await pageOf(100, 100, 10) },
          { field: 'pages', filename: '2.png', bytes: (await pageOf(100, 100, 10)).subarray(0, 60) },
        ],
        '第 2 张（2.png）',
      ],
      [[{ field: 'pages', filename: '1.txt', bytes: Buffer.from('第一章\n'.repeat(20)) }], '不是图片'],
      [[], '至少一张'],
    ] as const;
    for (const [files, message] of cases) {
      const answer = await adminUpload(t.app, `/comics/${work.id}/episodes`, editor, [...files]);
      expect(answer.status, message).toBe(400);
      expect(answer.msg.startsWith('pages: '), answer.msg).toBe(true);
      expect(answer.msg).toContain(message);
    }
    expect(await panelRows()).toBe(panels);
    expect((await auditRows(t)).length).toBe(audits);
    expect((await adminCall(t.app, 'GET', `/comics/${work.id}`, { operator: editor })).data.unitCount).toBe(
      0,
    );
    // Nothing of the refused uploads stayed in storage.
    const stored = await t.deps.storage.stat(`comics/admin/${work.id}`);
    expect(stored).toBeNull();
  });

  it('refuses an order that is not every page once', async () => {
    const work = await create('顺序漫画');
    const episode = await adminUpload<AdminEpisode>(t.app, `/comics/${work.id}/episodes`, editor, [
      { field: 'pages', filename: '1.png', bytes: await pageOf(100, 100, 10) },
      { field: 'pages', filename: '2.png', bytes: await pageOf(100, 100, 20) },
    ]);
    for (const order of [[1], [1, 1], [1, 3], [2, 1, 3]]) {
      const answer = await adminCall(t.app, 'PUT', `/comics/${work.id}/episodes/${episode.data.id}/pages`, {
        operator: editor,
        json: { order },
      });
      expect(answer.status, String(order)).toBe(400);
      expect(answer.msg.startsWith('order: ')).toBe(true);
    }
    const other = await create('别的漫画');
    expect(
      (await adminCall(t.app, 'GET', `/comics/${other.id}/episodes/${episode.data.id}`, { operator: editor }))
        .status,
    ).toBe(404);
  });
});
