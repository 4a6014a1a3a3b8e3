import { createHmac } from 'node:crypto';
import type { AdminPage } from '@ld/contract/admin/list';
import type { AdminRechargePack } from '@ld/contract/admin/recharge-packs';
import type { AdminVipPlan } from '@ld/contract/admin/vip-plans';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import { call, createTestApp, describeDialects, postForm, type TestApp } from './helpers/app.ts';
import { balanceOf, createUser, ledgerOf } from './helpers/money.ts';

// 充值档位 and 会员套餐 through the console: what an editor saves is what the recharge page and
// vip/vipconfig answer at the next request, and no change reaches an order already made (DESIGN §7).
describeDialects('admin recharge packs and vip plans', (dialect) => {
  let t: TestApp;
  let editor: Operator;
  const announced: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://pay.example.test' });
    editor = await operatorOf(t, 'editor');
    t.deps.changes.subscribe('wallet', () => announced.push('wallet'));
    t.deps.changes.subscribe('vip', () => announced.push('vip'));
  });
  afterAll(() => t?.close());

  const portalPacks = async () =>
    (
      await call<Array<{ id: number; price: number; diamonds: number; bonus: number; tag: string | null }>>(
        t.app,
        'GET',
        '/api/v1/wallet/packs',
      )
    ).data;
  const portalPlans = async () =>
    (
      await postForm<Array<{ vipType: number; name: string; price: number; days: number }>>(
        t.app,
        '/api/vip/vipconfig',
        { appID: 2008 },
      )
    ).data;
  const countRows = async (table: 'recharge_packs' | 'vip_plans' | 'audit_log') =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function sandboxNotify(order: { orderId: string; amount: number }) {
    const secret = await getOrCreateSecret(t.deps.db, 'pay.sandbox');
    const raw = JSON.stringify({
      orderId: order.orderId,
      amount: order.amount,
      txnId: `T${order.orderId}`,
      paidAt: t.clock.now(),
    });
    const timestamp = String(Math.floor(t.clock.now() / 1000));
    const signature = createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/sandbox',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': signature,
      },
    });
  }

  it('creates a pack off sale, puts it on sale, reorders it; the recharge page follows each step', async () => {
    const first = await adminCall<AdminRechargePack>(t.app, 'POST', '/recharge-packs', {
      operator: editor,
      json: { price: 600, diamonds: 60, sort: 1, published: true },
    });
    expect(first).toMatchObject({
      code: 0,
      data: { price: 600, diamonds: 60, bonus: 0, tag: null, published: true },
    });
    const draft = await adminCall<AdminRechargePack>(t.app, 'POST', '/recharge-packs', {
      operator: editor,
      json: { price: 3000, diamonds: 300, bonus: 30, tag: '  首充推荐 ', sort: 2 },
    });
    expect(draft.data).toMatchObject({ tag: '首充推荐', published: false, sort: 2 });
    expect((await portalPacks()).map((p) => p.id)).toEqual([first.data.id]);

    const before = announced.length;
    const published = await adminCall<AdminRechargePack>(t.app, 'PATCH', `/recharge-packs/${draft.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(published.data.published).toBe(true);
    expect(announced.slice(before)).toEqual(['wallet']);
    expect(await portalPacks()).toEqual([
      { id: first.data.id, price: 600, diamonds: 60, bonus: 0, tag: null },
      { id: draft.data.id, price: 3000, diamonds: 300, bonus: 30, tag: '首充推荐' },
    ]);

    await adminCall(t.app, 'PATCH', `/recharge-packs/${draft.data.id}`, {
      operator: editor,
      json: { sort: 0 },
    });
    expect((await portalPacks()).map((p) => p.id)).toEqual([draft.data.id, first.data.id]);

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'recharge-pack');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['recharge-pack.create', String(first.data.id)],
      ['recharge-pack.create', String(draft.data.id)],
      ['recharge-pack.publish', String(draft.data.id)],
      ['recharge-pack.update', String(draft.data.id)],
    ]);
    expect(JSON.parse(rows[3].before_json ?? '{}')).toMatchObject({ sort: 2 });
    expect(JSON.parse(rows[3].after_json ?? '{}')).toMatchObject({ sort: 0 });
    expect(rows[3].operator_id).toBe(editor.id);

    const page = await adminCall<AdminPage<AdminRechargePack>>(t.app, 'GET', '/recharge-packs', {
      operator: editor,
      query: { sort: 'price', order: 'desc', pageSize: 1 },
    });
    expect(page.data).toMatchObject({ total: 2, size: 1, records: [{ id: draft.data.id }] });
    const off = await adminCall<AdminPage<AdminRechargePack>>(t.app, 'GET', '/recharge-packs', {
      operator: editor,
      query: { published: 'false' },
    });
    expect(off.data.total).toBe(0);
  });

  it('changes a pack after an order was made: the order pays and credits what it was made with', async () => {
    const pack = await adminCall<AdminRechargePack>(t.app, 'POST', '/recharge-packs', {
      operator: editor,
      json: { price: 1000, diamonds: 100, bonus: 10, published: true },
    });
    const user = await createUser(t);
    const made = await postForm(t.app, '/api/order/payInfo', { packId: pack.data.id, appID: 2008 }, user);
    expect(made.data).toMatchObject({ amount: 1000, diamonds: 110 });

    const edited = await adminCall<AdminRechargePack>(t.app, 'PATCH', `/recharge-packs/${pack.data.id}`, {
      operator: editor,
      json: { price: 2000, diamonds: 500, bonus: 0 },
    });
    expect(edited.data).toMatchObject({ price: 2000, diamonds: 500, bonus: 0 });
    expect((await portalPacks()).find((p) => p.id === pack.data.id)).toMatchObject({
      price: 2000,
      diamonds: 500,
    });

    const paid = await sandboxNotify({ orderId: made.data.orderId, amount: 1000 });
    expect(paid.statusCode).toBe(200);
    expect(await balanceOf(t, user.id)).toBe(110);
    expect((await ledgerOf(t, user.id)).map((r) => Number(r.delta))).toEqual([110]);

    // Off sale: no new order, and the recharge page no longer lists it.
    await adminCall(t.app, 'PATCH', `/recharge-packs/${pack.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect((await portalPacks()).some((p) => p.id === pack.data.id)).toBe(false);
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'recharge-pack.unpublish',
      target_id: String(pack.data.id),
    });
    const refused = await postForm(t.app, '/api/order/payInfo', { packId: pack.data.id, appID: 2008 }, user);
    expect(refused.status).toBe(404);
    expect(refused.msg).toBe('充值档位不存在');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const packs = await countRows('recharge_packs');
    const audits = await countRows('audit_log');
    const existing = (await portalPacks())[0];
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown]> = [
      ['price', 'POST', '/recharge-packs', { price: 9.5, diamonds: 10 }],
      ['price', 'POST', '/recharge-packs', { diamonds: 10 }],
      ['diamonds', 'POST', '/recharge-packs', { price: 100, diamonds: 0 }],
      ['bonus', 'POST', '/recharge-packs', { price: 100, diamonds: 10, bonus: -1 }],
      ['tag', 'POST', '/recharge-packs', { price: 100, diamonds: 10, tag: '超'.repeat(17) }],
      ['published', 'POST', '/recharge-packs', { price: 100, diamonds: 10, published: 'yes' }],
      ['price', 'PATCH', `/recharge-packs/${existing.id}`, {}],
      ['sort', 'PATCH', `/recharge-packs/${existing.id}`, { sort: 'first' }],
    ];
    for (const [field, method, path, json] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    const list = await adminCall(t.app, 'GET', '/recharge-packs', {
      operator: editor,
      query: { sort: 'tag' },
    });
    expect(list.status).toBe(400);
    expect(list.msg.startsWith('sort:')).toBe(true);
    expect(await countRows('recharge_packs')).toBe(packs);
    expect(await countRows('audit_log')).toBe(audits);
    expect((await portalPacks())[0]).toEqual(existing);
  });

  it('creates a plan off sale, puts it on sale; vip/vipconfig and vip/vipopen follow', async () => {
    const plan = await adminCall<AdminVipPlan>(t.app, 'POST', '/vip-plans', {
      operator: editor,
      json: {
        name: ' 周卡 ',
        days: 7,
        price: 100,
        originalPrice: 120,
        badge: 'month',
        description: '7 天会员',
      },
    });
    expect(plan).toMatchObject({
      code: 0,
      data: { name: '周卡', days: 7, price: 100, originalPrice: 120, badge: 'month', published: false },
    });
    expect(await portalPlans()).toEqual([]);
    const user = await createUser(t, { coins: 1000 });
    const early = await postForm(t.app, '/api/vip/vipopen', { appID: 2008, vipType: plan.data.id }, user);
    expect(early.status).toBe(404);
    expect(await balanceOf(t, user.id)).toBe(1000);

    const before = announced.length;
    await adminCall(t.app, 'PATCH', `/vip-plans/${plan.data.id}`, {
      operator: editor,
      json: { published: true },
    });
    expect(announced.slice(before)).toEqual(['vip']);
    expect(await portalPlans()).toEqual([
      {
        vipType: plan.data.id,
        name: '周卡',
        days: 7,
        price: 100,
        originalPrice: 120,
        badge: 'month',
        description: '7 天会员',
      },
    ]);
    const opened = await postForm(t.app, '/api/vip/vipopen', { appID: 2008, vipType: plan.data.id }, user);
    expect(opened.data).toMatchObject({ coinNum: 900, isMember: true });

    // A change of price and days leaves the purchase as it was made.
    const edited = await adminCall<AdminVipPlan>(t.app, 'PATCH', `/vip-plans/${plan.data.id}`, {
      operator: editor,
      json: { price: 150, originalPrice: 150, days: 10 },
    });
    expect(edited.data).toMatchObject({ price: 150, originalPrice: 150, days: 10, published: true });
    const order = await t.deps.db.kysely
      .selectFrom('vip_orders')
      .select(['price', 'days'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ price: 100, days: 7 });
    expect((await ledgerOf(t, user.id)).map((r) => Number(r.delta))).toEqual([1000, -100]);
    expect((await portalPlans())[0]).toMatchObject({ price: 150, days: 10 });

    await adminCall(t.app, 'PATCH', `/vip-plans/${plan.data.id}`, {
      operator: editor,
      json: { published: false },
    });
    expect(await portalPlans()).toEqual([]);
    const actions = (await auditRows(t)).filter((r) => r.target_type === 'vip-plan').map((r) => r.action);
    expect(actions).toEqual(['vip-plan.create', 'vip-plan.publish', 'vip-plan.update', 'vip-plan.unpublish']);
  });

  it('orders plans by sort and refuses a bad plan naming the field', async () => {
    const a = await adminCall<AdminVipPlan>(t.app, 'POST', '/vip-plans', {
      operator: editor,
      json: { name: '年卡', days: 365, price: 2800, badge: 'year', sort: 3, published: true },
    });
    const b = await adminCall<AdminVipPlan>(t.app, 'POST', '/vip-plans', {
      operator: editor,
      json: { name: '月卡', days: 30, price: 300, badge: 'month', sort: 1, published: true },
    });
    expect(a.data.originalPrice).toBe(2800);
    expect((await portalPlans()).map((p) => p.name)).toEqual(['月卡', '年卡']);
    await adminCall(t.app, 'PATCH', `/vip-plans/${a.data.id}`, { operator: editor, json: { sort: 0 } });
    expect((await portalPlans()).map((p) => p.name)).toEqual(['年卡', '月卡']);

    const plans = await countRows('vip_plans');
    const audits = await countRows('audit_log');
    const cases: Array<[string, 'POST' | 'PATCH', string, unknown]> = [
      ['name', 'POST', '/vip-plans', { name: '', days: 7, price: 100, badge: 'month' }],
      ['name', 'POST', '/vip-plans', { name: '超'.repeat(17), days: 7, price: 100, badge: 'month' }],
      ['days', 'POST', '/vip-plans', { name: '周卡', days: 0, price: 100, badge: 'month' }],
      ['price', 'POST', '/vip-plans', { name: '周卡', days: 7, price: -5, badge: 'month' }],
      ['badge', 'POST', '/vip-plans', { name: '周卡', days: 7, price: 100, badge: 'gold' }],
      [
        'originalPrice',
        'POST',
        '/vip-plans',
        { name: '周卡', days: 7, price: 100, originalPrice: 50, badge: 'month' },
      ],
      ['originalPrice', 'PATCH', `/vip-plans/${b.data.id}`, { price: 9999 }],
      ['name', 'PATCH', `/vip-plans/${b.data.id}`, {}],
    ];
    for (const [field, method, path, json] of cases) {
      const answer = await adminCall(t.app, method, path, { operator: editor, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(answer.msg.startsWith(`${field}:`), answer.msg).toBe(true);
    }
    expect(await countRows('vip_plans')).toBe(plans);
    expect(await countRows('audit_log')).toBe(audits);
    expect(
      (await adminCall<AdminVipPlan>(t.app, 'GET', `/vip-plans/${b.data.id}`, { operator: editor })).data
        .price,
    ).toBe(300);
  });
});
