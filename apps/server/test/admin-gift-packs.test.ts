import type { AdminGiftPack, ImportCodesAnswer } from '@ld/contract/admin/gift-packs';
import type { AdminPage } from '@ld/contract/admin/list';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { createGame, createType, createUser } from './helpers/money.ts';

const HOUR = 3_600_000;

// 礼包 through the console: packs with claim windows, a code pool from pasted lines or CSV with
// duplicates refused and counted, the stock shown; the portal's gift list and claims follow at once.
describeDialects('admin gift packs', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let game: { id: number; appId: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    game = await createGame(t, { typeId: await createType(t, '礼包分类'), name: '礼包游戏' });
  });
  afterAll(() => t?.close());

  const iso = (ms: number) => new Date(ms).toISOString();
  const makePack = (json: Record<string, unknown> = {}) =>
    adminCall<AdminGiftPack>(t.app, 'POST', '/gift-packs', {
      operator: editor,
      json: {
        gameId: game.id,
        title: '新手礼包',
        content: '钻石×100、金币×5000',
        startTime: iso(t.clock.now() - HOUR),
        endTime: iso(t.clock.now() + 24 * HOUR),
        ...json,
      },
    });
  const importCodes = (packId: number, format: 'lines' | 'csv', text: string) =>
    adminCall<ImportCodesAnswer>(t.app, 'POST', `/gift-packs/${packId}/codes`, {
      operator: editor,
      json: { format, text },
    });
  const portalPacks = async () =>
    (await postForm(t.app, '/api/web/game/detail/giftlist', { appID: game.appId })).data as Array<{
      id: number;
      total: number;
      remaining: number;
      status: string;
    }>;

  it('creates a pack, imports pasted codes with duplicates refused and counted; the portal shows the stock and hands the codes out', async () => {
    const pack = await makePack();
    expect(pack).toMatchObject({
      code: 0,
      data: { title: '新手礼包', gameName: '礼包游戏', total: 0, remaining: 0, status: 'soldOut' },
    });
    const pasted = ['VIP-0001', 'VIP-0002', '  VIP-0003  ', '', 'VIP-0002', 'VIP-0004', 'VIP-0001'].join(
      '\r\n',
    );
    const first = await importCodes(pack.data.id, 'lines', pasted);
    expect(first.data).toEqual({
      added: 4,
      duplicatesInFile: 2,
      duplicatesInPool: 0,
      duplicateSamples: ['VIP-0002', 'VIP-0001'],
      total: 4,
      remaining: 4,
    });
    const again = await importCodes(pack.data.id, 'lines', 'VIP-0004\nVIP-0005\nVIP-0005');
    expect(again.data).toMatchObject({
      added: 1,
      duplicatesInFile: 1,
      duplicatesInPool: 1,
      total: 5,
      remaining: 5,
    });
    expect(again.data.duplicateSamples.sort()).toEqual(['VIP-0004', 'VIP-0005']);
    expect((await portalPacks()).find((p) => p.id === pack.data.id)).toMatchObject({
      total: 5,
      remaining: 5,
      status: 'open',
    });

    const user = await createUser(t);
    const claimed = await postForm(t.app, `/api/v1/gift/${pack.data.id}/claim`, {}, user);
    expect(claimed.data.code).toMatch(/^VIP-000[1-5]$/);
    const shown = await adminCall<AdminGiftPack>(t.app, 'GET', `/gift-packs/${pack.data.id}`, {
      operator: editor,
    });
    expect(shown.data).toMatchObject({ total: 5, remaining: 4, status: 'open' });
    // Once a user holds a code the pack is not deleted (it can be ended instead).
    const removal = await adminCall(t.app, 'DELETE', `/gift-packs/${pack.data.id}`, { operator: editor });
    expect(removal.code).toBe(1);
    expect(removal.msg).toContain('不能删除');

    const rows = (await auditRows(t)).filter(
      (r) => r.target_type === 'gift-pack' && r.target_id === String(pack.data.id),
    );
    expect(rows.map((r) => r.action)).toEqual([
      'gift-pack.create',
      'gift-pack.import-codes',
      'gift-pack.import-codes',
    ]);
    expect(JSON.parse(rows[1].after_json ?? '{}')).toMatchObject({
      added: 4,
      duplicatesInFile: 2,
      format: 'lines',
    });
  });

  it('imports a CSV with a header and quoted cells, counting duplicates within the file and against the pool', async () => {
    const pack = await makePack({ title: 'CSV 礼包' });
    await importCodes(pack.data.id, 'lines', 'CSV-AAAA');
    const csv =
      '\uFEFF序号,兑换码,备注\r\n1,CSV-BBBB,"首批, 第一行"\r\n2,"CSV-CCCC",\r\n3,CSV-AAAA,已在码池\r\n4,CSV-BBBB,"文件内重复"\r\n';
    const answer = await importCodes(pack.data.id, 'csv', csv);
    expect(answer.data).toMatchObject({
      added: 2,
      duplicatesInFile: 1,
      duplicatesInPool: 1,
      total: 3,
      remaining: 3,
    });
    // A single column without a header is a list of codes.
    const plain = await importCodes(pack.data.id, 'csv', 'CSV-DDDD\nCSV-EEEE\n');
    expect(plain.data).toMatchObject({ added: 2, total: 5 });
  });

  it('refuses a broken CSV or a malformed code with its line, and adds nothing', async () => {
    const pack = await makePack({ title: '坏文件礼包' });
    await importCodes(pack.data.id, 'lines', 'KEEP-0001');
    const audits = (await auditRows(t)).length;
    const cases: Array<['lines' | 'csv', string, string]> = [
      [
        'csv',
        'code,note\nGOOD-0001,ok\n"BAD-0002,unclosed\nGOOD-0003,ok',
        'text: 第 3 行：引号没有闭合，请检查该行的引号是否成对',
      ],
      ['csv', 'code,note\nGOOD-0001,ok\nGOOD-0002\n', 'text: 第 3 行：有 1 列，与第 1 行的 2 列不一致'],
      [
        'csv',
        'id,note\n1,GOOD-0001\n',
        'text: 第 1 行：找不到兑换码列：表头须有 code、兑换码 或 礼包码 一列',
      ],
      ['csv', 'code\nGOOD-0001\n"GOOD"-0002\n', 'text: 第 3 行：右引号后面还有文字，请检查引号是否成对'],
      ['csv', 'code,note\n,empty\n', 'text: 第 2 行：兑换码为空'],
      [
        'lines',
        'GOOD-0001\nbad code with spaces\n',
        'text: 第 2 行：兑换码「bad code with spaces」须为 4-32 位字母、数字、- 或 _',
      ],
      ['lines', '\n\n  \n', 'text: 没有找到兑换码：每行一个'],
      ['csv', 'code\n', 'text: 没有找到兑换码：每行一个'],
    ];
    for (const [format, text, msg] of cases) {
      const answer = await importCodes(pack.data.id, format, text);
      expect(answer.status, text).toBe(400);
      expect(answer.msg).toBe(msg);
    }
    const tooMany = Array.from({ length: 20_001 }, (_, i) => `MANY-${i}`).join('\n');
    expect((await importCodes(pack.data.id, 'lines', tooMany)).msg).toMatch(
      /^text: 一次最多导入 20000 个兑换码/,
    );
    expect(
      (
        await adminCall(t.app, 'POST', `/gift-packs/${pack.data.id}/codes`, {
          operator: editor,
          json: { format: 'lines' },
        })
      ).msg,
    ).toMatch(/^text: /);
    expect((await auditRows(t)).length).toBe(audits);
    const after = await adminCall<AdminGiftPack>(t.app, 'GET', `/gift-packs/${pack.data.id}`, {
      operator: editor,
    });
    expect(after.data).toMatchObject({ total: 1, remaining: 1 });
  });

  it('refuses bad pack input naming the field; edits the claim window and the portal follows', async () => {
    const before = (await auditRows(t)).length;
    const now = t.clock.now();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ gameId: 999_999 }, /^gameId: 游戏不存在/],
      [{ title: ' ' }, /^title: 请填写礼包名称/],
      [{ content: '' }, /^content: 请填写礼包内容/],
      [{ startTime: 'tomorrow' }, /^startTime: 请填写开始时间/],
      [{ startTime: iso(now + HOUR), endTime: iso(now) }, /^endTime: 结束时间须晚于开始时间/],
    ];
    for (const [json, msg] of cases) {
      const answer = await makePack(json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg).toMatch(msg);
    }
    expect((await auditRows(t)).length).toBe(before);

    const pack = await makePack({ title: '限时礼包' });
    await importCodes(pack.data.id, 'lines', 'TIME-0001\nTIME-0002');
    const wrong = await adminCall(t.app, 'PATCH', `/gift-packs/${pack.data.id}`, {
      operator: editor,
      json: { endTime: iso(now - 2 * HOUR) },
    });
    expect(wrong).toMatchObject({ status: 400, msg: 'endTime: 结束时间须晚于开始时间' });
    const ended = await adminCall<AdminGiftPack>(t.app, 'PATCH', `/gift-packs/${pack.data.id}`, {
      operator: editor,
      json: { startTime: iso(now - 2 * HOUR), endTime: iso(now - 1) },
    });
    expect(ended.data.status).toBe('ended');
    const edit = (await auditRows(t)).at(-1);
    expect(edit).toMatchObject({ action: 'gift-pack.update', target_id: String(pack.data.id) });
    expect((await portalPacks()).find((p) => p.id === pack.data.id)?.status).toBe('ended');
    const user = await createUser(t);
    expect((await postForm(t.app, `/api/v1/gift/${pack.data.id}/claim`, {}, user)).msg).toContain('已过期');
  });

  it('lists packs with paging, filters and stock; deletes an unclaimed pack', async () => {
    const other = await createGame(t, { typeId: await createType(t, '另一分类'), name: '另一个游戏' });
    for (let i = 1; i <= 3; i++) {
      await makePack({ gameId: other.id, title: `分页礼包 ${i}` });
    }
    const list = (query: Record<string, string | number>) =>
      adminCall<AdminPage<AdminGiftPack>>(t.app, 'GET', '/gift-packs', { operator: editor, query });
    const page = await list({ gameId: other.id, pageSize: 2 });
    expect(page.data).toMatchObject({ total: 3, size: 2 });
    expect(page.data.records.map((p) => p.title)).toEqual(['分页礼包 3', '分页礼包 2']);
    expect(page.data.records[0]).toMatchObject({ gameName: '另一个游戏', total: 0, remaining: 0 });
    const byTitle = await list({ title: '分页礼包 1' });
    expect(byTitle.data.records.map((p) => p.title)).toEqual(['分页礼包 1']);
    const removed = await adminCall(t.app, 'DELETE', `/gift-packs/${byTitle.data.records[0].id}`, {
      operator: editor,
    });
    expect(removed).toMatchObject({ code: 0, data: null });
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'gift-pack.delete',
      target_id: String(byTitle.data.records[0].id),
      after_json: null,
    });
    expect((await list({ gameId: other.id })).data.total).toBe(2);
    expect((await list({ gameId: 'x' })).msg).toMatch(/^gameId: /);
  });

  it('keeps the packs of an unpublished game out of the gift centre', async () => {
    const typeId = await createType(t, '草稿分类');
    const draft = await createGame(t, { typeId, name: '草稿游戏' });
    await t.deps.db.kysely.updateTable('games').set({ published: 0 }).where('id', '=', draft.id).execute();
    const pack = await makePack({ gameId: draft.id, title: '草稿游戏礼包' });
    await importCodes(pack.data.id, 'lines', 'DRAFT-0001');
    const centre = await call(t.app, 'GET', '/api/v1/gift/center', {
      query: { currentPage: 1, pageSize: 50 },
    });
    expect(centre.data.records.map((p: { title: string }) => p.title)).not.toContain('草稿游戏礼包');
    expect(centre.data.records.map((p: { title: string }) => p.title)).toContain('新手礼包');
  });
});
