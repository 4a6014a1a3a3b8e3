import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Answer,
  createTestApp,
  describeDialects,
  latestSmsCode,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

let phoneSeq = 0;
/** A phone no other test of the file uses. */
const freshPhone = () =>
  `139${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

describeDialects('sms codes and phone accounts', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const send = <T = any>(
    url: string,
    body: Record<string, string | number | undefined> = {},
    account?: Pick<Account, 'uid' | 'token'>,
    ip = randomIp(),
  ): Promise<Answer<T>> => postForm<T>(t.app, url, body, account, { 'x-forwarded-for': ip });
  const requestCode = (phone: string, type = 'login', account?: Account, ip?: string) =>
    send('/api/user/smsCode', { phone, type }, account, ip);
  /** Sends a code and reads it from the dev inbox; moves the clock past the 1-a-minute rule first. */
  const codeFor = async (phone: string, type = 'login', account?: Account) => {
    t.clock.advance(61_000);
    const res = await requestCode(phone, type, account);
    expect(res.code).toBe(0);
    return latestSmsCode(t.app, phone);
  };
  const smsRows = (phone: string) =>
    t.deps.db.kysely.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();
  const me = (account: Pick<Account, 'uid' | 'token'>) => send('/api/user/center/me', {}, account);
  const phoneLogin = (phone: string, code: string, extra: Record<string, string> = {}) =>
    send<Account>('/api/user/loginWithPhone', { phone, code, ...extra });

  describe('smsCode', () => {
    it('sends a 6-digit code with the app title and stores only its hash', async () => {
      const phone = freshPhone();
      const spy = vi.spyOn(t.deps.sms, 'send');
      const res = await requestCode(phone);
      expect(res).toMatchObject({ status: 200, code: 0, data: null });
      const code = await latestSmsCode(t.app, phone);
      expect(code).toMatch(/^\d{6}$/);
      expect(spy).toHaveBeenCalledWith({
        phone,
        code,
        minutes: 5,
        text: `【蓝钻乐园】验证码 ${code}，5 分钟内有效，请勿告诉他人。`,
      });
      const rows = await smsRows(phone);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ type: 'login', attempts: 0, used_at: null });
      expect(rows[0].code_hash).not.toContain(code);
      expect(rows[0].expires_at - rows[0].created_at).toBe(5 * 60 * 1000);
    });

    it('allows 1 send a minute per phone, answering 429 with the seconds to wait', async () => {
      const phone = freshPhone();
      expect((await requestCode(phone)).code).toBe(0);
      t.clock.advance(15_000);
      const again = await requestCode(phone);
      expect(again.status).toBe(429);
      expect(again.code).toBe(429);
      expect(again.msg).toBe('验证码发送过于频繁，请 45 秒后再试');
      t.clock.advance(46_000);
      expect((await requestCode(phone)).code).toBe(0);
      expect(await smsRows(phone)).toHaveLength(2);
    });

    it('allows 5 sends an hour and 10 a day per phone', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 5; i++) {
        expect((await requestCode(phone)).code).toBe(0);
        t.clock.advance(61_000);
      }
      const hourly = await requestCode(phone);
      expect(hourly.status).toBe(429);
      expect(hourly.msg).toBe(`验证码发送过于频繁，请 ${3600 - 5 * 61} 秒后再试`);
      t.clock.advance((3600 - 5 * 61) * 1000);
      for (let i = 0; i < 5; i++) {
        expect((await requestCode(phone)).code).toBe(0);
        t.clock.advance(61_000);
      }
      t.clock.advance(3600 * 1000);
      const daily = await requestCode(phone);
      expect(daily.status).toBe(429);
      expect(daily.msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
      const seconds = Number(daily.msg.match(/(\d+) 秒/)?.[1]);
      expect(seconds).toBeGreaterThan(3600);
      expect(seconds).toBeLessThanOrEqual(24 * 3600);
      expect(await smsRows(phone)).toHaveLength(10);
      t.clock.advance(seconds * 1000);
      expect((await requestCode(phone)).code).toBe(0);
    });

    it('lets exactly one of several simultaneous sends to a phone through', async () => {
      const phone = freshPhone();
      const answers = await Promise.all(Array.from({ length: 5 }, () => requestCode(phone)));
      expect(answers.map((a) => a.code).sort()).toEqual([0, 429, 429, 429, 429]);
      expect(await smsRows(phone)).toHaveLength(1);
    });

    it('caps sends per address', async () => {
      const ip = randomIp();
      for (let i = 0; i < 20; i++)
        expect((await requestCode(freshPhone(), 'login', undefined, ip)).code).toBe(0);
      const limited = await requestCode(freshPhone(), 'login', undefined, ip);
      expect(limited.status).toBe(429);
      expect(limited.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    });

    it.each([
      [{ type: 'login' }, 'phone: 请填写手机号'],
      [{ phone: '12345', type: 'login' }, 'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9'],
      [{ phone: '12800138000', type: 'login' }, 'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9'],
      [{ phone: '1380013800a', type: 'login' }, 'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9'],
      [{ phone: '13800138001' }, 'type: type 须为 login、bind 或 reset'],
      [{ phone: '13800138001', type: 'hack' }, 'type: type 须为 login、bind 或 reset'],
    ])('answers 400 naming the field for %j and sends nothing', async (body, msg) => {
      const spy = vi.spyOn(t.deps.sms, 'send');
      const res = await send('/api/user/smsCode', body);
      expect(res.status).toBe(400);
      expect(res.msg).toBe(msg);
      expect(spy).not.toHaveBeenCalled();
      expect(await smsRows('13800138001')).toHaveLength(0);
    });

    it('refuses a bind code for a phone bound to another account, or without login', async () => {
      const owner = await registerUser(t.app);
      const phone = freshPhone();
      const code = await codeFor(phone, 'bind', owner);
      expect((await send('/api/user/bind', { phone, code }, owner)).code).toBe(0);

      const other = await registerUser(t.app);
      t.clock.advance(61_000);
      const taken = await requestCode(phone, 'bind', other);
      expect(taken.code).toBe(1);
      expect(taken.msg).toBe('该手机号已绑定其他账号，请换一个手机号，或退出后用该手机号登录');
      const own = await requestCode(phone, 'bind', owner);
      expect(own.code).toBe(1);
      expect(own.msg).toBe('该手机号已绑定当前账号，无需再次绑定');
      expect((await requestCode(freshPhone(), 'bind')).code).toBe(2);
      expect(await smsRows(phone)).toHaveLength(1);
    });

    it('refuses a reset code for a phone no account has', async () => {
      const phone = freshPhone();
      const res = await requestCode(phone, 'reset');
      expect(res.code).toBe(1);
      expect(res.msg).toBe('该手机号未绑定任何账号，请确认手机号，或用原密码修改密码');
      expect(await smsRows(phone)).toHaveLength(0);
    });
  });

  describe('loginWithPhone', () => {
    it('registers an unknown phone, then logs the same account in', async () => {
      const phone = freshPhone();
      const first = await phoneLogin(phone, await codeFor(phone));
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({
        loginName: `m${phone}`,
        name: `游客${phone.slice(-4)}`,
        newAccount: 1,
        needBind: 0,
      });
      const status = await me(first.data);
      expect(status.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);

      const second = await phoneLogin(phone, await codeFor(phone));
      expect(second.code).toBe(0);
      expect(second.data).toMatchObject({ uid: first.data.uid, newAccount: 0 });
      expect(second.data.token).not.toBe(first.data.token);
    });

    it('keeps a login name a person already took by suffixing it', async () => {
      const phone = freshPhone();
      await registerUser(t.app, `m${phone}`);
      const res = await phoneLogin(phone, await codeFor(phone));
      expect(res.code).toBe(0);
      expect(res.data.loginName).toMatch(new RegExp(`^m${phone}_\\d{4}$`));
    });

    it('records the inviter of a new phone account', async () => {
      const inviter = await registerUser(t.app);
      const inviteCode = (await me(inviter)).data.inviteCode;
      const phone = freshPhone();
      const res = await phoneLogin(phone, await codeFor(phone), { inviteCode });
      const row = await t.deps.db.kysely
        .selectFrom('users')
        .select('invited_by')
        .where('id', '=', Number(res.data.uid))
        .executeTakeFirstOrThrow();
      expect(row.invited_by).toBe(Number(inviter.uid));
    });

    it('says which way a code is invalid: wrong, expired, used, voided', async () => {
      const phone = freshPhone();
      const none = await phoneLogin(phone, '123456');
      expect(none).toMatchObject({ code: 1002, msg: '验证码错误，请先获取验证码' });

      const code = await codeFor(phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await phoneLogin(phone, wrongCode);
      expect(wrong).toMatchObject({ status: 200, code: 1002, msg: '验证码错误，还可再试 4 次' });
      expect((await phoneLogin(phone, code)).code).toBe(0);
      expect(await phoneLogin(phone, code)).toMatchObject({ code: 1002, msg: '验证码已失效，请重新获取' });

      const late = await codeFor(phone);
      t.clock.advance(5 * 60 * 1000 + 1000);
      expect(await phoneLogin(phone, late)).toMatchObject({ code: 1002, msg: '验证码已过期，请重新获取' });

      const onTime = await codeFor(phone);
      t.clock.advance(5 * 60 * 1000);
      expect((await phoneLogin(phone, onTime)).code).toBe(0);
    });

    it('lets a code log in only once, even when used simultaneously', async () => {
      const phone = freshPhone();
      const code = await codeFor(phone);
      const answers = await Promise.all(Array.from({ length: 4 }, () => phoneLogin(phone, code)));
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1002, 1002, 1002]);
      const users = await t.deps.db.kysely
        .selectFrom('users')
        .select('id')
        .where('phone', '=', phone)
        .execute();
      expect(users).toHaveLength(1);
    });

    it('voids a code after 5 wrong tries, even for the right code', async () => {
      const phone = freshPhone();
      const code = await codeFor(phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++) {
        expect((await phoneLogin(phone, wrongCode)).msg).toBe(`验证码错误，还可再试 ${5 - i} 次`);
      }
      expect((await phoneLogin(phone, wrongCode)).msg).toBe('验证码错误次数过多，已失效，请重新获取');
      expect(await phoneLogin(phone, code)).toMatchObject({ code: 1002, msg: '验证码已失效，请重新获取' });
      expect(
        await t.deps.db.kysely.selectFrom('users').where('phone', '=', phone).select('id').execute(),
      ).toEqual([]);
    });

    it('accepts only the latest code, and only for its purpose', async () => {
      const phone = freshPhone();
      const older = await codeFor(phone);
      const newer = await codeFor(phone);
      if (older !== newer) expect((await phoneLogin(phone, older)).code).toBe(1002);
      const owner = await registerUser(t.app);
      const bindCode = await codeFor(phone, 'bind', owner);
      if (bindCode !== newer) expect((await phoneLogin(phone, bindCode)).code).toBe(1002);
      expect((await phoneLogin(phone, newer)).code).toBe(0);
    });

    it.each([
      [{ code: '123456' }, 'phone: 请填写手机号'],
      [{ phone: '1380013800', code: '123456' }, 'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9'],
      [{ phone: '13800138002' }, 'code: 请填写验证码'],
      [{ phone: '13800138002', code: '12345' }, 'code: 验证码为 6 位数字'],
      [{ phone: '13800138002', code: '123456', inviteCode: 'X'.repeat(40) }, 'inviteCode: 邀请码最多 32 位'],
    ])('answers 400 naming the field for %j', async (body, msg) => {
      for (const url of ['/api/user/loginWithPhone', '/api/user/loginPhoneWithoutRegister']) {
        const res = await send(url, body);
        expect(res.status).toBe(400);
        expect(res.msg).toBe(msg);
      }
    });
  });

  describe('loginPhoneWithoutRegister and the auto-register switch', () => {
    it('refuses an unknown phone and logs a known one in', async () => {
      const phone = freshPhone();
      const refused = await send('/api/user/loginPhoneWithoutRegister', {
        phone,
        code: await codeFor(phone),
      });
      expect(refused).toMatchObject({ code: 1, msg: '该手机号未注册，请使用账号注册或联系客服' });
      expect(
        await t.deps.db.kysely.selectFrom('users').where('phone', '=', phone).select('id').execute(),
      ).toEqual([]);
      const created = await phoneLogin(phone, await codeFor(phone));
      const known = await send<Account>('/api/user/loginPhoneWithoutRegister', {
        phone,
        code: await codeFor(phone),
      });
      expect(known.code).toBe(0);
      expect(known.data).toMatchObject({ uid: created.data.uid, newAccount: 0 });
    });

    it('makes loginWithPhone refuse unknown phones when the config says 0', async () => {
      await t.deps.db.kysely
        .insertInto('client_config')
        .values({ key: 'phoneLoginAutoRegister', value: '0' })
        .execute();
      try {
        const phone = freshPhone();
        const res = await phoneLogin(phone, await codeFor(phone));
        expect(res).toMatchObject({ code: 1, msg: '该手机号未注册，请使用账号注册或联系客服' });
      } finally {
        await t.deps.db.kysely
          .deleteFrom('client_config')
          .where('key', '=', 'phoneLoginAutoRegister')
          .execute();
      }
    });
  });

  describe('bind', () => {
    it('binds the phone and answers the account with the same token', async () => {
      const account = await registerUser(t.app);
      expect(account.needBind).toBe(1);
      const phone = freshPhone();
      const res = await send<Account>(
        '/api/user/bind',
        { phone, code: await codeFor(phone, 'bind', account) },
        account,
      );
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ uid: account.uid, token: account.token, needBind: 0, newAccount: 0 });
      expect((await me(account)).data).toMatchObject({
        needBind: 0,
        phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      });
      // The bound phone now logs in to this account.
      const byPhone = await phoneLogin(phone, await codeFor(phone));
      expect(byPhone.data.uid).toBe(account.uid);
    });

    it('refuses a second phone for a bound account and a wrong code', async () => {
      const account = await registerUser(t.app);
      const phone = freshPhone();
      const code = await codeFor(phone, 'bind', account);
      const wrong = await send(
        '/api/user/bind',
        { phone, code: code === '000000' ? '111111' : '000000' },
        account,
      );
      expect(wrong.code).toBe(1002);
      expect((await me(account)).data.phone).toBeNull();
      expect((await send('/api/user/bind', { phone, code }, account)).code).toBe(0);

      const second = freshPhone();
      const again = await send('/api/user/bind', { phone: second, code: '123456' }, account);
      expect(again.code).toBe(1);
      expect(again.msg).toBe(
        `当前账号已绑定手机号 ${phone.slice(0, 3)}****${phone.slice(7)}，如需更换请联系客服`,
      );
    });

    it('refuses a phone another account has', async () => {
      const phone = freshPhone();
      await phoneLogin(phone, await codeFor(phone));
      const account = await registerUser(t.app);
      const res = await send('/api/user/bind', { phone, code: '123456' }, account);
      expect(res).toMatchObject({
        code: 1,
        msg: '该手机号已绑定其他账号，请换一个手机号，或退出后用该手机号登录',
      });
    });

    it('needs login and checks its fields', async () => {
      expect((await send('/api/user/bind', { phone: '13800138003', code: '123456' })).code).toBe(2);
      const account = await registerUser(t.app);
      const bad = await send('/api/user/bind', { phone: '23800138003', code: '123456' }, account);
      expect(bad).toMatchObject({ status: 400, msg: 'phone: 手机号须为 11 位数字，以 1 开头，第二位为 3-9' });
      const noCode = await send('/api/user/bind', { phone: '13800138003' }, account);
      expect(noCode).toMatchObject({ status: 400, msg: 'code: 请填写验证码' });
    });
  });

  describe('resetPassword by SMS', () => {
    it('sets a new password with a code sent to the bound phone and ends other sessions', async () => {
      const phone = freshPhone();
      const account = (await phoneLogin(phone, await codeFor(phone))).data;
      const elsewhere = (await phoneLogin(phone, await codeFor(phone))).data;
      // A phone account has no password yet, so the old-password way cannot work.
      const noOld = await send(
        '/api/user/resetPassword',
        { oldPassword: 'whatever', newPassword: 'brand-new' },
        account,
      );
      expect(noOld).toMatchObject({
        code: 1,
        msg: '当前账号还没有设置密码，请用绑定的手机号获取验证码来设置',
      });

      const code = await codeFor(phone, 'reset', account);
      const res = await send('/api/user/resetPassword', { phone, code, newPassword: 'brand-new' }, account);
      expect(res).toMatchObject({ code: 0, data: null });
      expect((await me(account)).code).toBe(0);
      expect((await me(elsewhere)).code).toBe(2);
      const login = await send('/api/user/login', { loginName: account.loginName, password: 'brand-new' });
      expect(login.code).toBe(0);
    });

    it('refuses a phone that is not the caller’s and an account without a phone', async () => {
      const phone = freshPhone();
      const owner = (await phoneLogin(phone, await codeFor(phone))).data;
      const code = await codeFor(phone, 'reset', owner);
      const other = await registerUser(t.app, undefined, 'old-secret');
      const res = await send('/api/user/resetPassword', { phone, code, newPassword: 'brand-new' }, other);
      expect(res).toMatchObject({ code: 1, msg: '当前账号未绑定手机号，请用原密码修改，或先绑定手机号' });
      t.clock.advance(61_000);
      const sendForOther = await requestCode(phone, 'reset', other);
      expect(sendForOther).toMatchObject({
        code: 1,
        msg: '该手机号不是当前账号绑定的手机号，请填写绑定的手机号',
      });

      const otherPhone = freshPhone();
      const bound = (await phoneLogin(otherPhone, await codeFor(otherPhone))).data;
      const mismatch = await send(
        '/api/user/resetPassword',
        { phone, code, newPassword: 'brand-new' },
        bound,
      );
      expect(mismatch).toMatchObject({
        code: 1,
        msg: '该手机号不是当前账号绑定的手机号，请填写绑定的手机号',
      });
      // The owner's code was not used up by the refused attempts.
      expect(
        (await send('/api/user/resetPassword', { phone, code, newPassword: 'brand-new' }, owner)).code,
      ).toBe(0);
    });
  });
});
