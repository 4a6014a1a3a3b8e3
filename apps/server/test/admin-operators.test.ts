import type { AuditEntry } from '@ld/contract/admin/audit';
import type { AdminPage } from '@ld/contract/admin/list';
import type { Operator as OperatorView } from '@ld/contract/admin/operators';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateOperator } from '../src/modules/operators/operators-service.ts';
import { audited } from '../src/modules/operators/public.ts';
import {
  adminCall,
  auditRows,
  loginRequest,
  makeOperator,
  type Operator,
  operatorOf,
} from './helpers/admin.ts';
import { createTestApp, describeDialects, type TestApp } from './helpers/app.ts';

describeDialects('admin operators and audit', (dialect) => {
  let t: TestApp;
  let admin: Operator;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await operatorOf(t, 'admin');
  });
  afterAll(() => t?.close());

  it('creates an operator who can log in; the audit row names the admin, the address and the new operator', async () => {
    const created = await adminCall<OperatorView>(t.app, 'POST', '/operators', {
      operator: admin,
      json: { name: 'New.Editor', role: 'editor', password: 'Fresh!pass42' },
    });
    expect(created.data).toMatchObject({
      name: 'new.editor',
      role: 'editor',
      disabled: false,
      totpEnabled: false,
      lastSeenTime: null,
    });
    expect((await loginRequest(t.app, 'new.editor', 'Fresh!pass42')).data.operator.role).toBe('editor');
    const row = (await auditRows(t)).at(-1);
    expect(row).toMatchObject({
      operator_id: admin.id,
      action: 'operator.create',
      target_type: 'operator',
      target_id: String(created.data.id),
      before_json: null,
      ip: admin.ip,
    });
    expect(JSON.parse(row?.after_json ?? 'null')).toEqual(created.data);
    expect(row?.after_json).not.toContain('Fresh!pass42');
    const again = await adminCall(t.app, 'POST', '/operators', {
      operator: admin,
      json: { name: 'NEW.editor', role: 'finance', password: 'Fresh!pass42' },
    });
    expect(again).toMatchObject({ code: 1, msg: '该操作员名已存在' });
  });

  it('refuses weak passwords with the rule, naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['Short!1', 'password: 密码至少 10 位'],
      ['alllowercase', 'password: 密码须包含大写字母、小写字母、数字、符号中的至少三种'],
      ['Password123', 'password: 密码过于常见，请换一个'],
      ['Weakling.name!1', 'password: 密码不能包含操作员名'],
    ];
    for (const [password, msg] of cases) {
      const answer = await adminCall(t.app, 'POST', '/operators', {
        operator: admin,
        json: { name: 'weakling.name', role: 'editor', password },
      });
      expect(answer, password).toMatchObject({ status: 400, code: 400, msg });
    }
    expect(
      (await adminCall(t.app, 'GET', '/operators', { operator: admin, query: { name: 'weakling' } })).data
        .total,
    ).toBe(0);
  });

  it('lists operators with paging, sorting and filters', async () => {
    for (const role of ['finance', 'finance', 'moderator'] as const)
      await makeOperator(t, role, { name: `lister_${role}_${Math.random().toString(36).slice(2, 6)}` });
    const page = await adminCall<AdminPage<OperatorView>>(t.app, 'GET', '/operators', {
      operator: admin,
      query: { name: 'LISTER', sort: 'name', order: 'asc', pageSize: 2, currentPage: 1 },
    });
    expect(page.data.total).toBe(3);
    expect(page.data.records.map((r) => r.role)).toEqual(['finance', 'finance']);
    const second = await adminCall<AdminPage<OperatorView>>(t.app, 'GET', '/operators', {
      operator: admin,
      query: { name: 'lister', sort: 'name', order: 'asc', pageSize: 2, currentPage: 2 },
    });
    expect(second.data.records.map((r) => r.role)).toEqual(['moderator']);
    const finance = await adminCall<AdminPage<OperatorView>>(t.app, 'GET', '/operators', {
      operator: admin,
      query: { role: 'finance', disabled: 'false' },
    });
    expect(finance.data.records.every((r) => r.role === 'finance')).toBe(true);
    const me = (
      await adminCall<AdminPage<OperatorView>>(t.app, 'GET', '/operators', {
        operator: admin,
        query: { name: admin.name },
      })
    ).data.records[0];
    expect(me.lastSeenTime).not.toBeNull();
    const bad = await adminCall(t.app, 'GET', '/operators', {
      operator: admin,
      query: { sort: 'password_hash' },
    });
    expect(bad).toMatchObject({ status: 400, msg: 'sort: sort 只能是 id、name、createTime' });
    const deep = await adminCall(t.app, 'GET', '/operators', {
      operator: admin,
      query: { currentPage: 600, pageSize: 20 },
    });
    expect(deep.status).toBe(400);
    expect(deep.msg).toMatch(/^currentPage: /);
  });

  it('changes a role (in force at the next call) and disables and enables, each audited with before and after', async () => {
    const target = await operatorOf(t, 'editor');
    expect((await adminCall(t.app, 'GET', '/bulletins', { operator: target })).status).toBe(200);
    const moved = await adminCall<OperatorView>(t.app, 'PATCH', `/operators/${target.id}`, {
      operator: admin,
      json: { role: 'finance' },
    });
    expect(moved.data.role).toBe('finance');
    expect((await adminCall(t.app, 'GET', '/bulletins', { operator: target })).status).toBe(403);
    await adminCall(t.app, 'PATCH', `/operators/${target.id}`, { operator: admin, json: { disabled: true } });
    await adminCall(t.app, 'PATCH', `/operators/${target.id}`, {
      operator: admin,
      json: { disabled: false },
    });
    const rows = (await auditRows(t)).filter(
      (r) => r.target_id === String(target.id) && r.action !== 'operator.create',
    );
    expect(rows.map((r) => r.action)).toEqual(['operator.update', 'operator.disable', 'operator.enable']);
    expect(JSON.parse(rows[0].before_json ?? '{}').role).toBe('editor');
    expect(JSON.parse(rows[0].after_json ?? '{}').role).toBe('finance');
  });

  it('never leaves the console without an active admin, and nobody demotes or disables themselves', async () => {
    const self = await adminCall(t.app, 'PATCH', `/operators/${admin.id}`, {
      operator: admin,
      json: { disabled: true },
    });
    expect(self).toMatchObject({ code: 1, msg: '不能停用自己或修改自己的角色，请让另一位管理员操作' });
    const demoteSelf = await adminCall(t.app, 'PATCH', `/operators/${admin.id}`, {
      operator: admin,
      json: { role: 'editor' },
    });
    expect(demoteSelf.code).toBe(1);
    // Through the service (as a command-line tool would, with no operator), the last active admin stays.
    const others = await t.deps.db.kysely
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', '!=', admin.id)
      .execute();
    for (const { id } of others)
      await updateOperator(t.deps, { operatorId: null, ip: 'cli' }, id, { disabled: true });
    await expect(
      updateOperator(t.deps, { operatorId: null, ip: 'cli' }, admin.id, { role: 'editor' }),
    ).rejects.toThrow('这是最后一位启用的管理员，不能停用或改为其他角色');
    const row = await t.deps.db.kysely
      .selectFrom('operators')
      .select(['role', 'is_disabled'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', is_disabled: 0 });
    for (const { id } of others)
      await updateOperator(t.deps, { operatorId: null, ip: 'cli' }, id, { disabled: false });
  });

  it('resets a password and two-factor for an operator: their sessions end', async () => {
    const boss = await operatorOf(t, 'admin');
    const target = await operatorOf(t, 'moderator');
    const reset = await adminCall(t.app, 'POST', `/operators/${target.id}/password`, {
      operator: boss,
      json: { password: 'R3set!password' },
    });
    expect(reset.code).toBe(0);
    expect((await adminCall(t.app, 'GET', '/session', { operator: target })).status).toBe(401);
    expect((await loginRequest(t.app, target.name, 'R3set!password')).code).toBe(0);
    const totp = await adminCall<OperatorView>(t.app, 'POST', `/operators/${target.id}/totp/reset`, {
      operator: boss,
    });
    expect(totp.data.totpEnabled).toBe(false);
    const actions = (await auditRows(t))
      .filter((r) => r.target_id === String(target.id))
      .map((r) => r.action);
    expect(actions).toEqual(['operator.create', 'operator.reset-password', 'operator.reset-totp']);
  });

  it('writes the audit row in the same transaction as the write: a failing write leaves neither, a failing audit row undoes the write', async () => {
    const before = (await auditRows(t)).length;
    const nameOf = (id: number) =>
      t.deps.db.kysely.selectFrom('operators').select('role').where('id', '=', id).executeTakeFirstOrThrow();
    const target = await makeOperator(t, 'editor');
    const count = (await auditRows(t)).length;
    await expect(
      audited(t.deps, { operatorId: admin.id, ip: '10.0.0.1' }, async (trx) => {
        await trx.updateTable('operators').set({ role: 'finance' }).where('id', '=', target.id).execute();
        throw new Error('the write failed half-way');
      }),
    ).rejects.toThrow('half-way');
    expect((await nameOf(target.id)).role).toBe('editor');
    // An `after` that cannot be serialised makes the audit insert fail after the write.
    await expect(
      audited(t.deps, { operatorId: admin.id, ip: '10.0.0.1' }, async (trx) => {
        await trx.updateTable('operators').set({ role: 'finance' }).where('id', '=', target.id).execute();
        return {
          result: null,
          audit: {
            action: 'operator.update',
            targetType: 'operator',
            targetId: target.id,
            before: null,
            after: {
              toJSON: () => {
                throw new Error('no audit row');
              },
            },
          },
        };
      }),
    ).rejects.toThrow('no audit row');
    expect((await nameOf(target.id)).role).toBe('editor');
    expect((await auditRows(t)).length).toBe(count);
    expect(count).toBe(before + 1);
  });

  it('browses the audit log newest first, filtered by operator, action, target type and time', async () => {
    const editor = await operatorOf(t, 'editor');
    const start = t.clock.now();
    t.clock.advance(1000);
    const made = await adminCall(t.app, 'POST', '/bulletins', {
      operator: editor,
      json: { title: '审计测试', content: '<p>内容</p>' },
    });
    t.clock.advance(1000);
    await adminCall(t.app, 'PATCH', `/bulletins/${made.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    const all = await adminCall<AdminPage<AuditEntry>>(t.app, 'GET', '/audit', {
      operator: admin,
      query: { operatorId: editor.id },
    });
    expect(all.data.records.map((r) => r.action)).toEqual(['bulletin.publish', 'bulletin.create']);
    expect(all.data.records[0]).toMatchObject({
      operatorName: editor.name,
      targetType: 'bulletin',
      targetId: String(made.data.id),
      ip: editor.ip,
      before: { published: false },
      after: { published: true },
    });
    const byAction = await adminCall<AdminPage<AuditEntry>>(t.app, 'GET', '/audit', {
      operator: admin,
      query: { action: 'bulletin.create', targetType: 'bulletin' },
    });
    expect(byAction.data.records.every((r) => r.action === 'bulletin.create')).toBe(true);
    const window = await adminCall<AdminPage<AuditEntry>>(t.app, 'GET', '/audit', {
      operator: admin,
      query: {
        from: new Date(start + 1500).toISOString(),
        to: new Date(start + 2500).toISOString(),
        order: 'asc',
      },
    });
    expect(window.data.records.map((r) => r.action)).toEqual(['bulletin.publish']);
    const oldest = await adminCall<AdminPage<AuditEntry>>(t.app, 'GET', '/audit', {
      operator: admin,
      query: { order: 'asc', pageSize: 1 },
    });
    expect(oldest.data.records[0].operatorId).toBeNull();
    expect(oldest.data.total).toBe((await auditRows(t)).length);
    const vocabulary = await adminCall(t.app, 'GET', '/audit/vocabulary', { operator: admin });
    expect(vocabulary.data.actions).toEqual(
      expect.arrayContaining(['bulletin.create', 'bulletin.publish', 'operator.create']),
    );
    const bad = await adminCall(t.app, 'GET', '/audit', { operator: admin, query: { from: 'yesterday' } });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.msg).toMatch(/^from: /);
  });
});
