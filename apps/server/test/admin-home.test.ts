import fs from 'node:fs';
import path from 'node:path';
import type { AdminActivity } from '@ld/contract/admin/activities';
import type { AdminBanner, AdminHomeSection } from '@ld/contract/admin/home';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Home } from '@ld/contract/home';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepHomeBannerUploads } from '../src/modules/home/jobs.ts';
import { ADMIN_API, adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';
import { createGame, createType } from './helpers/money.ts';
import { pngBytes } from './helpers/square.ts';

// 首页横幅 and 首页栏目 through the console: what an editor saves is what GET /api/v1/home answers
// at the next request, though the home is cached (the `home` announcement drops the cache).
describeDialects('admin home banners and sections', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    const type = await createType(t, '角色扮演');
    await createGame(t, { typeId: type, name: '剑侠情缘', sort: 9 });
  });
  afterAll(() => t?.close());

  const home = async () => (await call<Home>(t.app, 'GET', '/api/v1/home')).data;

  async function uploadBanner(bytes: Buffer, field = 'file') {
    const boundary = '----ldbanner7MA4YWxkTrZu0gW';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}/home-banners/image`,
      payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: editor.cookie,
        'x-csrf-token': editor.csrfToken,
        'x-forwarded-for': editor.ip,
      },
    });
    const body = raw.json();
    return { status: raw.statusCode, msg: body.msg as string, data: body.data as { url: string } };
  }

  it('starts with the two banners of spec §2 and the five sections in their usual order', async () => {
    const banners = await adminCall<AdminPage<AdminBanner>>(t.app, 'GET', '/home-banners', {
      operator: editor,
      query: { sort: 'sort', order: 'asc' },
    });
    expect(banners.data.records.map((b) => [b.alt, b.link, b.published])).toEqual([
      ['邀请好友，一起领钻', '/checkin', true],
      ['每日签到，连签有礼', '/checkin', true],
    ]);
    const sections = await adminCall<AdminPage<AdminHomeSection>>(t.app, 'GET', '/home-sections', {
      operator: editor,
    });
    expect(sections.data.records.map((s) => s.kind)).toEqual(['game', 'comic', 'novel', 'video', 'post']);
    expect((await home()).banners.map((b) => b.alt)).toEqual(['邀请好友，一起领钻', '每日签到，连签有礼']);
  });

  it('uploads a picture re-encoded to WebP, adds a banner, and the cached home shows it at once', async () => {
    expect((await home()).banners).toHaveLength(2); // now cached
    const uploaded = await uploadBanner(await pngBytes(2000, 760));
    expect(uploaded.status).toBe(200);
    expect(uploaded.data.url).toMatch(/^\/uploads\/banners\/[0-9a-f]+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1380 });

    const made = await adminCall<AdminBanner>(t.app, 'POST', '/home-banners', {
      operator: editor,
      json: { image: uploaded.data.url, alt: ' 新春充值返利 ', link: '/recharge', sort: 0, published: true },
    });
    expect(made).toMatchObject({
      code: 0,
      data: { alt: '新春充值返利', link: '/recharge', published: true },
    });
    expect((await home()).banners[0]).toEqual({
      image: uploaded.data.url,
      alt: '新春充值返利',
      to: '/recharge',
    });

    await adminCall(t.app, 'PATCH', `/home-banners/${made.data.id}`, { operator: editor, json: { sort: 5 } });
    expect((await home()).banners.map((b) => b.alt)).toEqual([
      '邀请好友，一起领钻',
      '每日签到，连签有礼',
      '新春充值返利',
    ]);
    await adminCall(t.app, 'PATCH', `/home-banners/${made.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await home()).banners).toHaveLength(2);
    const removed = await adminCall(t.app, 'DELETE', `/home-banners/${made.data.id}`, { operator: editor });
    expect(removed).toMatchObject({ code: 0, data: null });
    const actions = (await auditRows(t)).filter((r) => r.target_type === 'banner').map((r) => r.action);
    expect(actions).toEqual(['banner.create', 'banner.update', 'banner.unpublish', 'banner.delete']);
  });

  it('sweeps banner pictures no banner or activity names a day after their upload; saved ones stay', async () => {
    const upload = async () => {
      const answer = await uploadBanner(await pngBytes(1400, 530));
      expect(answer.status, answer.msg).toBe(200);
      return answer.data.url;
    };
    /** Makes the stored file look uploaded `hours` before the app's clock. */
    const age = (url: string, hours: number) => {
      const when = new Date(t.clock.now() - hours * 3600_000);
      const file = path.join(t.deps.config.dataDir, 'uploads', ...url.slice('/uploads/'.length).split('/'));
      fs.utimesSync(file, when, when);
    };
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

    const neverSaved = await upload();
    const recent = await upload();
    const saved = await upload();
    const replaced = await upload();
    const replacement = await upload();
    const namedByActivity = await upload();
    const banner = await adminCall<AdminBanner>(t.app, 'POST', '/home-banners', {
      operator: editor,
      json: { image: saved, alt: '保留的横幅', link: '/recharge', sort: 7, published: false },
    });
    expect(banner.status).toBe(200);
    const shown = await adminCall<AdminBanner>(t.app, 'PATCH', `/home-banners/${banner.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(shown.data.published).toBe(true);
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'banner.publish',
      target_id: String(banner.data.id),
    });
    const other = await adminCall<AdminBanner>(t.app, 'POST', '/home-banners', {
      operator: editor,
      json: { image: replaced, alt: '换图的横幅', link: '/recharge', sort: 8, published: false },
    });
    const changed = await adminCall<AdminBanner>(t.app, 'PATCH', `/home-banners/${other.data.id}`, {
      operator: editor,
      json: { image: replacement },
    });
    expect(changed.data.image).toBe(replacement);
    // An activity's banner may name any site path, a home banner upload included.
    const activity = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: '借用首页横幅的活动',
        banner: namedByActivity,
        startTime: new Date(t.clock.now()).toISOString(),
        endTime: new Date(t.clock.now() + 3600_000).toISOString(),
      },
    });
    expect(activity.status, activity.msg).toBe(200);

    for (const url of [neverSaved, saved, replaced, replacement, namedByActivity]) age(url, 25);
    age(recent, 23);
    expect(await sweepHomeBannerUploads.run(t.deps)).toBe(2);
    expect(await served(neverSaved)).toBe(404);
    expect(await served(replaced)).toBe(404);
    for (const url of [recent, saved, replacement, namedByActivity]) expect(await served(url)).toBe(200);
    // A second run (another process, the next hour) finds nothing more.
    expect(await sweepHomeBannerUploads.run(t.deps)).toBe(0);
    for (const id of [banner.data.id, other.data.id]) {
      await adminCall(t.app, 'DELETE', `/home-banners/${id}`, { operator: editor });
    }
    await adminCall(t.app, 'DELETE', `/activities/${activity.data.id}`, { operator: editor });
  });

  it('renames, moves and hides a section; the cached home follows', async () => {
    expect((await home()).sections.map((s) => s.title)).toEqual(['热门游戏']);
    const renamed = await adminCall<AdminHomeSection>(t.app, 'PATCH', '/home-sections/game', {
      operator: editor,
      json: { title: ' 精选游戏 ' },
    });
    expect(renamed.data).toMatchObject({ kind: 'game', title: '精选游戏', published: true });
    expect((await home()).sections.map((s) => [s.kind, s.title])).toEqual([['game', '精选游戏']]);
    await adminCall(t.app, 'PATCH', '/home-sections/game', { operator: editor, json: { published: false } });
    expect((await home()).sections).toEqual([]);
    await adminCall(t.app, 'PATCH', '/home-sections/game', { operator: editor, json: { published: true } });
    await adminCall(t.app, 'PATCH', '/home-sections/post', { operator: editor, json: { sort: 0 } });
    const order = await adminCall<AdminPage<AdminHomeSection>>(t.app, 'GET', '/home-sections', {
      operator: editor,
    });
    expect(order.data.records.map((s) => s.kind)).toEqual(['post', 'game', 'comic', 'novel', 'video']);
    const rows = (await auditRows(t)).filter((r) => r.target_type === 'home-section');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['home-section.update', 'game'],
      ['home-section.unpublish', 'game'],
      ['home-section.publish', 'game'],
      ['home-section.update', 'post'],
    ]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('home_banners')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { banners: await count(), audit: (await auditRows(t)).length, home: await home() };
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown]> = [
      ['image', 'POST', '/home-banners', { image: '', alt: '横幅', link: '/checkin' }],
      ['image', 'POST', '/home-banners', { image: '/uploads/banners/../../secret', alt: '横幅', link: '/' }],
      ['image', 'POST', '/home-banners', { image: '/uploads/banners/missing.webp', alt: '横幅', link: '/' }],
      ['alt', 'POST', '/home-banners', { image: '/banners/event.svg', alt: ' ', link: '/checkin' }],
      ['link', 'POST', '/home-banners', { image: '/banners/event.svg', alt: '横幅', link: '//evil.example' }],
      ['link', 'POST', '/home-banners', { image: '/banners/event.svg', alt: '横幅', link: 'http://a.cn' }],
      ['sort', 'POST', '/home-banners', { image: '/banners/event.svg', alt: '横幅', link: '/', sort: -1 }],
      ['alt', 'PATCH', '/home-banners/1', {}],
      ['title', 'PATCH', '/home-sections/novel', { title: '超'.repeat(17) }],
      ['kind', 'PATCH', '/home-sections/music', { title: '音乐' }],
      ['published', 'PATCH', '/home-sections/novel', { published: 1 }],
    ];
    for (const [field, method, path, json] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    const broken = await uploadBanner(Buffer.from('not an image at all, just text'));
    expect(broken).toMatchObject({ status: 400, msg: 'file: 只支持 JPG、PNG、WebP 或 GIF 图片' });
    const wrongField = await uploadBanner(await pngBytes(), 'picture');
    expect(wrongField.status).toBe(400);
    expect(wrongField.msg.startsWith('file:')).toBe(true);
    expect(await count()).toBe(before.banners);
    expect((await auditRows(t)).length).toBe(before.audit);
    expect(await home()).toEqual(before.home);
  });
});
