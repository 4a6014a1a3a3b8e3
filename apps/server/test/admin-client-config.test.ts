import type { AdminConfigKey } from '@ld/contract/admin/client-config';
import type { AdminPage } from '@ld/contract/admin/list';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

// 客户端配置 through the console: what an editor saves is what the portal's config list answers
// at the next request; a key the environment sets is shown with the value that wins.
describeDialects('admin client config', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  beforeAll(async () => {
    t = await createTestApp(dialect, { APP_TITLE: '蓝钻乐园测试' });
    editor = await operatorOf(t, 'editor');
  });
  afterAll(() => t?.close());

  const portalConfig = async () =>
    Object.fromEntries(
      (
        await call<{ records: Array<{ key: string; value: string }> }>(
          t.app,
          'GET',
          '/api/v1/square/config/list',
          {
            query: { pageSize: 99 },
          },
        )
      ).data.records.map((i) => [i.key, i.value]),
    );

  it('creates, changes and deletes a key; the portal follows each step', async () => {
    const made = await adminCall<AdminConfigKey>(t.app, 'POST', '/client-config', {
      operator: editor,
      json: { key: 'customerServiceHours', value: ' 工作日 9:00-21:00 ' },
    });
    expect(made).toMatchObject({
      code: 0,
      data: { key: 'customerServiceHours', value: '工作日 9:00-21:00', environmentValue: null },
    });
    expect((await portalConfig()).customerServiceHours).toBe('工作日 9:00-21:00');
    await adminCall(t.app, 'PATCH', '/client-config/customerServiceHours', {
      operator: editor,
      json: { value: '每天 8:00-23:00' },
    });
    expect((await portalConfig()).customerServiceHours).toBe('每天 8:00-23:00');
    await adminCall(t.app, 'DELETE', '/client-config/customerServiceHours', { operator: editor });
    expect((await portalConfig()).customerServiceHours).toBeUndefined();

    const title = await adminCall<AdminConfigKey>(t.app, 'POST', '/client-config', {
      operator: editor,
      json: { key: 'appTitle', value: '数据库里的名字' },
    });
    expect(title.data.environmentValue).toBe('蓝钻乐园测试');
    expect((await portalConfig()).appTitle).toBe('蓝钻乐园测试');

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'client-config');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['client-config.create', 'customerServiceHours'],
      ['client-config.update', 'customerServiceHours'],
      ['client-config.delete', 'customerServiceHours'],
      ['client-config.create', 'appTitle'],
    ]);
    const list = await adminCall<AdminPage<AdminConfigKey>>(t.app, 'GET', '/client-config', {
      operator: editor,
      query: { key: 'title' },
    });
    expect(list.data.records.map((k) => k.key)).toEqual(['appTitle']);
  });

  it('turns phone auto-registration off and on, and refuses another value naming the field', async () => {
    await adminCall(t.app, 'POST', '/client-config', {
      operator: editor,
      json: { key: 'phoneLoginAutoRegister', value: '0' },
    });
    expect((await portalConfig()).phoneLoginAutoRegister).toBe('0');
    const audit = (await auditRows(t)).length;
    for (const json of [{ value: 'yes' }, { value: '' }]) {
      const answer = await adminCall(t.app, 'PATCH', '/client-config/phoneLoginAutoRegister', {
        operator: editor,
        json,
      });
      expect(answer.status, `${JSON.stringify(json)} ${answer.msg} ${JSON.stringify(answer.data)}`).toBe(400);
      expect(answer.msg.startsWith('value:'), answer.msg).toBe(true);
    }
    const cases: Array<[string, unknown]> = [
      ['key', { key: 'appTitle', value: '又一个' }],
      ['key', { key: '中文键', value: 'x' }],
      ['value', { key: 'newKey', value: 'x'.repeat(1025) }],
      ['value', { key: 'phoneLoginAutoRegister2', value: 'x'.repeat(1025) }],
    ];
    for (const [field, json] of cases) {
      const answer = await adminCall(t.app, 'POST', '/client-config', { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    expect((await auditRows(t)).length).toBe(audit);
    expect((await portalConfig()).phoneLoginAutoRegister).toBe('0');
    await adminCall(t.app, 'PATCH', '/client-config/phoneLoginAutoRegister', {
      operator: editor,
      json: { value: '1' },
    });
    expect((await portalConfig()).phoneLoginAutoRegister).toBe('1');
  });
});
