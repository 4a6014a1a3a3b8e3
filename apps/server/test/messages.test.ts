import type { Account } from '@ld/contract/accounts';
import { messagePageSchema } from '@ld/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  describeDialects,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

describeDialects('messages and kefu', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const list = (account: Account | undefined, body: Record<string, string | number> = {}) =>
    postForm(t.app, '/api/user/center/message/all', body, account);
  /** A user whose inbox holds the welcome message plus `extra` older-to-newer messages. */
  async function userWithMessages(extra: number) {
    const account = await registerUser(t.app);
    const base = t.clock.now();
    if (extra > 0) {
      await t.deps.db.kysely
        .insertInto('messages')
        .values(
          Array.from({ length: extra }, (_, i) => ({
            user_id: Number(account.uid),
            title: `消息 ${i + 1}`,
            content: `内容 ${i + 1}`,
            created_at: base + (i + 1) * 1000,
          })),
        )
        .execute();
    }
    return account;
  }
  const unreadOf = async (account: Account) => (await list(account)).data.unread as number;

  describe('center/message/all', () => {
    it('pages the caller’s messages newest first with the unread count', async () => {
      const account = await userWithMessages(12);
      await userWithMessages(3);
      const page = await list(account, { uid: account.uid, currentPage: 1, pageSize: 5 });
      expect(page.code).toBe(0);
      expect(page.data).toMatchObject({ total: 13, size: 5, current: 1, pages: 3, unread: 13 });
      expect(messagePageSchema.parse(page.data)).toEqual(page.data);
      expect(page.data.records.map((r: { title: string }) => r.title)).toEqual([
        '消息 12',
        '消息 11',
        '消息 10',
        '消息 9',
        '消息 8',
      ]);
      expect(page.data.records[0]).toMatchObject({ content: '内容 12', isRead: false });
      expect(page.data.records[0].createTime).toBe(new Date(t.clock.now() + 12_000).toISOString());
      const last = await list(account, { currentPage: 3, pageSize: 5 });
      expect(last.data.records.map((r: { title: string }) => r.title)).toEqual([
        '消息 2',
        '消息 1',
        '欢迎来到蓝钻乐园',
      ]);
      const defaults = await list(account);
      expect(defaults.data).toMatchObject({ size: 10, current: 1 });
      expect(defaults.data.records).toHaveLength(10);
    });

    it.each([
      [{ pageSize: 0 }, 'pageSize: pageSize 最小为 1'],
      [{ pageSize: 101 }, 'pageSize: pageSize 最大为 100'],
      [{ currentPage: 0 }, 'currentPage: currentPage 最小为 1'],
      [{ currentPage: 1.5 }, 'currentPage: currentPage 必须是整数'],
      [{ uid: 'me' }, 'uid: uid 须为数字'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const account = await registerUser(t.app);
      const res = await list(account, body);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
    });

    it('answers code 2 without a session, with an expired one, or for another uid', async () => {
      const account = await registerUser(t.app);
      expect((await list(undefined)).code).toBe(2);
      expect((await list(account, { uid: String(Number(account.uid) + 1000) })).code).toBe(2);
      t.clock.advance(31 * 24 * 3600 * 1000);
      expect((await list(account)).code).toBe(2);
    });
  });

  describe('user/message', () => {
    it('marks one own message read, then all', async () => {
      const account = await userWithMessages(3);
      const newest = (await list(account)).data.records[0];
      const one = await postForm(t.app, '/api/user/message', { id: newest.id }, account);
      expect(one).toMatchObject({ code: 0, data: { unread: 3 } });
      expect((await list(account)).data.records[0].isRead).toBe(true);
      const all = await postForm(t.app, '/api/user/message', {}, account);
      expect(all).toMatchObject({ code: 0, data: { unread: 0 } });
      expect(await unreadOf(account)).toBe(0);
    });

    it('answers 404 for another user’s message and leaves it unread', async () => {
      const owner = await userWithMessages(1);
      const intruder = await registerUser(t.app);
      const target = (await list(owner)).data.records[0];
      const res = await postForm(t.app, '/api/user/message', { id: target.id }, intruder);
      expect(res).toMatchObject({ status: 404, code: 404, msg: '消息不存在' });
      expect(await unreadOf(owner)).toBe(2);
    });

    it.each([
      [{ id: 'abc' }, 'id: id 须为正整数'],
      [{ id: -1 }, 'id: id 须为正整数'],
      [{ id: 1.5 }, 'id: id 须为正整数'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const account = await userWithMessages(1);
      const res = await postForm(t.app, '/api/user/message', body, account);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      expect(await unreadOf(account)).toBe(2);
    });

    it('needs login', async () => {
      expect((await postForm(t.app, '/api/user/message', {})).code).toBe(2);
    });
  });

  describe('user/kefu', () => {
    const kefuRows = () => t.deps.db.kysely.selectFrom('kefu_messages').selectAll().orderBy('id').execute();
    const leave = (body: Record<string, string>, account?: Account, ip = randomIp()) =>
      postForm(t.app, '/api/user/kefu', body, account, { 'x-forwarded-for': ip });

    it('keeps a guest note and a logged-in business request', async () => {
      const guest = await leave({ content: '充值后没有到账，订单号 123', contact: 'QQ 10001' });
      expect(guest.code).toBe(0);
      expect(guest.data.id).toBeGreaterThan(0);
      const account = await registerUser(t.app);
      const business = await leave({ content: '想谈一下游戏联运合作', kind: 'business' }, account);
      expect(business.code).toBe(0);
      const rows = await kefuRows();
      expect(rows.slice(-2)).toMatchObject([
        {
          id: guest.data.id,
          user_id: null,
          kind: 'kefu',
          content: '充值后没有到账，订单号 123',
          contact: 'QQ 10001',
        },
        { id: business.data.id, user_id: Number(account.uid), kind: 'business', contact: '' },
      ]);
    });

    it.each([
      [{}, 'content: 请填写内容'],
      [{ content: '  太短  ' }, 'content: 内容至少 5 个字'],
      [{ content: '字'.repeat(501) }, 'content: 内容最多 500 字'],
      [{ content: '这是一条正常的留言', contact: 'x'.repeat(65) }, 'contact: 联系方式最多 64 字'],
      [{ content: '这是一条正常的留言', kind: 'spam' }, 'kind: kind 须为 kefu 或 business'],
    ])('answers 400 naming the field for %j and stores nothing', async (body, msg) => {
      const before = (await kefuRows()).length;
      const res = await leave(body);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      expect(await kefuRows()).toHaveLength(before);
    });

    it('limits notes per address', async () => {
      const ip = randomIp();
      for (let i = 0; i < 5; i++)
        expect((await leave({ content: `第 ${i} 条留言内容` }, undefined, ip)).code).toBe(0);
      const limited = await leave({ content: '第六条留言内容' }, undefined, ip);
      expect(limited.status).toBe(429);
      expect(limited.code).toBe(429);
    });
  });
});
