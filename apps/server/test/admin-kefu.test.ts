import type { Account } from '@ld/contract/accounts';
import type { KefuNote, KefuThread } from '@ld/contract/admin/inbox';
import type { AdminPage } from '@ld/contract/admin/list';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedRechargePacks } from '../src/modules/wallet/seed.ts';
import { adminCall, auditRows, type Operator, operatorOf } from './helpers/admin.ts';
import {
  call,
  createTestApp,
  describeDialects,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

// 客服收件箱 (issue 20 §4): notes from 联系客服 and 合作共赢 land in the inbox, unanswered first, with
// the sender, their channel and recent orders; a reply reaches the sender's 系统消息 (unread) and
// the thread keeps both sides.
describeDialects('admin kefu inbox', (dialect) => {
  let t: TestApp;
  let moderator: Operator;
  let alice: Account;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://pay.example.test' });
    await seedRechargePacks(t.deps);
    moderator = await operatorOf(t, 'moderator');
    alice = await registerUser(t.app);
  });
  afterAll(() => t?.close());

  const leave = async (body: Record<string, string>, account?: Account) => {
    const answer = await postForm(t.app, '/api/user/kefu', body, account, { 'x-forwarded-for': randomIp() });
    expect(answer.code, answer.msg).toBe(0);
    return answer.data.id as number;
  };
  const inbox = (query: Record<string, string> = {}) =>
    adminCall<AdminPage<KefuNote>>(t.app, 'GET', '/kefu', { operator: moderator, query });
  const messages = async (account: Account) =>
    (await postForm(t.app, '/api/user/center/message/all', {}, account)).data as {
      unread: number;
      records: Array<{ title: string; content: string; isRead: boolean }>;
    };

  it('lists notes unanswered first with the sender and channel; a reply reaches the user as an unread system message', async () => {
    const first = await leave({ content: '充值了 60 元但是蓝钻没有到账', contact: 'wx_alice' }, alice);
    t.clock.advance(1000);
    const guest = await leave({
      content: '公司/称呼：星河游戏\n想谈联运合作',
      contact: 'bd@example.com',
      kind: 'business',
    });
    t.clock.advance(1000);
    const second = await leave({ content: '还有，礼包码领不了怎么办', contact: '' }, alice);

    const listed = await inbox();
    expect(listed.data.records.map((n) => n.id)).toEqual([second, guest, first]);
    expect(listed.data.records[0]).toMatchObject({
      userId: Number(alice.uid),
      channelId: '0',
      kind: 'kefu',
      answered: false,
      replyCount: 0,
    });
    expect(listed.data.records[1]).toMatchObject({
      userId: null,
      kind: 'business',
      contact: 'bd@example.com',
    });
    expect((await inbox({ kind: 'business' })).data.records.map((n) => n.id)).toEqual([guest]);
    expect((await inbox({ keyword: '到账' })).data.records.map((n) => n.id)).toEqual([first]);

    // The order she speaks of: one recharge order, still unpaid.
    const packs = (await call(t.app, 'GET', '/api/v1/wallet/packs')).data as Array<{ id: number }>;
    const order = await postForm(t.app, '/api/order/payInfo', { packId: packs[0]!.id, appID: 2008 }, alice);
    expect(order.code, order.msg).toBe(0);

    const unreadBefore = (await messages(alice)).unread;
    const thread = await adminCall<KefuThread>(t.app, 'GET', `/kefu/${first}`, { operator: moderator });
    expect(thread.data).toMatchObject({
      note: { id: first, answered: false },
      replies: [],
      user: { id: Number(alice.uid), channelId: '0', coinNum: 0 },
      orders: [{ orderNo: order.data.orderId, status: 'created', amount: order.data.amount }],
    });
    expect(thread.data.earlier.map((n) => n.id)).toEqual([second]);

    const replied = await adminCall<KefuThread>(t.app, 'POST', `/kefu/${first}/reply`, {
      operator: moderator,
      json: { content: '  已为您补发 600 蓝钻，请查收  ' },
    });
    expect(replied.data.note).toMatchObject({ answered: true, replyCount: 1 });
    expect(replied.data.replies).toMatchObject([
      { content: '已为您补发 600 蓝钻，请查收', delivered: true, operatorName: moderator.name },
    ]);

    const inboxOfAlice = await messages(alice);
    expect(inboxOfAlice.unread).toBe(unreadBefore + 1);
    expect(inboxOfAlice.records[0]).toMatchObject({
      title: '客服回复',
      isRead: false,
      content: '您的留言：「充值了 60 元但是蓝钻没有到账」\n客服回复：已为您补发 600 蓝钻，请查收',
    });

    // Answered notes go below the unanswered; the filter shows either side.
    expect((await inbox()).data.records.map((n) => n.id)).toEqual([second, guest, first]);
    expect((await inbox({ answered: 'true' })).data.records.map((n) => n.id)).toEqual([first]);
    expect((await inbox({ answered: 'false' })).data.records.map((n) => n.id)).toEqual([second, guest]);

    // A guest's note has no inbox to reach: the reply is kept in the thread, marked undelivered.
    const toGuest = await adminCall<KefuThread>(t.app, 'POST', `/kefu/${guest}/reply`, {
      operator: moderator,
      json: { content: '已通过邮件联系您' },
    });
    expect(toGuest.data).toMatchObject({ user: null, replies: [{ delivered: false }] });

    const rows = (await auditRows(t)).filter((r) => r.target_type === 'kefu');
    expect(rows.map((r) => [r.action, r.target_id])).toEqual([
      ['kefu.reply', String(first)],
      ['kefu.reply', String(guest)],
    ]);
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const note = await leave({ content: '问一下会员怎么续费' }, alice);
    const before = (await auditRows(t)).length;
    const empty = await adminCall(t.app, 'POST', `/kefu/${note}/reply`, {
      operator: moderator,
      json: { content: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.msg).toMatch(/^content: /);
    const long = await adminCall(t.app, 'POST', `/kefu/${note}/reply`, {
      operator: moderator,
      json: { content: '好'.repeat(1001) },
    });
    expect(long.msg).toMatch(/^content: /);
    expect((await inbox({ answered: 'maybe' })).msg).toMatch(/^answered: /);
    expect((await inbox({ kind: 'spam' })).msg).toMatch(/^kind: /);
    expect(
      (
        await adminCall(t.app, 'POST', '/kefu/999999/reply', {
          operator: moderator,
          json: { content: '你好' },
        })
      ).status,
    ).toBe(404);
    expect((await auditRows(t)).length).toBe(before);
    const thread = await adminCall<KefuThread>(t.app, 'GET', `/kefu/${note}`, { operator: moderator });
    expect(thread.data.replies).toEqual([]);
  });
});
