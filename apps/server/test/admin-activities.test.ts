import fs from 'node:fs';
import path from 'node:path';
import type { AdminActivity } from '@ld/contract/admin/activities';
import type { AdminPage } from '@ld/contract/admin/list';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepActivityBannerUploads } from '../src/modules/activities/jobs.ts';
import { ADMIN_API, adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, postForm, randomIp, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser } from './helpers/money.ts';
import { pngBytes } from './helpers/square.ts';

const HOUR = 3600_000;

// 活动中心 through the console: what an editor saves is what the portal's activity list and detail
// answer at the next request; a task's reward is fixed once a user claimed it.
describeDialects('admin activities', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    t.deps.changes.subscribe('activities', () => announced.push('activities'));
  });
  afterAll(() => t?.close());

  const iso = (offset: number) => new Date(t.clock.now() + offset).toISOString();
  const portalList = async () =>
    (
      await call<Array<{ id: number; title: string; status: string; rewardTotal: number }>>(
        t.app,
        'GET',
        '/api/v1/activity/list',
      )
    ).data;
  async function uploadBanner(bytes: Buffer, field = 'file') {
    const boundary = '----ldactivity7MA4YWxkTrZu0gW';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const raw = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_API}/activities/banner`,
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
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const activityCount = async () =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('activities')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const portalDetail = async (id: number, account?: { uid: string; token: string }) =>
    (await call(t.app, 'GET', `/api/v1/activity/${id}`, { account })).data;

  it('creates, edits, adds and edits tasks; the portal follows each step; a claimed reward stays', async () => {
    const a = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: ' 签到有礼 ',
        summary: '连续签到领钻石',
        banner: '/banners/checkin.webp',
        rulesHtml: '<p onclick="x()">每天<b>签到</b></p><script>1</script>',
        startTime: iso(-HOUR),
        endTime: iso(24 * HOUR),
      },
    });
    expect(a).toMatchObject({
      code: 0,
      data: {
        title: '签到有礼',
        status: 'ongoing',
        published: false,
        rulesHtml: '<p>每天<b>签到</b></p>',
        tasks: [],
      },
    });
    const id = a.data.id;
    // A draft is not in 活动中心, nor is its page.
    expect(await portalList()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/v1/activity/${id}`)).status).toBe(404);
    await adminCall(t.app, 'PATCH', `/activities/${id}`, { operator: editor, json: { published: true } });
    expect(await portalList()).toMatchObject([{ id, title: '签到有礼', status: 'ongoing', rewardTotal: 0 }]);

    const withTask = await adminCall<AdminActivity>(t.app, 'POST', `/activities/${id}/tasks`, {
      operator: editor,
      json: { kind: 'checkin', title: '签到1天', target: 1, reward: 5 },
    });
    expect(withTask.data.tasks).toMatchObject([
      { kind: 'checkin', title: '签到1天', target: 1, reward: 5, claims: 0 },
    ]);
    const taskId = withTask.data.tasks[0].id;
    expect(await portalDetail(id)).toMatchObject({
      rewardTotal: 5,
      tasks: [{ id: taskId, title: '签到1天', target: 1, reward: 5 }],
    });

    // Before anyone claims it, the reward may change; the portal shows the new one.
    await adminCall(t.app, 'PATCH', `/activities/${id}/tasks/${taskId}`, {
      operator: editor,
      json: { reward: 8, title: '签到一天' },
    });
    expect((await portalDetail(id)).tasks).toMatchObject([{ title: '签到一天', reward: 8 }]);

    // A task switched off leaves the page (and the total); claims made stay.
    const bonus = await adminCall<AdminActivity>(t.app, 'POST', `/activities/${id}/tasks`, {
      operator: editor,
      json: { kind: 'post', title: '发布1条动态', target: 1, reward: 20, sort: 1 },
    });
    const bonusId = bonus.data.tasks[1].id;
    expect(await portalDetail(id)).toMatchObject({ rewardTotal: 28, tasks: [{ reward: 8 }, { reward: 20 }] });
    await adminCall(t.app, 'PATCH', `/activities/${id}/tasks/${bonusId}`, {
      operator: editor,
      json: { enabled: false },
    });
    expect(await portalDetail(id)).toMatchObject({ rewardTotal: 8, tasks: [{ id: taskId }] });
    expect((await portalDetail(id)).tasks).toHaveLength(1);

    // A user checks in and claims 8 diamonds through the ledger.
    const user = await createUser(t);
    const checkin = await postForm(t.app, '/api/v1/checkin', { appID: 2008 }, user, {
      'x-forwarded-for': randomIp(),
    });
    expect(checkin.code).toBe(0);
    const before = await balanceOf(t, user.id);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activity/${id}/task/${taskId}/claim`,
      headers: { uid: user.uid, token: user.token, 'x-forwarded-for': randomIp() },
    });
    expect(claim.json()).toMatchObject({ code: 0, data: { reward: 8 } });
    expect(await balanceOf(t, user.id)).toBe(before + 8);

    // Now its reward is fixed: 400 naming reward, nothing changed; the title may still change.
    const refused = await adminCall(t.app, 'PATCH', `/activities/${id}/tasks/${taskId}`, {
      operator: editor,
      json: { reward: 100 },
    });
    expect(refused.status).toBe(400);
    expect(refused.msg.startsWith('reward:'), refused.msg).toBe(true);
    const renamed = await adminCall<AdminActivity>(t.app, 'PATCH', `/activities/${id}/tasks/${taskId}`, {
      operator: editor,
      json: { title: '签到 1 天', reward: 8 },
    });
    expect(renamed.data.tasks).toMatchObject([
      { title: '签到 1 天', reward: 8, claims: 1, enabled: true },
      { id: bonusId, enabled: false, claims: 0 },
    ]);
    expect((await portalDetail(id, user)).tasks).toMatchObject([
      { title: '签到 1 天', reward: 8, claimed: true },
    ]);

    // Moved to the future: the portal lists it as upcoming at the next request.
    const moved = await adminCall<AdminActivity>(t.app, 'PATCH', `/activities/${id}`, {
      operator: editor,
      json: { title: '签到季', startTime: iso(2 * HOUR), endTime: iso(48 * HOUR) },
    });
    expect(moved.data).toMatchObject({ title: '签到季', status: 'upcoming' });
    expect(await portalList()).toMatchObject([{ id, title: '签到季', status: 'upcoming', rewardTotal: 8 }]);

    // Two upcoming activities: 排序 orders them before their start times do.
    const c = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: '充值返利',
        banner: '/banners/pay.webp',
        startTime: iso(HOUR),
        endTime: iso(HOUR * 3),
        sort: 5,
        published: true,
      },
    });
    expect((await portalList()).map((r) => r.id)).toEqual([id, c.data.id]);
    await adminCall(t.app, 'PATCH', `/activities/${c.data.id}`, { operator: editor, json: { sort: 0 } });
    expect((await portalList()).map((r) => r.id)).toEqual([c.data.id, id]);
    await adminCall(t.app, 'PATCH', `/activities/${c.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await portalList()).map((r) => r.id)).toEqual([id]);

    const b = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: '阅读月',
        banner: '/banners/read.webp',
        startTime: iso(-48 * HOUR),
        endTime: iso(-HOUR),
      },
    });
    const drafts = await adminCall<AdminPage<AdminActivity>>(t.app, 'GET', '/activities', {
      operator: editor,
      query: { published: 'false', sort: 'id', order: 'asc' },
    });
    expect(drafts.data.records.map((r) => r.id)).toEqual([c.data.id, b.data.id]);
    const ended = await adminCall<AdminPage<AdminActivity>>(t.app, 'GET', '/activities', {
      operator: editor,
      query: { status: 'ended' },
    });
    expect(ended.data.records.map((r) => r.id)).toEqual([b.data.id]);
    const byTitle = await adminCall<AdminPage<AdminActivity>>(t.app, 'GET', '/activities', {
      operator: editor,
      query: { title: '签到', pageSize: '1' },
    });
    expect(byTitle.data).toMatchObject({ total: 1, records: [{ id, rewardTotal: 8 }] });

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'activity');
    expect(rows.map((r) => r.action)).toEqual([
      'activity.create',
      'activity.publish',
      'activity.task.create',
      'activity.task.update',
      'activity.task.create',
      'activity.task.disable',
      'activity.task.update',
      'activity.update',
      'activity.create',
      'activity.update',
      'activity.unpublish',
      'activity.create',
    ]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const a = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: { title: '邀请有礼', banner: '/banners/invite.webp', startTime: iso(0), endTime: iso(HOUR) },
    });
    const id = a.data.id;
    const good = { title: '活动', banner: '/banners/a.webp', startTime: iso(0), endTime: iso(HOUR) };
    const task = { kind: 'invite', title: '邀请1人', target: 1, reward: 10 };
    const before = {
      audit: (await auditRows(t)).length,
      list: await adminCall(t.app, 'GET', '/activities', { operator: editor }),
      portal: await portalList(),
    };
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown]> = [
      ['title', 'POST', '/activities', { ...good, title: ' ' }],
      ['title', 'POST', '/activities', { ...good, title: '活'.repeat(65) }],
      ['banner', 'POST', '/activities', { ...good, banner: 'https://evil.example/a.png' }],
      ['startTime', 'POST', '/activities', { ...good, startTime: '明天' }],
      ['endTime', 'POST', '/activities', { ...good, endTime: iso(-HOUR) }],
      ['endTime', 'PATCH', `/activities/${id}`, { endTime: iso(-HOUR) }],
      ['endTime', 'PATCH', `/activities/${id}`, { startTime: iso(HOUR), endTime: iso(0) }],
      ['endTime', 'PATCH', `/activities/${id}`, { startTime: iso(2 * HOUR) }],
      ['title', 'PATCH', `/activities/${id}`, {}],
      ['reward', 'POST', `/activities/${id}/tasks`, { ...task, reward: -1 }],
      ['reward', 'POST', `/activities/${id}/tasks`, { ...task, reward: 1.5 }],
      ['target', 'POST', `/activities/${id}/tasks`, { ...task, target: 0 }],
      ['kind', 'POST', `/activities/${id}/tasks`, { ...task, kind: 'dance' }],
      ['title', 'POST', `/activities/${id}/tasks`, { ...task, title: '' }],
      ['published', 'PATCH', `/activities/${id}`, { published: 'yes' }],
      ['sort', 'PATCH', `/activities/${id}`, { sort: -1 }],
      ['enabled', 'POST', `/activities/${id}/tasks`, { ...task, enabled: 1 }],
    ];
    for (const [field, method, path, json] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    const badFilter = await adminCall(t.app, 'GET', '/activities', {
      operator: editor,
      query: { status: 'soon' },
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.msg.startsWith('status:')).toBe(true);
    expect(
      (await adminCall(t.app, 'PATCH', `/activities/${id}/tasks/999999`, { operator: editor, json: task }))
        .status,
    ).toBe(404);
    expect((await auditRows(t)).length).toBe(before.audit);
    expect(await adminCall(t.app, 'GET', '/activities', { operator: editor })).toMatchObject({
      data: before.list.data,
    });
    expect(await portalList()).toEqual(before.portal);
  });

  it('uploads a banner re-encoded to WebP; 活动中心 shows it; a replaced or deleted banner file is removed', async () => {
    const first = await uploadBanner(await pngBytes(1920, 1080));
    expect(first.status).toBe(200);
    expect(first.data.url).toMatch(/^\/uploads\/activities\/[0-9a-f]+\.webp$/);
    const stored = await t.app.inject({ method: 'GET', url: first.data.url });
    expect(stored.statusCode).toBe(200);
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1280,
      height: 720,
    });

    const made = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: '横幅活动',
        banner: first.data.url,
        startTime: iso(-HOUR),
        endTime: iso(HOUR),
        published: true,
      },
    });
    expect(made.data.banner).toBe(first.data.url);
    const id = made.data.id;
    expect((await portalList()).find((a) => a.id === id)).toMatchObject({ banner: first.data.url });

    // Replaced: the portal shows the new picture at the next request and the old file is gone.
    const second = await uploadBanner(await pngBytes(800, 450));
    const replaced = await adminCall<AdminActivity>(t.app, 'PATCH', `/activities/${id}`, {
      operator: editor,
      json: { banner: second.data.url },
    });
    expect(replaced.data.banner).toBe(second.data.url);
    expect((await portalDetail(id)).banner).toBe(second.data.url);
    expect(await served(first.data.url)).toBe(404);
    expect(await served(second.data.url)).toBe(200);

    // A picture that is not stored, and a file that is not a picture: 400 in Chinese, nothing changed.
    const missing = await adminCall(t.app, 'PATCH', `/activities/${id}`, {
      operator: editor,
      json: { banner: '/uploads/activities/missing.webp' },
    });
    expect(missing).toMatchObject({ status: 400, msg: 'banner: 图片不存在，请重新上传' });
    const notImage = await uploadBanner(Buffer.from('not an image at all, just text'));
    expect(notImage).toMatchObject({ status: 400, msg: 'file: 只支持 JPG、PNG、WebP 或 GIF 图片' });
    expect((await portalDetail(id)).banner).toBe(second.data.url);

    // Deleted (nobody took part): its uploaded banner goes too.
    expect((await adminCall(t.app, 'DELETE', `/activities/${id}`, { operator: editor })).status).toBe(200);
    expect(await served(second.data.url)).toBe(404);
  });

  it('sweeps banner uploads no activity names a day later; saved and seeded pictures stay', async () => {
    const upload = async () => {
      const answer = await uploadBanner(await pngBytes(640, 360));
      expect(answer.status, answer.msg).toBe(200);
      return answer.data.url;
    };
    const fileOf = (url: string) =>
      path.join(t.deps.config.dataDir, 'uploads', ...url.slice('/uploads/'.length).split('/'));
    const age = (url: string, hours: number) => {
      const when = new Date(t.clock.now() - hours * HOUR);
      fs.utimesSync(fileOf(url), when, when);
    };
    const neverSaved = await upload();
    const recent = await upload();
    const saved = await upload();
    // A seeded banner sits in a sub-folder (activities/<n>/banner.webp) and is never swept.
    const seeded = await t.deps.storage.put('activities/99/banner.webp', await pngBytes(64, 36));
    const made = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: { title: '保留横幅', banner: saved, startTime: iso(-HOUR), endTime: iso(HOUR), published: true },
    });
    expect(made.status, made.msg).toBe(200);
    for (const url of [neverSaved, saved, seeded]) age(url, 30);
    age(recent, 23);

    expect(await sweepActivityBannerUploads.run(t.deps)).toBe(1);
    expect(await served(neverSaved)).toBe(404);
    for (const url of [recent, saved, seeded]) expect(await served(url)).toBe(200);
    expect((await portalDetail(made.data.id)).banner).toBe(saved);
    expect(await sweepActivityBannerUploads.run(t.deps)).toBe(0);
    expect(
      (await adminCall(t.app, 'DELETE', `/activities/${made.data.id}`, { operator: editor })).status,
    ).toBe(200);
  });

  it('deletes an activity or a task nobody took part in; one with participants is refused: take it down', async () => {
    const created = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: {
        title: '签到小活动',
        banner: '/banners/checkin.webp',
        startTime: iso(-HOUR),
        endTime: iso(HOUR),
        published: true,
      },
    });
    const id = created.data.id;
    const withTasks = await adminCall<AdminActivity>(t.app, 'POST', `/activities/${id}/tasks`, {
      operator: editor,
      json: { kind: 'checkin', title: '签到1天', target: 1, reward: 3 },
    });
    const claimed = withTasks.data.tasks[0].id;
    const spare = (
      await adminCall<AdminActivity>(t.app, 'POST', `/activities/${id}/tasks`, {
        operator: editor,
        json: { kind: 'post', title: '发1条动态', target: 1, reward: 4, sort: 1 },
      })
    ).data.tasks[1].id;

    // A task nobody claimed: deleted, audited, announced; the portal's page loses it.
    const heard = announced.length;
    const auditBefore = (await auditRows(t)).length;
    const afterDelete = await adminCall<AdminActivity>(t.app, 'DELETE', `/activities/${id}/tasks/${spare}`, {
      operator: editor,
    });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.data.tasks.map((x) => x.id)).toEqual([claimed]);
    expect((await portalDetail(id)).tasks.map((x: { id: number }) => x.id)).toEqual([claimed]);
    expect(announced.length).toBe(heard + 1);
    const taskAudit = (await auditRows(t)).slice(auditBefore);
    expect(taskAudit.map((r) => [r.action, r.target_id])).toEqual([['activity.task.delete', String(id)]]);
    expect(JSON.parse(taskAudit[0].before_json!)).toMatchObject({ task: { id: spare, title: '发1条动态' } });

    // A user claims the other task: now neither it nor the activity can be deleted.
    const user = await createUser(t);
    await postForm(t.app, '/api/v1/checkin', { appID: 2008 }, user, { 'x-forwarded-for': randomIp() });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activity/${id}/task/${claimed}/claim`,
      headers: { uid: user.uid, token: user.token, 'x-forwarded-for': randomIp() },
    });
    expect(claim.json()).toMatchObject({ code: 0 });
    const auditMid = (await auditRows(t)).length;
    const count = await activityCount();
    const refusedTask = await adminCall(t.app, 'DELETE', `/activities/${id}/tasks/${claimed}`, {
      operator: editor,
    });
    expect(refusedTask).toMatchObject({
      status: 400,
      msg: 'tid: 该任务已有 1 位用户参与（领取过奖励），不能删除；请改为停用（下线）',
    });
    const refused = await adminCall(t.app, 'DELETE', `/activities/${id}`, { operator: editor });
    expect(refused).toMatchObject({
      status: 400,
      msg: 'id: 该活动已有 1 位用户参与（领取过奖励），不能删除；请改为下线',
    });
    expect(await activityCount()).toBe(count);
    expect((await auditRows(t)).length).toBe(auditMid);
    expect((await portalDetail(id, user)).tasks).toMatchObject([{ id: claimed, claimed: true }]);

    // Not an editor's role, or not there: refused before anything.
    const moderator = await operatorOf(t, 'moderator');
    const other = await adminCall<AdminActivity>(t.app, 'POST', '/activities', {
      operator: editor,
      json: { title: '草稿', banner: '/banners/a.webp', startTime: iso(HOUR), endTime: iso(2 * HOUR) },
    });
    expect(
      (await adminCall(t.app, 'DELETE', `/activities/${other.data.id}`, { operator: moderator })).status,
    ).toBe(403);
    expect((await adminCall(t.app, 'DELETE', '/activities/999999', { operator: editor })).status).toBe(404);

    // Nobody took part in the draft: deleted with its tasks; audited with what it was; announced.
    await adminCall(t.app, 'POST', `/activities/${other.data.id}/tasks`, {
      operator: editor,
      json: { kind: 'read', title: '阅读3章', target: 3, reward: 2 },
    });
    const heardBefore = announced.length;
    const gone = await adminCall(t.app, 'DELETE', `/activities/${other.data.id}`, { operator: editor });
    expect(gone).toMatchObject({ status: 200, data: null });
    expect(announced.length).toBe(heardBefore + 1);
    expect((await adminCall(t.app, 'GET', `/activities/${other.data.id}`, { operator: editor })).status).toBe(
      404,
    );
    const tasksLeft = await t.deps.db.kysely
      .selectFrom('activity_tasks')
      .select('id')
      .where('activity_id', '=', other.data.id)
      .execute();
    expect(tasksLeft).toEqual([]);
    const last = (await auditRows(t)).at(-1)!;
    expect(last).toMatchObject({
      action: 'activity.delete',
      target_id: String(other.data.id),
      after_json: null,
    });
    expect(JSON.parse(last.before_json!)).toMatchObject({ title: '草稿', tasks: [{ title: '阅读3章' }] });
  });
});
