import { createHmac, randomUUID } from 'node:crypto';
import type { AdminPage } from '@ld/contract/admin/list';
import type {
  Adjustment,
  AdminLedgerEntry,
  AdminOrder,
  AdminStatement,
  AdminVipOrder,
} from '@ld/contract/admin/money';
import { ErrorCode } from '@ld/contract/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedVipPlans } from '../src/modules/vip/seed.ts';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { getOrCreateSecret } from '../src/platform/secrets.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { balanceOf, createGame, createType, createUser, fund, ledgerOf } from './helpers/money.ts';

// 财务 in the console (issue 20 §4, decision 0062): orders with the provider's record, a user's
// statement and ledger, and the manual adjustment through the ledger, audited, idempotent, never
// below zero — also when operators and the user spend at the same time.
describeDialects('admin money', (dialect) => {
  let t: TestApp;
  let finance: Operator;
  let packs: Array<{ id: number; price: number; diamonds: number; bonus: number }>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://pay.example.test' });
    await seedRechargePacks(t.deps);
    await seedVipPlans(t.deps);
    packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data;
    finance = await operatorOf(t, 'finance');
  });
  afterAll(() => t?.close());

  /** Pays a sandbox order the way the sandbox checkout does: a signed notify. */
  async function paySandbox(order: { orderId: string; amount: number }) {
    const secret = await getOrCreateSecret(t.deps.db, 'pay.sandbox');
    const raw = JSON.stringify({
      orderId: order.orderId,
      amount: order.amount,
      txnId: `SBX${order.orderId}`,
      paidAt: t.clock.now(),
    });
    const timestamp = String(Math.floor(t.clock.now() / 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pay/notify/sandbox',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': timestamp,
        'x-sandbox-signature': createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex'),
      },
    });
    expect(res.statusCode).toBe(200);
  }

  const adjust = (uid: string | number, json: Record<string, unknown>, operator = finance) =>
    adminCall<Adjustment>(t.app, 'POST', `/users/${uid}/adjustments`, { operator, json });

  const ledgerCount = async () =>
    Number(
      (
        await t.deps.db.kysely
          .selectFrom('coin_ledger')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists recharge orders with the provider record, filtered by user, status and provider', async () => {
    const user = await registerUser(t.app);
    const paid = (await postForm(t.app, '/api/order/payInfo', { packId: packs[1].id }, user)).data;
    t.clock.advance(2000);
    await paySandbox(paid);
    const open = (await postForm(t.app, '/api/order/payInfo', { packId: packs[0].id }, user)).data;

    const all = await adminCall<AdminPage<AdminOrder>>(t.app, 'GET', '/orders', {
      operator: finance,
      query: { user: user.uid },
    });
    expect(all.data.total).toBe(2);
    expect(all.data.records.map((o) => o.orderId)).toEqual([open.orderId, paid.orderId]);
    expect(all.data.records[1]).toMatchObject({
      uid: user.uid,
      status: 'credited',
      statusText: '已到账',
      provider: 'sandbox',
      providerName: '沙箱支付',
      txnId: `SBX${paid.orderId}`,
      amount: packs[1].price,
      diamonds: packs[1].diamonds + packs[1].bonus,
      paidTime: expect.any(String),
      creditedTime: expect.any(String),
      closedTime: null,
      channelId: '0',
    });
    expect(Date.parse(all.data.records[1].paidTime!) - Date.parse(all.data.records[1].createTime)).toBe(2000);

    const byName = await adminCall<AdminPage<AdminOrder>>(t.app, 'GET', '/orders', {
      operator: finance,
      query: { user: user.loginName, status: 'created' },
    });
    expect(byName.data.records.map((o) => o.orderId)).toEqual([open.orderId]);
    const byProvider = await adminCall<AdminPage<AdminOrder>>(t.app, 'GET', '/orders', {
      operator: finance,
      query: { user: user.uid, provider: 'alipay' },
    });
    expect(byProvider.data.total).toBe(0);
    const nobody = await adminCall<AdminPage<AdminOrder>>(t.app, 'GET', '/orders', {
      operator: finance,
      query: { user: 'no_such_user' },
    });
    expect(nobody.data).toMatchObject({ total: 0, records: [] });
    const byAmount = await adminCall<AdminPage<AdminOrder>>(t.app, 'GET', '/orders', {
      operator: finance,
      query: { user: user.uid, sort: 'amount', order: 'asc' },
    });
    expect(byAmount.data.records.map((o) => o.amount)).toEqual([packs[0].price, packs[1].price]);

    for (const [query, field] of [
      [{ status: 'done' }, 'status'],
      [{ provider: 'paypal' }, 'provider'],
      [{ from: 'yesterday' }, 'from'],
      [{ pageSize: 500 }, 'pageSize'],
      [{ sort: 'uid' }, 'sort'],
    ] as const) {
      const bad = await adminCall(t.app, 'GET', '/orders', { operator: finance, query });
      expect(bad.status).toBe(400);
      expect(bad.msg.startsWith(`${field}:`), bad.msg).toBe(true);
    }
  });

  it('lists membership orders paid with diamonds', async () => {
    const user = await createUser(t, { coins: 500 });
    const opened = await postForm(t.app, '/api/vip/vipopen', { vipType: 1 }, user);
    expect(opened.code).toBe(0);
    const page = await adminCall<AdminPage<AdminVipOrder>>(t.app, 'GET', '/vip-orders', {
      operator: finance,
      query: { user: user.uid },
    });
    expect(page.data.total).toBe(1);
    expect(page.data.records[0]).toMatchObject({
      uid: user.uid,
      vipType: 1,
      planName: expect.stringMatching(/\S/),
      expTimeAfter: expect.any(String),
    });
    const ledger = await ledgerOf(t, user.id);
    expect(Number(ledger.at(-1)!.delta)).toBe(-page.data.records[0].price);
  });

  it('credits with a note: one admin ledger row naming the operator, the audit row, and the user sees it', async () => {
    const user = await registerUser(t.app);
    const uid = Number(user.uid);
    const auditBefore = (await auditRows(t)).length;
    const requestKey = randomUUID();
    const credited = await adjust(uid, {
      direction: 'credit',
      amount: 88,
      note: '  充值未到账补偿 ',
      requestKey,
    });
    expect(credited).toMatchObject({
      code: 0,
      data: { uid: user.uid, delta: 88, note: '充值未到账补偿', balanceAfter: 88, operatorId: finance.id },
    });
    expect(await balanceOf(t, uid)).toBe(88);

    const statement = await adminCall<AdminStatement>(t.app, 'GET', `/users/${uid}/statement`, {
      operator: finance,
    });
    expect(statement.data).toEqual({
      uid: user.uid,
      loginName: user.loginName,
      name: user.name,
      balance: 88,
      ledgerSum: 88,
      ledgerRows: 1,
    });
    const byName = await adminCall<AdminStatement>(t.app, 'GET', `/users/${user.loginName}/statement`, {
      operator: finance,
    });
    expect(byName.data).toEqual(statement.data);
    const unknown = await adminCall(t.app, 'GET', '/users/no_such_user/statement', { operator: finance });
    expect(unknown.status).toBe(404);
    const badName = await adminCall(t.app, 'GET', `/users/${encodeURIComponent('a b')}/statement`, {
      operator: finance,
    });
    expect(badName.status).toBe(400);
    expect(badName.msg.startsWith('user:')).toBe(true);
    const ledger = await adminCall<AdminPage<AdminLedgerEntry>>(t.app, 'GET', `/users/${uid}/ledger`, {
      operator: finance,
    });
    expect(ledger.data.records).toEqual([
      {
        id: expect.any(Number),
        delta: 88,
        balanceAfter: 88,
        reason: 'admin',
        reasonText: '人工调整：充值未到账补偿',
        ref: requestKey,
        operatorId: finance.id,
        operatorName: finance.name,
        createTime: expect.any(String),
      },
    ]);

    // The user's own statement (流水) shows it at the next request.
    const mine = await postForm(t.app, '/api/user/center/coin/all', { uid: user.uid, currentPage: 1 }, user);
    expect(mine.data.records[0]).toMatchObject({
      delta: 88,
      balanceAfter: 88,
      reasonText: '人工调整：充值未到账补偿',
    });

    const audit = (await auditRows(t)).slice(auditBefore);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operator_id: finance.id,
      action: 'wallet.credit',
      target_type: 'user',
      target_id: user.uid,
      ip: finance.ip,
    });
    expect(JSON.parse(audit[0].before_json!)).toEqual({ uid: user.uid, balance: 0 });
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({
      balance: 88,
      delta: 88,
      note: '充值未到账补偿',
    });

    // The same request again (a double click, a retry): applied once, answered the same, no new audit row.
    const again = await adjust(uid, { direction: 'credit', amount: 88, note: '充值未到账补偿', requestKey });
    expect(again.data).toEqual(credited.data);
    expect(await balanceOf(t, uid)).toBe(88);
    expect((await auditRows(t)).length).toBe(auditBefore + 1);
    // The same key for another adjustment is refused.
    const reused = await adjust(uid, { direction: 'debit', amount: 5, note: '另一笔', requestKey });
    expect(reused.status).toBe(400);
    expect(reused.msg.startsWith('requestKey:')).toBe(true);
  });

  it('debits, and refuses a debit beyond the balance with a clear message, changing nothing', async () => {
    const user = await createUser(t, { coins: 50 });
    const debited = await adjust(user.id, {
      direction: 'debit',
      amount: 20,
      note: '误发回收',
      requestKey: randomUUID(),
    });
    expect(debited.data).toMatchObject({ delta: -20, balanceAfter: 30 });
    const rowsBefore = await ledgerCount();
    const auditBefore = (await auditRows(t)).length;
    const refused = await adjust(user.id, {
      direction: 'debit',
      amount: 31,
      note: '超额扣减',
      requestKey: randomUUID(),
    });
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe('amount: 扣减数额超过当前余额：当前余额 30 蓝钻，最多可扣减 30，余额不能为负');
    expect(await balanceOf(t, user.id)).toBe(30);
    expect(await ledgerCount()).toBe(rowsBefore);
    expect((await auditRows(t)).length).toBe(auditBefore);
    expect((await auditRows(t)).at(-1)).toMatchObject({ action: 'wallet.debit', operator_id: finance.id });
  });

  it('answers bad input with 400 naming the field, an unknown user with 404, and writes nothing', async () => {
    const user = await createUser(t, { coins: 10 });
    const rowsBefore = await ledgerCount();
    const auditBefore = (await auditRows(t)).length;
    const good = { direction: 'credit', amount: 5, note: '测试备注', requestKey: randomUUID() };
    for (const [json, field] of [
      [{ ...good, note: '   ' }, 'note'],
      [{ ...good, note: undefined }, 'note'],
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: -5 }, 'amount'],
      [{ ...good, amount: 1.5 }, 'amount'],
      [{ ...good, amount: 'many' }, 'amount'],
      [{ ...good, amount: 2_000_000 }, 'amount'],
      [{ ...good, direction: 'set' }, 'direction'],
      [{ ...good, requestKey: 'x' }, 'requestKey'],
      [{ ...good, note: '很'.repeat(121) }, 'note'],
    ] as const) {
      const bad = await adjust(user.id, json);
      expect(bad.status, JSON.stringify(json)).toBe(400);
      expect(bad.msg.startsWith(`${field}:`), bad.msg).toBe(true);
    }
    const unknown = await adjust(99_999_999, good);
    expect(unknown.status).toBe(404);
    const badId = await adjust('abc', good);
    expect(badId.status).toBe(400);
    expect((await adminCall(t.app, 'GET', '/users/99999999/ledger', { operator: finance })).status).toBe(404);
    const badReason = await adminCall(t.app, 'GET', `/users/${user.id}/ledger`, {
      operator: finance,
      query: { reason: 'theft' },
    });
    expect(badReason.status).toBe(400);
    expect(badReason.msg.startsWith('reason:')).toBe(true);
    expect(await balanceOf(t, user.id)).toBe(10);
    expect(await ledgerCount()).toBe(rowsBefore);
    expect((await auditRows(t)).length).toBe(auditBefore);
  });

  it('names the operator of each adjustment in the ledger and its CSV export (Excel-ready)', async () => {
    const user = await createUser(t);
    const admin = await operatorOf(t, 'admin');
    await fund(t, user.id, 50);
    const credit = await adjust(user.id, {
      direction: 'credit',
      amount: 30,
      note: '活动补发,第二批',
      requestKey: randomUUID(),
    });
    expect(credit.status).toBe(200);
    const debit = await adjust(
      user.id,
      { direction: 'debit', amount: 20, note: '=误发回收', requestKey: randomUUID() },
      admin,
    );
    expect(debit.status).toBe(200);

    const page = await adminCall<AdminPage<AdminLedgerEntry>>(t.app, 'GET', `/users/${user.id}/ledger`, {
      operator: finance,
    });
    expect(page.data.records.map((r) => [r.delta, r.operatorId, r.operatorName])).toEqual([
      [-20, admin.id, admin.name],
      [30, finance.id, finance.name],
      [50, null, null],
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/users/${user.id}/ledger.csv`,
      headers: { cookie: finance.cookie, 'x-forwarded-for': finance.ip },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ledger-${user.id}.csv"`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('时间（北京时间）,说明,变动（蓝钻）,变动后余额,操作员,关联单号');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(3);
    // Times in Beijing time; the operator by name; a note's comma quoted; other reasons name nobody.
    const beijing = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(rows[0]).toMatch(
      new RegExp(`^${beijing} \\d{2}:\\d{2}:\\d{2},人工调整：=误发回收,-20,60,${admin.name},`),
    );
    expect(rows[1]).toContain(`,"人工调整：活动补发,第二批",30,80,${finance.name},`);
    expect(rows[2]).toMatch(/,50,50,,test-/);

    const onlyAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/v1/users/${user.id}/ledger.csv?reason=admin`,
      headers: { cookie: finance.cookie, 'x-forwarded-for': finance.ip },
    });
    expect(onlyAdmin.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const missing = await adminCall(t.app, 'GET', '/users/99999999/ledger.csv', { operator: finance });
    expect(missing.status).toBe(404);
    const badReason = await adminCall(t.app, 'GET', `/users/${user.id}/ledger.csv`, {
      operator: finance,
      query: { reason: 'theft' },
    });
    expect(badReason.status).toBe(400);
    expect(badReason.msg.startsWith('reason:')).toBe(true);
  });

  it('keeps the ledger exact when operators adjust while the user buys games at the same time', async () => {
    const typeId = await createType(t, '并发财务');
    const games = [];
    for (let i = 0; i < 30; i += 1) games.push(await createGame(t, { typeId, price: 10, ios: false }));
    const user = await createUser(t, { coins: 100 });
    const second = await operatorOf(t, 'admin');
    const downloads = games.map((g) =>
      postForm(t.app, `/api/user/game/download/${g.id}`, { appID: 2008, platformType: 1 }, user),
    );
    const adjustments = Array.from({ length: 24 }, (_, i) =>
      adjust(
        user.id,
        i % 2 === 0
          ? { direction: 'credit', amount: 7, note: `并发补偿${i}`, requestKey: randomUUID() }
          : { direction: 'debit', amount: 15, note: `并发扣减${i}`, requestKey: randomUUID() },
        i % 3 === 0 ? second : finance,
      ),
    );
    // Every adjustment also sent twice at once: the duplicate must not apply again.
    const key = randomUUID();
    const twins = [1, 2].map(() =>
      adjust(user.id, { direction: 'credit', amount: 3, note: '重复提交', requestKey: key }),
    );
    const [bought, adjusted, twinAnswers] = await Promise.all([
      Promise.all(downloads),
      Promise.all(adjustments),
      Promise.all(twins),
    ]);
    const charged = bought.filter((b) => b.code === 0).length;
    expect(bought.every((b) => b.code === 0 || b.code === ErrorCode.balanceInsufficient)).toBe(true);
    const credits = adjusted.filter((a, i) => i % 2 === 0 && a.code === 0).length;
    const debits = adjusted.filter((a, i) => i % 2 === 1 && a.code === 0).length;
    const refusedDebits = adjusted.filter((a) => a.status === 400);
    expect(credits).toBe(12);
    expect(debits + refusedDebits.length).toBe(12);
    for (const r of refusedDebits) expect(r.msg).toContain('余额不能为负');
    expect(twinAnswers.map((a) => a.code)).toEqual([0, 0]);
    expect(twinAnswers[0].data.id).toBe(twinAnswers[1].data.id);

    const balance = await balanceOf(t, user.id);
    expect(balance).toBe(100 + 12 * 7 + 3 - 15 * debits - 10 * charged);
    const ledger = await ledgerOf(t, user.id);
    expect(ledger.reduce((sum, r) => sum + Number(r.delta), 0)).toBe(balance);
    expect(ledger.every((r) => Number(r.balance_after) >= 0)).toBe(true);
    // Rows in order: each balance after is the one before plus its delta.
    let running = 0;
    for (const row of ledger) {
      running += Number(row.delta);
      expect(Number(row.balance_after)).toBe(running);
    }
    expect(ledger.filter((r) => r.reason === 'admin')).toHaveLength(12 + debits + 1);
    const statement = await adminCall<AdminStatement>(t.app, 'GET', `/users/${user.id}/statement`, {
      operator: finance,
    });
    expect(statement.data).toMatchObject({ balance, ledgerSum: balance });
    const audited = (await auditRows(t)).filter((r) => r.target_id === user.uid);
    expect(audited).toHaveLength(12 + debits + 1);
  });

  it('funds are untouched by a refused caller: an editor cannot adjust', async () => {
    const editor = await operatorOf(t, 'editor');
    const user = await createUser(t, { coins: 5 });
    await fund(t, user.id, 5);
    const refused = await adjust(
      user.id,
      { direction: 'credit', amount: 5, note: '越权', requestKey: randomUUID() },
      editor,
    );
    expect(refused.status).toBe(403);
    expect(await balanceOf(t, user.id)).toBe(10);
  });
});
