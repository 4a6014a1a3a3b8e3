import type { AdminFaq } from '@ld/contract/admin/faqs';
import type { AdminPage } from '@ld/contract/admin/list';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

// 常见问题 through the console: what an editor saves is what GET /api/v1/faq answers at the next
// request, its answer cleaned as served.
describeDialects('admin faqs', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    editor = await operatorOf(t, 'editor');
  });
  afterAll(() => t?.close());

  const portalFaqs = async () =>
    (await call<Array<{ id: number; question: string; answer: string }>>(t.app, 'GET', '/api/v1/faq')).data;

  it('drafts, publishes, reorders, edits, takes down and deletes; the FAQ page follows each step', async () => {
    const a = await adminCall<AdminFaq>(t.app, 'POST', '/faqs', {
      operator: editor,
      json: {
        question: ' 如何充值？ ',
        answer: '<p onclick="x()">进入<b>充值</b>页</p><script>1</script>',
        sort: 2,
      },
    });
    expect(a).toMatchObject({
      code: 0,
      data: { question: '如何充值？', cleanAnswer: '<p>进入<b>充值</b>页</p>', published: false },
    });
    expect(await portalFaqs()).toEqual([]);
    await adminCall(t.app, 'PATCH', `/faqs/${a.data.id}`, { operator: editor, json: { published: true } });
    expect(await portalFaqs()).toEqual([
      { id: a.data.id, question: '如何充值？', answer: '<p>进入<b>充值</b>页</p>' },
    ]);

    const b = await adminCall<AdminFaq>(t.app, 'POST', '/faqs', {
      operator: editor,
      json: { question: '会员有什么好处？', answer: '付费游戏免费下载', sort: 1, published: true },
    });
    expect((await portalFaqs()).map((f) => f.id)).toEqual([b.data.id, a.data.id]);
    await adminCall(t.app, 'PATCH', `/faqs/${a.data.id}`, {
      operator: editor,
      json: { sort: 0, answer: '<p>点「充值」</p>' },
    });
    expect(await portalFaqs()).toEqual([
      { id: a.data.id, question: '如何充值？', answer: '<p>点「充值」</p>' },
      { id: b.data.id, question: '会员有什么好处？', answer: '付费游戏免费下载' },
    ]);
    await adminCall(t.app, 'PATCH', `/faqs/${b.data.id}`, { operator: editor, json: { published: false } });
    expect((await portalFaqs()).map((f) => f.id)).toEqual([a.data.id]);
    expect((await adminCall(t.app, 'DELETE', `/faqs/${a.data.id}`, { operator: editor })).code).toBe(0);
    expect(await portalFaqs()).toEqual([]);

    const list = await adminCall<AdminPage<AdminFaq>>(t.app, 'GET', '/faqs', {
      operator: editor,
      query: { question: '会员', published: 'false' },
    });
    expect(list.data.records.map((f) => f.id)).toEqual([b.data.id]);
    const rows = (await auditRows(t)).filter((r) => r.target_type === 'faq');
    expect(rows.map((r) => r.action)).toEqual([
      'faq.create',
      'faq.publish',
      'faq.create',
      'faq.update',
      'faq.unpublish',
      'faq.delete',
    ]);
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const before = {
      audit: (await auditRows(t)).length,
      faqs: await adminCall(t.app, 'GET', '/faqs', { operator: editor }),
    };
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown]> = [
      ['question', 'POST', '/faqs', { question: ' ', answer: '答' }],
      ['question', 'POST', '/faqs', { question: '问'.repeat(256), answer: '答' }],
      ['answer', 'POST', '/faqs', { question: '问' }],
      ['answer', 'POST', '/faqs', { question: '问', answer: '答'.repeat(20_001) }],
      ['sort', 'POST', '/faqs', { question: '问', answer: '答', sort: '1' }],
      ['question', 'PATCH', '/faqs/1', {}],
    ];
    for (const [field, method, path, json] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    const badFilter = await adminCall(t.app, 'GET', '/faqs', {
      operator: editor,
      query: { published: 'yes' },
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.msg.startsWith('published:')).toBe(true);
    expect((await auditRows(t)).length).toBe(before.audit);
    expect(await adminCall(t.app, 'GET', '/faqs', { operator: editor })).toMatchObject({
      data: before.faqs.data,
    });
  });
});
