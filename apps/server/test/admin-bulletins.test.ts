import type { AdminBulletin } from '@ld/contract/admin/bulletins';
import type { AdminPage } from '@ld/contract/admin/list';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

// 公告 through the console: the exemplar admin resource. What an editor saves is what the portal's
// GET /api/v1/bulletin answers at the next request.
describeDialects('admin bulletins', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    t.deps.changes.subscribe('bulletins', () => announced.push('bulletins'));
  });
  afterAll(() => t?.close());

  const portalBulletin = async () =>
    (await call(t.app, 'GET', '/api/v1/bulletin', { query: { posType: 1 } })).data;

  it('creates a draft the portal does not show, publishes it and the portal shows it at once, cleaned', async () => {
    const draft = await adminCall<AdminBulletin>(t.app, 'POST', '/bulletins', {
      operator: editor,
      json: {
        title: '  停服维护通知 ',
        content: '<p onclick="steal()">今晚 <b>22:00</b> 维护</p><script>alert(1)</script>',
      },
    });
    expect(draft).toMatchObject({ code: 0, data: { title: '停服维护通知', posType: 1, published: false } });
    expect(draft.data.cleanContent).toBe('<p>今晚 <b>22:00</b> 维护</p>');
    expect(await portalBulletin()).toBeNull();
    const before = announced.length;
    t.clock.advance(1000);
    const published = await adminCall<AdminBulletin>(t.app, 'PATCH', `/bulletins/${draft.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(published.data).toMatchObject({ published: true, title: '停服维护通知' });
    expect(published.data.updateTime > draft.data.updateTime).toBe(true);
    expect(announced.length).toBe(before + 1);
    expect(await portalBulletin()).toEqual({
      id: draft.data.id,
      title: '停服维护通知',
      createTime: draft.data.createTime,
      content: '<p>今晚 <b>22:00</b> 维护</p>',
    });
    const rows = (await auditRows(t)).filter((r) => r.target_type === 'bulletin');
    expect(rows.map((r) => r.action)).toEqual(['bulletin.create', 'bulletin.publish']);
  });

  it('edits a published bulletin, unpublishes and deletes it; the portal follows each step', async () => {
    const made = await adminCall<AdminBulletin>(t.app, 'POST', '/bulletins', {
      operator: editor,
      json: { title: '活动预告', content: '<p>周末活动</p>', published: true },
    });
    expect((await portalBulletin()).title).toBe('活动预告');
    const edited = await adminCall<AdminBulletin>(t.app, 'PATCH', `/bulletins/${made.data.id}`, {
      operator: editor,
      json: { title: '活动预告（更新）' },
    });
    expect(edited.data).toMatchObject({
      title: '活动预告（更新）',
      content: '<p>周末活动</p>',
      published: true,
    });
    expect((await portalBulletin()).title).toBe('活动预告（更新）');
    await adminCall(t.app, 'PATCH', `/bulletins/${made.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await portalBulletin()).title).toBe('停服维护通知');
    const removed = await adminCall(t.app, 'DELETE', `/bulletins/${made.data.id}`, { operator: editor });
    expect(removed).toMatchObject({ code: 0, data: null });
    expect((await adminCall(t.app, 'GET', `/bulletins/${made.data.id}`, { operator: editor })).status).toBe(
      404,
    );
    const deletion = (await auditRows(t)).at(-1);
    expect(deletion).toMatchObject({ action: 'bulletin.delete', after_json: null });
    expect(JSON.parse(deletion?.before_json ?? '{}')).toMatchObject({
      title: '活动预告（更新）',
      published: false,
    });
    const actions = (await auditRows(t))
      .filter((r) => r.target_id === String(made.data.id))
      .map((r) => r.action);
    expect(actions).toEqual(['bulletin.create', 'bulletin.update', 'bulletin.unpublish', 'bulletin.delete']);
  });

  it('lists with server paging, sorting and filters', async () => {
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(1000);
      await adminCall(t.app, 'POST', '/bulletins', {
        operator: editor,
        json: { title: `分页公告 ${i}`, content: `<p>${i}</p>`, published: i % 2 === 1 },
      });
    }
    const list = (query: Record<string, string | number>) =>
      adminCall<AdminPage<AdminBulletin>>(t.app, 'GET', '/bulletins', { operator: editor, query });
    const first = await list({ title: '分页', pageSize: 2, currentPage: 1 });
    expect(first.data).toMatchObject({ total: 5, current: 1, size: 2 });
    expect(first.data.records.map((r) => r.title)).toEqual(['分页公告 5', '分页公告 4']);
    const third = await list({ title: '分页', pageSize: 2, currentPage: 3 });
    expect(third.data.records.map((r) => r.title)).toEqual(['分页公告 1']);
    const ascending = await list({ title: '分页', sort: 'title', order: 'asc', pageSize: 10 });
    expect(ascending.data.records.map((r) => r.title)).toEqual([
      '分页公告 1',
      '分页公告 2',
      '分页公告 3',
      '分页公告 4',
      '分页公告 5',
    ]);
    const published = await list({ title: '分页', published: 'true' });
    expect(published.data.records.map((r) => r.title)).toEqual(['分页公告 5', '分页公告 3', '分页公告 1']);
    // `%` and `_` in a filter are text, not wildcards.
    expect((await list({ title: '%' })).data.total).toBe(0);
    const bad = await list({ published: 'maybe' });
    expect(bad).toMatchObject({ status: 400, msg: 'published: published 只能是 true 或 false' });
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await auditRows(t)).length;
    const cases: Array<[unknown, RegExp]> = [
      [{ content: '<p>x</p>' }, /^title: 请填写标题/],
      [{ title: 'x'.repeat(129), content: 'y' }, /^title: 标题最多 128 字/],
      [{ title: 'ok', content: '   ' }, /^content: 请填写内容/],
      [{ title: 'ok', content: 'y', posType: 0 }, /^posType: /],
      [{ title: 'ok', content: 'y', published: 'yes' }, /^published: /],
    ];
    for (const [json, msg] of cases) {
      const answer = await adminCall(t.app, 'POST', '/bulletins', { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg).toMatch(msg);
    }
    expect((await adminCall(t.app, 'PATCH', '/bulletins/1', { operator: editor, json: {} })).msg).toMatch(
      /^title: 至少修改一项/,
    );
    expect(
      (await adminCall(t.app, 'PATCH', '/bulletins/abc', { operator: editor, json: { title: 'x' } })).msg,
    ).toMatch(/^id: /);
    expect((await auditRows(t)).length).toBe(before);
  });
});
