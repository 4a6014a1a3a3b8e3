import { randomBytes } from 'node:crypto';
import type { Account } from '@ld/contract/accounts';
import { INVITE_REWARD } from '@ld/contract/defaults';
import type { InviteMe, InviteRecord } from '@ld/contract/invites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  call,
  createTestApp,
  describeDialects,
  latestSmsCode,
  postForm,
  randomIp,
  type TestApp,
} from './helpers/app.ts';
import { balanceOf, ledgerOf } from './helpers/money.ts';

const newDevice = () => randomBytes(16).toString('hex');
let names = 0;
const newName = () => `inv_${process.pid % 10_000}_${++names}_${randomBytes(2).toString('hex')}`;

describeDialects('invites', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://portal.example.test' });
  });
  afterAll(() => t.close());

  async function register(fields: { inviteCode?: string; deviceID?: string; loginName?: string } = {}) {
    const answer = await postForm<Account>(
      t.app,
      '/api/user/registerWithName',
      { loginName: fields.loginName ?? newName(), password: 'secret123', ...fields },
      undefined,
      { 'x-forwarded-for': randomIp() },
    );
    expect(answer.code, answer.msg).toBe(0);
    return answer.data;
  }

  async function registerByPhone(fields: { inviteCode?: string; deviceID?: string }) {
    const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': randomIp(),
    });
    const code = await latestSmsCode(t.app, phone);
    const answer = await postForm<Account>(
      t.app,
      '/api/user/loginWithPhone',
      { phone, code, ...fields },
      undefined,
      { 'x-forwarded-for': randomIp() },
    );
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.newAccount).toBe(1);
    return { account: answer.data, phone };
  }

  const me = async (account: Account) =>
    (await call<InviteMe>(t.app, 'GET', '/api/v1/invite/me', { account })).data;
  const records = (account: Account, query: Record<string, string | number> = {}) =>
    call<{
      records: InviteRecord[];
      total: number;
      pages: number;
      current: number;
      nextCursor: string | null;
    }>(t.app, 'GET', '/api/v1/invite/records', { account, query });
  const balance = (account: Account) => balanceOf(t, Number(account.uid));

  /** An inviter with its code, registered from its own device. */
  async function inviter() {
    const device = newDevice();
    const account = await register({ deviceID: device });
    return { account, device, code: (await me(account)).code };
  }

  describe('the code and link', () => {
    it('answers a stable, unique, readable code and an absolute link', async () => {
      const a = await inviter();
      const b = await inviter();
      expect(a.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      expect(b.code).not.toBe(a.code);
      const first = await me(a.account);
      expect(first).toEqual({
        code: a.code,
        link: `https://portal.example.test/?inviteCode=${a.code}`,
        invitedCount: 0,
        rewardTotal: 0,
      });
      expect(await me(a.account)).toEqual(first);
      const status = await postForm(t.app, '/api/user/center/me', {}, a.account);
      expect(status.data.inviteCode).toBe(a.code);
    });

    it('needs a login', async () => {
      expect((await call(t.app, 'GET', '/api/v1/invite/me')).code).toBe(2);
      expect((await call(t.app, 'GET', '/api/v1/invite/records')).code).toBe(2);
    });
  });

  describe('rewards', () => {
    it('pays the inviter once for a friend registered by name, with 邀请 and the masked name in the statement', async () => {
      const host = await inviter();
      const friend = await register({
        inviteCode: host.code.toLowerCase(),
        deviceID: newDevice(),
        loginName: 'alice_inv',
      });
      expect(await balance(host.account)).toBe(INVITE_REWARD);
      expect(await balance(friend)).toBe(0);
      const ledger = await ledgerOf(t, Number(host.account.uid));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ reason: 'invite', ref: friend.uid, note: '邀请 a***v' });
      const statement = await postForm(
        t.app,
        '/api/user/center/coin/all',
        { uid: host.account.uid },
        host.account,
      );
      expect(statement.data.records[0]).toMatchObject({
        delta: INVITE_REWARD,
        reason: 'invite',
        reasonText: '邀请奖励：邀请 a***v',
      });
      expect(await me(host.account)).toMatchObject({ invitedCount: 1, rewardTotal: INVITE_REWARD });
      const list = (await records(host.account)).data;
      expect(list.total).toBe(1);
      expect(list.records[0]).toEqual({
        id: expect.any(Number),
        name: 'a***v',
        avatar: null,
        joinTime: new Date(t.clock.now()).toISOString(),
        reward: INVITE_REWARD,
        status: 'paid',
        statusText: '奖励已到账',
      });
    });

    it('pays the inviter once for a friend registered by phone, and not again at the next phone login', async () => {
      const host = await inviter();
      const device = newDevice();
      const { phone } = await registerByPhone({ inviteCode: host.code, deviceID: device });
      expect(await balance(host.account)).toBe(INVITE_REWARD);
      // The same phone logs in again with the code: an existing account, no second reward.
      t.clock.advance(61_000);
      await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
        'x-forwarded-for': randomIp(),
      });
      const code = await latestSmsCode(t.app, phone);
      const again = await postForm<Account>(
        t.app,
        '/api/user/loginWithPhone',
        { phone, code, inviteCode: host.code, deviceID: device },
        undefined,
        { 'x-forwarded-for': randomIp() },
      );
      expect(again.data.newAccount).toBe(0);
      expect(await balance(host.account)).toBe(INVITE_REWARD);
      const [row] = (await records(host.account)).data.records;
      expect(row).toMatchObject({ name: `游***${phone.at(-1)}`, status: 'paid', reward: INVITE_REWARD });
    });

    it('pays once per device: a second account from the same device shows why it paid nothing', async () => {
      const host = await inviter();
      const device = newDevice();
      await register({ inviteCode: host.code, deviceID: device });
      await register({ inviteCode: host.code, deviceID: device });
      expect(await balance(host.account)).toBe(INVITE_REWARD);
      const list = (await records(host.account)).data;
      expect(list.records.map((r) => [r.status, r.reward, r.statusText])).toEqual([
        ['device', 0, '该设备已注册过账号，不发奖励'],
        ['paid', INVITE_REWARD, '奖励已到账'],
      ]);
      expect(await me(host.account)).toMatchObject({ invitedCount: 1, rewardTotal: INVITE_REWARD });
    });

    it('pays nothing for a device that signed up an account before, even without a code', async () => {
      const host = await inviter();
      const device = newDevice();
      await register({ deviceID: device });
      await register({ inviteCode: host.code, deviceID: device });
      expect(await balance(host.account)).toBe(0);
      expect((await records(host.account)).data.records.map((r) => r.status)).toEqual(['device']);
    });

    it('pays nothing for an account made with one’s own code on one’s own device', async () => {
      const host = await inviter();
      const second = await register({ inviteCode: host.code, deviceID: host.device });
      expect(second.newAccount).toBe(1);
      expect(await balance(host.account)).toBe(0);
      const [row] = (await records(host.account)).data.records;
      expect(row).toMatchObject({ status: 'own', reward: 0, statusText: '本人设备注册的账号，不发奖励' });
      expect(await me(host.account)).toMatchObject({ invitedCount: 0, rewardTotal: 0 });
    });

    it('pays nothing when the sign-up names no device, and says so', async () => {
      const host = await inviter();
      await register({ inviteCode: host.code });
      expect(await balance(host.account)).toBe(0);
      expect((await records(host.account)).data.records[0]).toMatchObject({ status: 'noDevice', reward: 0 });
    });

    it('registers with an unknown code, records it for nobody and pays nobody', async () => {
      const before = await t.deps.db.kysely
        .selectFrom('invites')
        .select(t.deps.db.kysely.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const account = await register({ inviteCode: 'NOSUCH99', deviceID: newDevice() });
      expect(account.newAccount).toBe(1);
      const byPhone = await registerByPhone({ inviteCode: 'ZZZZZZZZ', deviceID: newDevice() });
      expect(byPhone.account.newAccount).toBe(1);
      const after = await t.deps.db.kysely
        .selectFrom('invites')
        .select(t.deps.db.kysely.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const invites = await t.deps.db.kysely
        .selectFrom('coin_ledger')
        .select('ref')
        .where('reason', '=', 'invite')
        .where('ref', 'in', [account.uid, byPhone.account.uid])
        .execute();
      expect(invites).toEqual([]);
    });

    it('pays once per account and device when friends sign up in parallel, and once for a device raced twice', async () => {
      const host = await inviter();
      const friends = await Promise.all(
        Array.from({ length: 8 }, () => register({ inviteCode: host.code, deviceID: newDevice() })),
      );
      expect(new Set(friends.map((f) => f.uid)).size).toBe(8);
      expect(await balance(host.account)).toBe(8 * INVITE_REWARD);
      const shared = newDevice();
      await Promise.all(
        Array.from({ length: 4 }, () => register({ inviteCode: host.code, deviceID: shared })),
      );
      expect(await balance(host.account)).toBe(9 * INVITE_REWARD);
      const ledger = await ledgerOf(t, Number(host.account.uid));
      expect(ledger).toHaveLength(9);
      expect(new Set(ledger.map((r) => r.ref)).size).toBe(9);
      expect(Number(ledger.at(-1)?.balance_after)).toBe(9 * INVITE_REWARD);
      expect(await me(host.account)).toMatchObject({ invitedCount: 9, rewardTotal: 9 * INVITE_REWARD });
      const all = (await records(host.account, { pageSize: 100 })).data.records;
      expect(all).toHaveLength(12);
      expect(all.filter((r) => r.status === 'device')).toHaveLength(3);
    });
  });

  describe('records', () => {
    let host: Awaited<ReturnType<typeof inviter>>;
    beforeAll(async () => {
      host = await inviter();
      for (let i = 0; i < 12; i++) {
        t.clock.advance(1000);
        await register({
          inviteCode: host.code,
          deviceID: newDevice(),
          loginName: `rec_${i}_${randomBytes(2).toString('hex')}`,
        });
      }
    });

    it('pages newest first by number and by cursor', async () => {
      const first = (await records(host.account, { pageSize: 5 })).data;
      expect(first).toMatchObject({ total: 12, pages: 3, current: 1 });
      expect(first.records).toHaveLength(5);
      expect(first.records[0].name.startsWith('r')).toBe(true);
      const times = first.records.map((r) => r.joinTime);
      expect([...times].sort().reverse()).toEqual(times);
      const third = (await records(host.account, { pageSize: 5, currentPage: 3 })).data;
      expect(third.records).toHaveLength(2);
      expect(third.nextCursor).toBeNull();
      const second = (await records(host.account, { pageSize: 5, cursor: first.nextCursor as string })).data;
      const byNumber = (await records(host.account, { pageSize: 5, currentPage: 2 })).data;
      expect(second.records.map((r) => r.id)).toEqual(byNumber.records.map((r) => r.id));
      const ids = [...first.records, ...second.records, ...third.records].map((r) => r.id);
      expect(new Set(ids).size).toBe(12);
    });

    it('is empty for somebody who invited nobody, and shows only the caller’s invitees', async () => {
      const lonely = await inviter();
      expect((await records(lonely.account)).data).toMatchObject({
        records: [],
        total: 0,
        pages: 0,
        nextCursor: null,
      });
    });

    it('answers 400 naming the field for bad paging', async () => {
      const cases: Array<[Record<string, string | number>, string]> = [
        [{ currentPage: 0 }, 'currentPage'],
        [{ currentPage: 'x' }, 'currentPage'],
        [{ pageSize: 101 }, 'pageSize'],
        [{ cursor: '!!' }, 'cursor'],
        [{ cursor: 'WyJvdGhlciIsMSwxXQ' }, 'cursor'],
        [{ currentPage: 11, pageSize: 100 }, 'currentPage'],
      ];
      for (const [query, field] of cases) {
        const answer: Answer = await records(host.account, query);
        expect(answer.status, JSON.stringify(query)).toBe(400);
        expect(answer.code).toBe(400);
        expect(answer.msg).toContain(field);
      }
    });
  });
});
