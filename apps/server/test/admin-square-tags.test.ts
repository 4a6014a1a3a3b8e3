import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminSquareTag } from '@ld/contract/admin/square-tags';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, registerUser, type TestApp } from './helpers/app.ts';
import { createPost, insertSquareFixtures } from './helpers/square.ts';

// 话题 through the console: what an editor saves is the square's tag list at the next request; a
// tag taken out of use is refused for new posts while its posts keep it.
describeDialects('admin square tags', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
    await insertSquareFixtures(t.app);
  });
  afterAll(() => t?.close());

  const portalTags = async () =>
    (await call<Array<{ id: number; tag: string }>>(t.app, 'GET', '/api/v1/square/tag/list')).data.map(
      (x) => x.tag,
    );

  it('creates a tag out of use, puts it in use and first; the square lists it and a post takes it', async () => {
    const before = await portalTags();
    const made = await adminCall<AdminSquareTag>(t.app, 'POST', '/square-tags', {
      operator: editor,
      json: { name: ' 新游预约 ', sort: 0 },
    });
    expect(made).toMatchObject({ code: 0, data: { name: '新游预约', published: false } });
    expect(await portalTags()).toEqual(before);
    const user = await registerUser(t.app);
    const early = await createPost(t.app, user, { content: '预约新游', tagId: made.data.id });
    expect(early).toMatchObject({ status: 400, msg: 'tagId: 话题不存在，请重新选择' });

    await adminCall(t.app, 'PATCH', `/square-tags/${made.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    // Sort 0 like 综合, after it by number.
    expect((await portalTags()).slice(0, 2)).toEqual(['综合', '新游预约']);
    const posted = await createPost(t.app, user, { content: '预约新游', tagId: made.data.id });
    expect(posted.code).toBe(0);

    await adminCall(t.app, 'PATCH', `/square-tags/${made.data.id}`, {
      operator: editor,
      json: { name: '新游首发', sort: 50 },
    });
    expect((await portalTags()).at(-1)).toBe('新游首发');
    await adminCall(t.app, 'PATCH', `/square-tags/${made.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect(await portalTags()).toEqual(before);
    // The post made under it keeps it.
    const mine = await call(t.app, 'GET', `/api/v1/square/post/${posted.data.id}`);
    expect(mine.data.tag).toEqual({ id: made.data.id, tag: '新游首发' });

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'square-tag');
    expect(rows.map((r) => r.action)).toEqual([
      'square-tag.create',
      'square-tag.publish',
      'square-tag.update',
      'square-tag.unpublish',
    ]);
    const list = await adminCall<AdminPage<AdminSquareTag>>(t.app, 'GET', '/square-tags', {
      operator: editor,
      query: { published: 'false' },
    });
    expect(list.data.records.map((x) => x.name)).toEqual(['新游首发']);
  });

  it('refuses a duplicate or bad tag with 400 naming the field, and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.deps.db.kysely
            .selectFrom('square_tags')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { tags: await count(), audit: (await auditRows(t)).length };
    const first = (
      await adminCall<AdminPage<AdminSquareTag>>(t.app, 'GET', '/square-tags', { operator: editor })
    ).data.records[0];
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown, string?]> = [
      ['name', 'POST', '/square-tags', { name: '综合' }, 'name: 话题「综合」已存在'],
      ['name', 'POST', '/square-tags', { name: '超'.repeat(33) }],
      ['sort', 'POST', '/square-tags', { name: '新话题', sort: 1.5 }],
      ['published', 'POST', '/square-tags', { name: '新话题', published: 'no' }],
      ['name', 'PATCH', `/square-tags/${first.id}`, { name: '闲聊' }, 'name: 话题「闲聊」已存在'],
      ['name', 'PATCH', `/square-tags/${first.id}`, {}],
    ];
    for (const [field, method, path, json, msg] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
      if (msg) expect(answer.msg).toBe(msg);
    }
    expect(await count()).toBe(before.tags);
    expect((await auditRows(t)).length).toBe(before.audit);
  });
});
