import { type Account, accountSchema, userStatusSchema } from '@ld/contract/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMembership } from '../src/modules/vip/repository.ts';
import {
  type Answer,
  createTestApp,
  describeDialects,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';
import { fund } from './helpers/money.ts';

const DAY = 24 * 3600 * 1000;

describeDialects('accounts', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  /** A form POST from its own address, so per-IP limits only trip where a test means them to. */
  const send = <T = any>(
    url: string,
    body: Record<string, string | number | undefined> = {},
    account?: Pick<Account, 'uid' | 'token'>,
  ): Promise<Answer<T>> => postForm<T>(t.app, url, body, account, { 'x-forwarded-for': randomIp() });
  const countUsers = async () => (await t.deps.db.kysely.selectFrom('users').select('id').execute()).length;
  const me = (account: Pick<Account, 'uid' | 'token'>) =>
    send('/api/user/center/me', { uid: account.uid }, account);

  describe('registerWithName', () => {
    it('creates the account with a token, a welcome message and an invite code', async () => {
      const res = await send<Account>('/api/user/registerWithName', {
        loginName: 'alice_01',
        password: 'secret123',
        appID: 2008,
      });
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        loginName: 'alice_01',
        name: '游客',
        newAccount: 1,
        needBind: 1,
        needRealName: 0,
        accountType: 0,
        sex: 0,
        age: '',
      });
      expect(accountSchema.parse(res.data)).toEqual(res.data);
      expect(res.data.uid).toMatch(/^\d+$/);
      expect(res.data.token).toMatch(/^[0-9a-f]{64}$/);

      const status = await me(res.data);
      expect(status.code).toBe(0);
      expect(userStatusSchema.parse(status.data)).toEqual(status.data);
      expect(status.data.inviteCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
      const inbox = await send('/api/user/center/message/all', {}, res.data);
      expect(inbox.data.total).toBe(1);
      expect(inbox.data.unread).toBe(1);
      expect(inbox.data.records[0].title).toBe('欢迎来到蓝钻乐园');
    });

    it('refuses a taken login name, whatever its case', async () => {
      await registerUser(t.app, 'taken_name');
      const before = await countUsers();
      for (const loginName of ['taken_name', 'Taken_Name']) {
        const res = await send('/api/user/registerWithName', { loginName, password: 'secret123' });
        expect(res.status).toBe(200);
        expect(res.code).toBe(1);
        expect(res.msg).toBe('该用户名已被注册');
      }
      expect(await countUsers()).toBe(before);
    });

    it('registers a name once when several requests race for it', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          send('/api/user/registerWithName', { loginName: 'race_name', password: 'secret123' }),
        ),
      );
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1, 1, 1, 1]);
      expect(answers.filter((a) => a.code === 1).every((a) => a.msg === '该用户名已被注册')).toBe(true);
      const rows = await t.deps.db.kysely
        .selectFrom('users')
        .select('id')
        .where('login_name', '=', 'race_name')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('records the inviter of a known invite code and ignores an unknown one', async () => {
      const inviter = await registerUser(t.app);
      const code = (await me(inviter)).data.inviteCode as string;
      const invited = await send<Account>('/api/user/registerWithName', {
        loginName: 'invited_1',
        password: 'secret123',
        inviteCode: code.toLowerCase(),
      });
      expect(invited.code).toBe(0);
      const row = await t.deps.db.kysely
        .selectFrom('users')
        .select('invited_by')
        .where('id', '=', Number(invited.data.uid))
        .executeTakeFirstOrThrow();
      expect(row.invited_by).toBe(Number(inviter.uid));

      const stranger = await send<Account>('/api/user/registerWithName', {
        loginName: 'invited_2',
        password: 'secret123',
        inviteCode: 'NOSUCH99',
      });
      expect(stranger.code).toBe(0);
      const row2 = await t.deps.db.kysely
        .selectFrom('users')
        .select('invited_by')
        .where('id', '=', Number(stranger.data.uid))
        .executeTakeFirstOrThrow();
      expect(row2.invited_by).toBeNull();
    });

    it.each([
      [{ password: 'secret123' }, 'loginName: 请填写用户名'],
      [{ loginName: 'ab', password: 'secret123' }, 'loginName: 用户名为 4-20 位字母、数字或下划线'],
      [{ loginName: 'bad name!', password: 'secret123' }, 'loginName: 用户名为 4-20 位字母、数字或下划线'],
      [{ loginName: 'valid_name' }, 'password: 请填写密码'],
      [{ loginName: 'valid_name', password: '12345' }, 'password: 密码至少 6 位'],
      [{ loginName: 'valid_name', password: 'x'.repeat(33) }, 'password: 密码最多 32 位'],
      [
        { loginName: 'valid_name', password: 'secret123', inviteCode: 'X'.repeat(33) },
        'inviteCode: 邀请码最多 32 位',
      ],
      [{ loginName: 'valid_name', password: 'secret123', appID: 9999 }, 'appID: 未知的应用编号'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const before = await countUsers();
      const res = await send('/api/user/registerWithName', body);
      expect(res.status).toBe(400);
      expect(res.code).toBe(400);
      expect(res.msg).toBe(msg);
      expect(await countUsers()).toBe(before);
    });
  });

  describe('login', () => {
    let account: Account;
    beforeAll(async () => {
      account = await registerUser(t.app, 'login_user', 'right-pass');
    });

    it('answers the account with a new token at each login; old tokens keep working', async () => {
      const first = await send<Account>('/api/user/login', {
        loginName: 'login_user',
        password: 'right-pass',
      });
      const second = await send<Account>('/api/user/login', {
        loginName: 'LOGIN_USER',
        password: 'right-pass',
      });
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ uid: account.uid, loginName: 'login_user', newAccount: 0 });
      expect(second.code).toBe(0);
      expect(new Set([account.token, first.data.token, second.data.token]).size).toBe(3);
      expect((await me(first.data)).code).toBe(0);
      expect((await me(second.data)).code).toBe(0);
    });

    it('says the same thing for a wrong password and an unknown name', async () => {
      const wrong = await send('/api/user/login', { loginName: 'login_user', password: 'nope-nope' });
      const unknown = await send('/api/user/login', { loginName: 'nobody_here', password: 'x' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(200);
        expect(res.code).toBe(1);
        expect(res.msg).toBe('用户名或密码错误');
        expect(res.data).toBeNull();
      }
    });

    it.each([
      [{ password: 'x' }, 'loginName: 请填写用户名'],
      [{ loginName: 'login_user' }, 'password: 请填写密码'],
      [{ loginName: 'login_user', password: '' }, 'password: 请填写密码'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const res = await send('/api/user/login', body);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
    });

    it('limits attempts per address with 429 and the wait', async () => {
      // Each try names another account, so only the per-address flood guard can refuse them.
      const attempt = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: `loginName=flood_${i}&password=guess-guess`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.9.9' },
        });
      for (let i = 0; i < 60; i++) expect((await attempt(i)).json().code).toBe(1);
      const limited = await attempt(60);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 429, data: null });
      expect(limited.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('sessions', () => {
    it('answers code 2 for a missing, wrong or forged token', async () => {
      const account = await registerUser(t.app);
      const cases: Array<Record<string, string> | undefined> = [
        undefined,
        { uid: account.uid, token: 'f'.repeat(64) },
        { uid: String(Number(account.uid) + 1), token: account.token },
        { uid: account.uid, token: 'short' },
      ];
      for (const headers of cases) {
        const res = await send('/api/user/center/me', {}, headers as Account | undefined);
        expect(res.status).toBe(200);
        expect(res.code).toBe(2);
        expect(res.msg).toBe('登录已失效，请重新登录');
      }
    });

    it('expires a token after 30 days unused, and keeps a used one alive', async () => {
      const idle = await registerUser(t.app);
      const active = await registerUser(t.app);
      t.clock.advance(20 * DAY);
      expect((await me(active)).code).toBe(0);
      t.clock.advance(11 * DAY);
      expect((await me(idle)).code).toBe(2);
      expect((await me(active)).code).toBe(0);
    });

    it('logout kills the token and only that one', async () => {
      const account = await registerUser(t.app, 'logout_user', 'secret123');
      const other = await send<Account>('/api/user/login', {
        loginName: 'logout_user',
        password: 'secret123',
      });
      const res = await send('/api/user/logout', {}, account);
      expect(res).toMatchObject({ status: 200, code: 0, data: null });
      expect((await me(account)).code).toBe(2);
      expect((await send('/api/user/logout', {}, account)).code).toBe(2);
      expect((await me(other.data)).code).toBe(0);
    });
  });

  describe('center/me', () => {
    it('answers the status with balance, membership and profile', async () => {
      const account = await registerUser(t.app);
      const res = await me(account);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({
        uid: account.uid,
        loginName: account.loginName,
        name: '游客',
        sex: 0,
        age: '',
        avatar: null,
        phone: null,
        coinNum: 0,
        levelType: 0,
        expTime: null,
        isMember: false,
        needBind: 1,
      });
    });

    it('is a member only while levelType >= 1 and expTime is in the future', async () => {
      const account = await registerUser(t.app);
      const now = t.clock.now();
      await fund(t, Number(account.uid), 88);
      const set = (level: number, exp: number | null) =>
        setMembership(t.deps.db.kysely, Number(account.uid), { levelType: level, expTime: exp, now });
      await set(1, now + DAY);
      const member = await me(account);
      expect(member.data).toMatchObject({
        levelType: 1,
        isMember: true,
        coinNum: 88,
        expTime: new Date(now + DAY).toISOString(),
      });
      await set(1, now - 1);
      expect((await me(account)).data.isMember).toBe(false);
      await set(0, now + DAY);
      expect((await me(account)).data.isMember).toBe(false);
    });

    it('answers code 2 when the body names another uid', async () => {
      const account = await registerUser(t.app);
      const res = await send('/api/user/center/me', { uid: '999999' }, account);
      expect(res.code).toBe(2);
      const bad = await send('/api/user/center/me', { uid: 'abc' }, account);
      expect(bad.status).toBe(400);
      expect(bad.msg).toBe('uid: uid 须为数字');
    });
  });

  describe('center/updateInfo', () => {
    it('updates name, sex and age and answers the status', async () => {
      const account = await registerUser(t.app);
      const res = await postForm(
        t.app,
        '/api/user/center/updateInfo',
        { name: '  <b>小蓝</b>  ', sex: 2, age: 18 },
        account,
      );
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ name: '<b>小蓝</b>', sex: 2, age: '18' });
      const partial = await send('/api/user/center/updateInfo', { sex: 1 }, account);
      expect(partial.data).toMatchObject({ name: '<b>小蓝</b>', sex: 1, age: '18' });
    });

    it.each([
      [{}, 'name: 请至少填写 name、sex、age 中的一项'],
      [{ name: '   ' }, 'name: 请填写姓名'],
      [{ name: 'x'.repeat(17) }, 'name: 昵称最多 16 个字'],
      [{ name: 'a\u0007b' }, 'name: 昵称不能包含控制字符'],
      [{ name: 'a\nb' }, 'name: 昵称不能包含控制字符'],
      [{ sex: 3 }, 'sex: sex 须为 0（保密）、1（男）或 2（女）'],
      [{ sex: 'male' }, 'sex: sex 须为 0（保密）、1（男）或 2（女）'],
      [{ age: 0 }, 'age: 年龄须在 1-120 之间'],
      [{ age: 121 }, 'age: 年龄须在 1-120 之间'],
      [{ age: 'old' }, 'age: 年龄须为整数'],
      [{ age: 1.5 }, 'age: 年龄须为整数'],
    ])('answers 400 naming the field for %j and changes nothing', async (body, msg) => {
      const account = await registerUser(t.app);
      const res = await send('/api/user/center/updateInfo', body, account);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      expect((await me(account)).data).toMatchObject({ name: '游客', sex: 0, age: '' });
    });

    it('needs login', async () => {
      expect((await send('/api/user/center/updateInfo', { sex: 1 })).code).toBe(2);
    });
  });

  describe('resetPassword by the old password', () => {
    it('changes the password and ends every other session, keeping the caller', async () => {
      const account = await registerUser(t.app, 'reset_user', 'old-secret');
      const elsewhere = await send<Account>('/api/user/login', {
        loginName: 'reset_user',
        password: 'old-secret',
      });
      const res = await postForm(
        t.app,
        '/api/user/resetPassword',
        { oldPassword: 'old-secret', newPassword: 'new-secret' },
        account,
      );
      expect(res).toMatchObject({ status: 200, code: 0, data: null });
      expect((await me(account)).code).toBe(0);
      expect((await me(elsewhere.data)).code).toBe(2);
      const oldLogin = await send('/api/user/login', { loginName: 'reset_user', password: 'old-secret' });
      expect(oldLogin.code).toBe(1);
      const newLogin = await send('/api/user/login', { loginName: 'reset_user', password: 'new-secret' });
      expect(newLogin.code).toBe(0);
    });

    it('refuses a wrong old password and keeps the old one', async () => {
      const account = await registerUser(t.app, 'reset_wrong', 'old-secret');
      const res = await postForm(
        t.app,
        '/api/user/resetPassword',
        { oldPassword: 'not-it', newPassword: 'new-secret' },
        account,
      );
      expect(res.code).toBe(1);
      expect(res.msg).toBe('原密码不正确');
      const login = await send('/api/user/login', { loginName: 'reset_wrong', password: 'old-secret' });
      expect(login.code).toBe(0);
    });

    it.each([
      [{ oldPassword: 'old-secret' }, 'newPassword: 请填写密码'],
      [{ oldPassword: 'old-secret', newPassword: '123' }, 'newPassword: 密码至少 6 位'],
      [{ newPassword: 'new-secret' }, 'oldPassword: 请填写原密码，或填写手机号和验证码'],
      [{ newPassword: 'new-secret', phone: '13800138000' }, 'code: 请填写验证码'],
      [{ newPassword: 'new-secret', code: '123456' }, 'phone: 请填写手机号'],
      [
        { newPassword: 'new-secret', phone: '12345', code: '123456' },
        'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9',
      ],
      [{ newPassword: 'new-secret', phone: '13800138000', code: '12ab' }, 'code: 验证码为 6 位数字'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      const account = await registerUser(t.app, undefined, 'old-secret');
      const res = await send('/api/user/resetPassword', body, account);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      const login = await send('/api/user/login', {
        loginName: account.loginName,
        password: 'old-secret',
      });
      expect(login.code).toBe(0);
    });

    it('needs login', async () => {
      const res = await send('/api/user/resetPassword', { oldPassword: 'a', newPassword: 'bbbbbb' });
      expect(res.code).toBe(2);
    });
  });
  describe('every call that needs login', () => {
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/user/center/me', {}],
      ['/api/user/center/updateInfo', { sex: '1' }],
      ['/api/user/center/uploadAvatar', {}],
      ['/api/user/center/message/all', {}],
      ['/api/user/message', {}],
      ['/api/user/bind', { phone: '13800138009', code: '123456' }],
      ['/api/user/resetPassword', { oldPassword: 'secret123', newPassword: 'secret456' }],
      ['/api/user/logout', {}],
    ];

    it('answers code 2 for a wrong token, then for a token unused for 31 days', async () => {
      const account = await registerUser(t.app, 'expiring_user', 'secret123');
      for (const [url, body] of calls) {
        const wrong = await send(url, body, { uid: account.uid, token: 'a'.repeat(64) });
        expect({ url, status: wrong.status, code: wrong.code }).toEqual({ url, status: 200, code: 2 });
      }
      t.clock.advance(31 * DAY);
      for (const [url, body] of calls) {
        const expired = await send(url, body, account);
        expect({ url, code: expired.code, msg: expired.msg }).toEqual({
          url,
          code: 2,
          msg: '登录已失效，请重新登录',
        });
      }
      // Nothing happened on the account's behalf: its password still works and it has no phone.
      const login = await send<Account>('/api/user/login', {
        loginName: 'expiring_user',
        password: 'secret123',
      });
      expect(login.code).toBe(0);
      expect((await me(login.data)).data).toMatchObject({ sex: 0, phone: null });
    });
  });
});
