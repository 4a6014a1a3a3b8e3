import type { Account } from '@ld/contract/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitAfter } from '../src/platform/backoff.ts';
import { loginBackoff } from '../src/platform/rate-limit.ts';
import {
  createTestApp,
  DIALECTS,
  latestSmsCode,
  postForm,
  randomIp,
  registerUser,
  type TestApp,
} from './helpers/app.ts';

// Password login is limited per account with growing waits, per address only as a wide flood
// guard; login by SMS code stays open (docs/decisions/0022-login-limits.md).

const SECOND = 1000;

describe('the wait schedule', () => {
  it('lets the free attempts through, then doubles from 30 s up to 15 minutes', () => {
    const rule = loginBackoff.fromOneAddress;
    expect([1, 2, 3, 4].map((n) => waitAfter(rule, n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 40].map((n) => waitAfter(rule, n) / SECOND)).toEqual([
      30, 60, 120, 240, 480, 900, 900, 900,
    ]);
    expect(waitAfter(loginBackoff.fromAllAddresses, 19)).toBe(0);
    expect(waitAfter(loginBackoff.fromAllAddresses, 20)).toBe(30 * SECOND);
  });
});

describe.each(DIALECTS)('login limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const login = (loginName: string, password: string, ip: string) =>
    postForm<Account>(t.app, '/api/user/login', { loginName, password }, undefined, {
      'x-forwarded-for': ip,
    });

  /** An account with a password and a bound phone, as the owner of an attacked account would have. */
  async function ownerWithPhone(name: string, password: string) {
    const account = await registerUser(t.app, name, password);
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const ip = randomIp();
    await postForm(t.app, '/api/user/smsCode', { phone, type: 'bind' }, account, { 'x-forwarded-for': ip });
    const code = await latestSmsCode(t.app, phone);
    const bound = await postForm(t.app, '/api/user/bind', { phone, code }, account, {
      'x-forwarded-for': ip,
    });
    expect(bound.code).toBe(0);
    return { account, phone };
  }

  it('makes one address wait after 5 wrong passwords, the wait doubling, without checking the password', async () => {
    await registerUser(t.app, 'guarded_one', 'right-pass');
    const attacker = randomIp();
    for (let i = 0; i < 5; i++) expect((await login('guarded_one', `guess-${i}`, attacker)).code).toBe(1);

    // Even the right password waits: during the wait nothing is checked.
    const waiting = await login('guarded_one', 'right-pass', attacker);
    expect(waiting.status).toBe(429);
    expect(waiting).toMatchObject({ code: 429, data: { retryAfter: 30 } });
    expect(waiting.msg).toBe('密码错误次数过多，请 30 秒后再试，或用手机验证码登录');
    expect(waiting.raw.headers['retry-after']).toBe('30');

    t.clock.advance(30 * SECOND);
    expect((await login('guarded_one', 'guess-5', attacker)).code).toBe(1);
    const longer = await login('guarded_one', 'guess-6', attacker);
    expect(longer).toMatchObject({ status: 429, data: { retryAfter: 60 } });
    t.clock.advance(60 * SECOND);
    expect((await login('guarded_one', 'guess-6', attacker)).code).toBe(1);
    expect((await login('guarded_one', 'guess-7', attacker)).data).toEqual({ retryAfter: 120 });

    // The owner, from another address, is not held up by the attacker's address.
    const owner = await login('guarded_one', 'right-pass', randomIp());
    expect(owner.code).toBe(0);
    // …and the attacker's address still waits.
    expect((await login('guarded_one', 'right-pass', attacker)).status).toBe(429);
  });

  it('makes everyone wait after 20 wrong passwords from many addresses; the owner still gets in by SMS code', async () => {
    const { account, phone } = await ownerWithPhone('guarded_many', 'right-pass');
    // The bind code was the phone's one text this minute (DESIGN §6).
    t.clock.advance(61 * SECOND);
    // 20 addresses, one guess each: no address reaches its own 5.
    for (let i = 0; i < 20; i++) {
      expect((await login('guarded_many', `guess-${i}`, randomIp())).code).toBe(1);
    }
    const next = await login('guarded_many', 'guess-20', randomIp());
    expect(next).toMatchObject({ status: 429, data: { retryAfter: 30 } });
    const ownerByPassword = await login('guarded_many', 'right-pass', randomIp());
    expect(ownerByPassword.status).toBe(429);

    const ip = randomIp();
    const sent = await postForm(t.app, '/api/user/smsCode', { phone, type: 'login' }, undefined, {
      'x-forwarded-for': ip,
    });
    expect(sent.code).toBe(0);
    const code = await latestSmsCode(t.app, phone);
    const byCode = await postForm<Account>(
      t.app,
      '/api/user/loginPhoneWithoutRegister',
      { phone, code },
      undefined,
      { 'x-forwarded-for': ip },
    );
    expect(byCode.code).toBe(0);
    expect(byCode.data.uid).toBe(account.uid);

    // Once the wait is over, a right password logs in and starts the count afresh.
    t.clock.advance(30 * SECOND);
    expect((await login('guarded_many', 'right-pass', randomIp())).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await login('guarded_many', `again-${i}`, randomIp())).code).toBe(1);
  });

  it('treats an unknown login name like a known one', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await login('no_such_user', `guess-${i}`, ip)).code).toBe(1);
    expect((await login('no_such_user', 'guess-5', ip)).data).toEqual({ retryAfter: 30 });
  });

  it('does not lock the other accounts behind one busy address out', async () => {
    const nat = randomIp();
    const people = await Promise.all(
      Array.from({ length: 8 }, (_, i) => registerUser(t.app, `nat_user_${i}_${dialect}`, `pass-${i}-ok`)),
    );
    // One person behind the NAT gets their password wrong until they must wait…
    for (let i = 0; i < 5; i++) expect((await login(people[0].loginName, 'wrong-pass', nat)).code).toBe(1);
    expect((await login(people[0].loginName, 'pass-0-ok', nat)).status).toBe(429);
    // …while everyone else behind it logs in, several times each: 40 logins in the same minute.
    for (let round = 0; round < 5; round++) {
      for (const [i, person] of people.entries()) {
        if (i === 0) continue;
        expect((await login(person.loginName, `pass-${i}-ok`, nat)).code).toBe(0);
      }
    }
  });
});
