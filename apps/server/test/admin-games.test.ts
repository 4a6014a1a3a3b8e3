import type { AdminGame, AdminGameType } from '@ld/contract/admin/games';
import type { AdminPage } from '@ld/contract/admin/list';
import { CSRF_HEADER } from '@ld/contract/admin/roles';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { zipOf } from '../src/modules/games/seed-media.ts';
import { ADMIN_API, adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser } from './helpers/money.ts';

/** A multipart body with one file part, as the console's FormData sends it. */
function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----ldadmin7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 144, b: 255 } } })
    .png()
    .toBuffer();

// 游戏 through the console: what an editor saves is what the portal's game list, detail, search
// and home answer at the next request; paid games follow the portal's download rules.
describeDialects('admin games', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  let typeId: number;
  const announced: string[] = [];
  beforeAll(async () => {
    // A 1 MB package limit, so a package over it is cheap to send.
    t = await createTestApp(dialect, { PACKAGE_MAX_MB: '1' });
    editor = await operatorOf(t, 'editor');
    t.deps.changes.subscribe('games', () => announced.push('games'));
    const type = await adminCall<AdminGameType>(t.app, 'POST', '/game-types', {
      operator: editor,
      json: { name: '冒险' },
    });
    expect(type).toMatchObject({ code: 0, data: { name: '冒险', gameCount: 0 } });
    typeId = type.data.id;
  });
  afterAll(() => t?.close());

  const upload = async (path: string, body: ReturnType<typeof multipart>) => {
    const raw = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}${path}`,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        cookie: editor.cookie,
        [CSRF_HEADER]: editor.csrfToken,
        'x-forwarded-for': editor.ip,
      },
    });
    const json = raw.json() as { code: number; msg: string; data: AdminGame };
    return { status: raw.statusCode, ...json };
  };
  const portalList = async (keyword?: string) =>
    (await postForm(t.app, '/api/web/game/list', { currentPage: 1, pageSize: 50, keyword })).data
      .records as Array<{
      name: string;
      appID: number;
    }>;
  const portalDetail = (appID: number) => postForm(t.app, '/api/web/game/detail', { appID });
  const create = (json: Record<string, unknown>) =>
    adminCall<AdminGame>(t.app, 'POST', '/games', { operator: editor, json: { typeId, ...json } });

  it('creates a draft the portal does not show; with an icon it publishes and the portal shows it at once', async () => {
    const draft = await create({
      name: '  云海迷踪 ',
      tags: ['冒险', '解谜'],
      description: '穿过云海。',
      version: '1.2.0',
    });
    expect(draft).toMatchObject({
      code: 0,
      data: { name: '云海迷踪', typeName: '冒险', published: false, icon: '', onlineType: 0, buyAmount: 0 },
    });
    expect(draft.data.appID).toBeGreaterThanOrEqual(10001);
    expect((await portalList('云海')).length).toBe(0);
    expect((await portalDetail(draft.data.appID)).status).toBe(404);

    const early = await adminCall(t.app, 'PATCH', `/games/${draft.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(early).toMatchObject({ status: 400, msg: 'published: 请先上传图标再发布' });

    const icon = await upload(
      `/games/${draft.data.id}/icon`,
      multipart('file', 'icon.png', 'image/png', await png(900, 600)),
    );
    expect(icon.code).toBe(0);
    expect(icon.data.icon).toMatch(/^\/uploads\/games\/[0-9a-f]+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: icon.data.icon });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const shot = await upload(
      `/games/${draft.data.id}/screenshots`,
      multipart('file', 's.png', 'image/png', await png(2000, 1000)),
    );
    expect(shot.data.screenshots).toHaveLength(1);
    expect(
      (
        await sharp(
          (
            await t.app.inject({ method: 'GET', url: shot.data.screenshots[0] })
          ).rawPayload,
        ).metadata()
      ).width,
    ).toBe(1280);

    const before = announced.length;
    const published = await adminCall<AdminGame>(t.app, 'PATCH', `/games/${draft.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(published.data.published).toBe(true);
    expect(announced.length).toBe(before + 1);
    expect((await portalList('云海')).map((g) => g.name)).toEqual(['云海迷踪']);
    expect((await portalDetail(draft.data.appID)).data).toMatchObject({
      name: '云海迷踪',
      icon: icon.data.icon,
      screenshots: shot.data.screenshots,
      tags: ['冒险', '解谜'],
      typeName: '冒险',
      version: '1.2.0',
    });
    // A new game goes first in the portal's order.
    expect((await portalList())[0].name).toBe('云海迷踪');
    // Search and the home read the same list.
    const search = await call(t.app, 'GET', '/api/v1/search', { query: { keyword: '云海', kind: 'game' } });
    expect(search.data.groups[0].items.map((r: { title: string }) => r.title)).toEqual(['云海迷踪']);

    await adminCall(t.app, 'PATCH', `/games/${draft.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await portalList('云海')).length).toBe(0);
    expect((await portalDetail(draft.data.appID)).status).toBe(404);
    const renamed = await adminCall<AdminGame>(t.app, 'PATCH', `/games/${draft.data.id}`, {
      operator: editor,
      json: { name: '云海迷踪 重制版' },
    });
    expect(renamed.data).toMatchObject({ name: '云海迷踪 重制版', published: false });
    const rows = (await auditRows(t)).filter(
      (r) => r.target_type === 'game' && r.target_id === String(draft.data.id),
    );
    expect(rows.map((r) => r.action)).toEqual([
      'game.create',
      'game.icon',
      'game.screenshot-add',
      'game.publish',
      'game.unpublish',
      'game.update',
    ]);
    expect(JSON.parse(rows[5].before_json ?? '{}')).toMatchObject({ name: '云海迷踪' });
    expect(JSON.parse(rows[5].after_json ?? '{}')).toMatchObject({ name: '云海迷踪 重制版' });
    // The type made for this suite (beforeAll) is audited too.
    expect((await auditRows(t)).filter((r) => r.action === 'game-type.create').length).toBeGreaterThan(0);
  });

  it('refuses a picture that is not an image, naming file, and stores nothing', async () => {
    const game = await create({ name: '坏图测试' });
    const audits = (await auditRows(t)).length;
    const fake = await upload(
      `/games/${game.data.id}/icon`,
      multipart('file', 'x.png', 'image/png', Buffer.from('not an image at all, sorry')),
    );
    expect(fake).toMatchObject({ status: 400, msg: 'file: 只支持 JPG、PNG、WebP 或 GIF 图片' });
    const wrongField = await upload(
      `/games/${game.data.id}/icon`,
      multipart('picture', 'x.png', 'image/png', await png(10, 10)),
    );
    expect(wrongField.msg).toBe('file: 请选择要上传的图片');
    const missing = await upload(
      '/games/999999/icon',
      multipart('file', 'x.png', 'image/png', await png(10, 10)),
    );
    expect(missing.status).toBe(404);
    expect((await auditRows(t)).length).toBe(audits);
    expect(
      (await adminCall<AdminGame>(t.app, 'GET', `/games/${game.data.id}`, { operator: editor })).data.icon,
    ).toBe('');
  });

  it('a paid game follows the portal purchase rules: a non-member pays buyAmount once', async () => {
    const game = await create({ name: '付费冒险', onlineType: 1, buyAmount: 30 });
    expect(game.data).toMatchObject({ onlineType: 1, buyAmount: 30 });
    await upload(`/games/${game.data.id}/icon`, multipart('file', 'i.png', 'image/png', await png(64, 64)));
    await adminCall(t.app, 'PATCH', `/games/${game.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    // No package yet: the portal says so instead of charging.
    const user = await createUser(t, { coins: 100 });
    const none = await postForm(t.app, `/api/user/game/download/${game.data.id}`, { platformType: 1 }, user);
    expect(none.code).toBe(1);
    expect(await balanceOf(t, user.id)).toBe(100);
    const detail = await portalDetail(game.data.appID);
    expect(detail.data).toMatchObject({ onlineType: 1, buyAmount: 30, memberFree: true, platforms: [] });
  });

  it('refuses a price that does not fit the kind, naming buyAmount, on create and on edit', async () => {
    const paidFree = await create({ name: '免费却收费', onlineType: 1, buyAmount: 0 });
    expect(paidFree).toMatchObject({ status: 400, msg: 'buyAmount: 付费游戏须设置价格（至少 1 钻石）' });
    const freePaid = await create({ name: '收费却免费', onlineType: 0, buyAmount: 5 });
    expect(freePaid.msg).toBe('buyAmount: 免费游戏的价格须为 0，收费请选择付费');
    const game = await create({ name: '改价测试' });
    const audits = (await auditRows(t)).length;
    const edit = await adminCall(t.app, 'PATCH', `/games/${game.data.id}`, {
      operator: editor,
      json: { onlineType: 1 },
    });
    expect(edit).toMatchObject({ status: 400, msg: 'buyAmount: 付费游戏须设置价格（至少 1 钻石）' });
    expect((await auditRows(t)).length).toBe(audits);
    const ok = await adminCall<AdminGame>(t.app, 'PATCH', `/games/${game.data.id}`, {
      operator: editor,
      json: { onlineType: 1, buyAmount: 12 },
    });
    expect(ok.data).toMatchObject({ onlineType: 1, buyAmount: 12 });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await auditRows(t)).length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ typeId, name: '' }, /^name: 请填写游戏名称/],
      [{ name: 'x' }, /^typeId: /],
      [{ typeId: 999999, name: '无分类' }, /^typeId: 游戏分类不存在/],
      [{ typeId, name: 'x', tags: ['a', 'a'] }, /^tags: 标签不能重复/],
      [{ typeId, name: 'x', tags: ['一二三四五六七八九十一二三'] }, /^tags\.0: 每个标签最多 12 字/],
      [{ typeId, name: 'x', onlineType: 2 }, /^onlineType: /],
      [{ typeId, name: 'x', onlineType: 1, buyAmount: -1 }, /^buyAmount: 价格不能为负数/],
      [{ typeId, name: 'x', published: true }, /^published: 请先上传图标再发布/],
    ];
    for (const [json, msg] of cases) {
      const answer = await adminCall(t.app, 'POST', '/games', { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg).toMatch(msg);
    }
    const game = await create({ name: '截图校验' });
    const screenshots = await adminCall(t.app, 'PATCH', `/games/${game.data.id}`, {
      operator: editor,
      json: { screenshots: ['/uploads/elsewhere.webp'] },
    });
    expect(screenshots.msg).toBe('screenshots: 截图只能在已上传的截图中排序或删除');
    expect(
      (await adminCall(t.app, 'PATCH', `/games/${game.data.id}`, { operator: editor, json: {} })).msg,
    ).toMatch(/^name: 至少修改一项/);
    expect(
      (await adminCall(t.app, 'GET', '/games', { operator: editor, query: { published: 'maybe' } })).msg,
    ).toMatch(/^published: /);
    expect(
      (await adminCall(t.app, 'GET', '/games', { operator: editor, query: { sort: 'price' } })).msg,
    ).toMatch(/^sort: /);
    expect(
      (await adminCall(t.app, 'POST', '/game-types', { operator: editor, json: { name: '冒险' } })).msg,
    ).toBe('name: 已有同名分类');
    expect((await auditRows(t)).length).toBe(before + 1);
  });

  it('lists with server paging, sorting and filters by name, type and published', async () => {
    const other = await adminCall<AdminGameType>(t.app, 'POST', '/game-types', {
      operator: editor,
      json: { name: '列表分类' },
    });
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(1000);
      const made = await adminCall<AdminGame>(t.app, 'POST', '/games', {
        operator: editor,
        json: { typeId: other.data.id, name: `列表游戏 ${i}` },
      });
      if (i % 2 === 1) {
        await upload(
          `/games/${made.data.id}/icon`,
          multipart('file', 'i.png', 'image/png', await png(32, 32)),
        );
        await adminCall(t.app, 'PATCH', `/games/${made.data.id}`, {
          operator: editor,
          json: { published: true },
        });
      }
    }
    const list = (query: Record<string, string | number>) =>
      adminCall<AdminPage<AdminGame>>(t.app, 'GET', '/games', { operator: editor, query });
    const first = await list({ name: '列表游戏', pageSize: 2 });
    expect(first.data).toMatchObject({ total: 5, current: 1, size: 2 });
    // Default: the portal's order (highest sort first): the newest game is on top.
    expect(first.data.records.map((g) => g.name)).toEqual(['列表游戏 5', '列表游戏 4']);
    const third = await list({ name: '列表游戏', pageSize: 2, currentPage: 3 });
    expect(third.data.records.map((g) => g.name)).toEqual(['列表游戏 1']);
    const byName = await list({ typeId: other.data.id, sort: 'name', order: 'asc' });
    expect(byName.data.records.map((g) => g.name)).toEqual([
      '列表游戏 1',
      '列表游戏 2',
      '列表游戏 3',
      '列表游戏 4',
      '列表游戏 5',
    ]);
    const published = await list({ typeId: other.data.id, published: 'true' });
    expect(published.data.records.map((g) => g.name)).toEqual(['列表游戏 5', '列表游戏 3', '列表游戏 1']);
    const drafts = await list({ typeId: other.data.id, published: 'false' });
    expect(drafts.data.total).toBe(2);
    expect((await list({ name: '%' })).data.total).toBe(0);
    const types = await adminCall<AdminGameType[]>(t.app, 'GET', '/game-types', { operator: editor });
    expect(types.data.find((x) => x.id === other.data.id)?.gameCount).toBe(5);
    // The portal's tab shows the published ones, in the same order.
    const tab = await postForm(t.app, '/api/web/game/list', {
      type: other.data.id,
      currentPage: 1,
      pageSize: 10,
    });
    expect(tab.data.records.map((g: { name: string }) => g.name)).toEqual([
      '列表游戏 5',
      '列表游戏 3',
      '列表游戏 1',
    ]);
  });

  it('moves a game up and down in the portal order', async () => {
    const other = await adminCall<AdminGameType>(t.app, 'POST', '/game-types', {
      operator: editor,
      json: { name: '排序分类' },
    });
    const ids: number[] = [];
    for (const name of ['甲', '乙', '丙']) {
      const made = await adminCall<AdminGame>(t.app, 'POST', '/games', {
        operator: editor,
        json: { typeId: other.data.id, name },
      });
      await upload(`/games/${made.data.id}/icon`, multipart('file', 'i.png', 'image/png', await png(32, 32)));
      await adminCall(t.app, 'PATCH', `/games/${made.data.id}`, {
        operator: editor,
        json: { published: true },
      });
      ids.push(made.data.id);
    }
    const order = async () =>
      (
        await postForm(t.app, '/api/web/game/list', { type: other.data.id, currentPage: 1, pageSize: 10 })
      ).data.records.map((g: { name: string }) => g.name);
    expect(await order()).toEqual(['丙', '乙', '甲']);
    await adminCall(t.app, 'POST', `/games/${ids[0]}/move`, { operator: editor, json: { direction: 'up' } });
    expect(await order()).toEqual(['丙', '甲', '乙']);
    await adminCall(t.app, 'POST', `/games/${ids[2]}/move`, {
      operator: editor,
      json: { direction: 'down' },
    });
    expect(await order()).toEqual(['甲', '丙', '乙']);
    // Setting the sort value places it directly.
    await adminCall(t.app, 'PATCH', `/games/${ids[1]}`, { operator: editor, json: { sort: 1_000_000 } });
    expect(await order()).toEqual(['乙', '甲', '丙']);
    const moves = (await auditRows(t)).filter((r) => r.action.startsWith('game.move')).map((r) => r.action);
    expect(moves).toEqual(['game.move-up', 'game.move-down']);
  });

  it('takes packages streamed to storage; a paid game then charges a non-member once and serves the file', async () => {
    const game = await create({ name: '安装包游戏', onlineType: 1, buyAmount: 25 });
    await upload(`/games/${game.data.id}/icon`, multipart('file', 'i.png', 'image/png', await png(64, 64)));
    await adminCall(t.app, 'PATCH', `/games/${game.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    const apk = zipOf([{ name: 'README.txt', text: '安装包内容'.repeat(20_000) }]);
    const android = await upload(
      `/games/${game.data.id}/packages/android`,
      multipart('file', '安装包游戏.apk', 'application/octet-stream', apk),
    );
    expect(android.code).toBe(0);
    expect(android.data).toMatchObject({ hasAndroid: true, hasIos: false, size: apk.length });
    const detail = await portalDetail(game.data.appID);
    expect(detail.data).toMatchObject({ platforms: [1], size: apk.length });

    const user = await createUser(t, { coins: 100 });
    const bought = await postForm(
      t.app,
      `/api/user/game/download/${game.data.id}`,
      { platformType: 1 },
      user,
    );
    expect(bought.data).toMatchObject({ charged: 25, coinNum: 75 });
    const again = await postForm(t.app, `/api/user/game/download/${game.data.id}`, { platformType: 1 }, user);
    expect(again.data).toMatchObject({ charged: 0, coinNum: 75 });
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(bought.data.url).pathname + new URL(bought.data.url).search,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(apk)).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(75);

    // A new package replaces the old one, whose file goes.
    const first = (
      await t.deps.db.kysely
        .selectFrom('games')
        .select('android_package')
        .where('id', '=', game.data.id)
        .executeTakeFirstOrThrow()
    ).android_package!;
    const newer = zipOf([{ name: 'README.txt', text: 'v2' }]);
    await upload(
      `/games/${game.data.id}/packages/android`,
      multipart('file', 'v2.apk', 'application/octet-stream', newer),
    );
    expect(await t.deps.storage.exists(first)).toBe(false);
    expect((await portalDetail(game.data.appID)).data.size).toBe(newer.length);
    // Packages are never public files.
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${first}` })).statusCode).toBe(404);
    const actions = (await auditRows(t))
      .filter((r) => r.target_type === 'game' && r.target_id === String(game.data.id))
      .map((r) => r.action);
    expect(actions.filter((a) => a === 'game.package-android')).toHaveLength(2);

    // The iOS package beside it: the portal offers both platforms and serves the .ipa for iOS.
    const ipa = zipOf([{ name: 'Payload/Game.app/Info.plist', text: '<plist/>' }]);
    const ios = await upload(
      `/games/${game.data.id}/packages/ios`,
      multipart('file', '安装包游戏.ipa', 'application/octet-stream', ipa),
    );
    expect(ios.code, ios.msg).toBe(0);
    expect(ios.data).toMatchObject({ hasAndroid: true, hasIos: true });
    expect((await portalDetail(game.data.appID)).data.platforms).toEqual([1, 2]);
    const iosLink = await postForm(
      t.app,
      `/api/user/game/download/${game.data.id}`,
      { platformType: 2 },
      user,
    );
    expect(iosLink.data).toMatchObject({ charged: 0 });
    const iosFile = await t.app.inject({
      method: 'GET',
      url: new URL(iosLink.data.url).pathname + new URL(iosLink.data.url).search,
    });
    expect(iosFile.statusCode).toBe(200);
    expect(iosFile.rawPayload.equals(ipa)).toBe(true);
  });

  it('refuses a package over the limit with 413, a wrong type or a non-archive with 400, keeping nothing', async () => {
    const game = await create({ name: '超限游戏' });
    const audits = (await auditRows(t)).length;
    const stored = async () => {
      const listing = await import('node:fs/promises').then((fs) =>
        fs.readdir(`${t.deps.config.dataDir}/uploads/packages/${game.data.id}`).catch(() => [] as string[]),
      );
      return listing.length;
    };
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1024 * 1024 + 10, 7)]);
    const over = await upload(
      `/games/${game.data.id}/packages/android`,
      multipart('file', 'big.apk', 'application/octet-stream', big),
    );
    expect(over).toMatchObject({ status: 413, msg: 'file: 安装包不能超过 1MB' });
    const wrongType = await upload(
      `/games/${game.data.id}/packages/ios`,
      multipart('file', 'game.apk', 'application/octet-stream', zipOf([{ name: 'a', text: 'b' }])),
    );
    expect(wrongType).toMatchObject({ status: 400, msg: 'file: 安装包只支持 .ipa 文件' });
    const notZip = await upload(
      `/games/${game.data.id}/packages/android`,
      multipart(
        'file',
        'fake.apk',
        'application/octet-stream',
        Buffer.from('just some text, not an archive'),
      ),
    );
    expect(notZip).toMatchObject({ status: 400 });
    expect(notZip.msg).toMatch(/^file: 不是有效的安卓安装包/);
    const platform = await upload(
      `/games/${game.data.id}/packages/windows`,
      multipart('file', 'x.exe', 'application/octet-stream', Buffer.from('MZ')),
    );
    expect(platform.msg).toMatch(/^platform: /);
    expect(await stored()).toBe(0);
    expect((await auditRows(t)).length).toBe(audits);
    expect(
      (await adminCall<AdminGame>(t.app, 'GET', `/games/${game.data.id}`, { operator: editor })).data,
    ).toMatchObject({ hasAndroid: false, hasIos: false });
  });
});
