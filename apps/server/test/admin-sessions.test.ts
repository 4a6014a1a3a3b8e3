import type { TotpSetup } from '@ld/contract/admin/session';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  OPERATOR_IDLE_MS,
  OPERATOR_SESSION_MS,
  PENDING_SESSION_MS,
} from '../src/modules/operators/sessions.ts';
import {
  adminCall,
  auditRows,
  loginOperator,
  loginRequest,
  makeOperator,
  type Operator,
  operatorOf,
  TOTP_STEP_MS,
  totpCodeAt,
} from './helpers/admin.ts';
import { createTestApp, describeDialects, randomIp, type TestApp } from './helpers/app.ts';

describeDialects('admin sessions', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  const sessionOf = (operator: Pick<Operator, 'cookie' | 'csrfToken' | 'ip'>) =>
    adminCall(t.app, 'GET', '/session', { operator });
  const sessionRows = (operatorId: number) =>
    t.deps.db.kysely
      .selectFrom('operator_sessions')
      .selectAll()
      .where('operator_id', '=', operatorId)
      .execute();

  it('logs in with an HttpOnly, SameSite=Strict cookie scoped to the admin API, and answers who and the CSRF token', async () => {
    const made = await makeOperator(t, 'editor', { name: `Mixed_${Date.now()}` });
    const answer = await loginRequest(t.app, made.name.toUpperCase(), made.password);
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data).toMatchObject({
      operator: { id: made.id, name: made.name.toLowerCase(), role: 'editor', totpEnabled: false },
      stage: 'active',
      totpRequired: false,
    });
    const setCookie = String(answer.raw.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^ld_admin=[0-9a-f]{64}; Path=\/api\/admin; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    // The token is stored only as a hash.
    const [row] = await sessionRows(made.id);
    expect(row.token_hash).not.toBe(answer.cookie?.slice('ld_admin='.length));
    const session = await sessionOf({ cookie: answer.cookie ?? '', csrfToken: '', ip: randomIp() });
    expect(session.data).toEqual(answer.data);
  });

  it('refuses a wrong password, an unknown name and a disabled operator with clear messages', async () => {
    const made = await makeOperator(t, 'finance');
    const wrong = await loginRequest(t.app, made.name, 'Wrong!pass123');
    expect(wrong).toMatchObject({ status: 200, code: 1, msg: '操作员名或密码错误', cookie: null });
    const unknown = await loginRequest(t.app, 'nobody_here', 'Wrong!pass123');
    expect(unknown).toMatchObject({ code: 1, msg: '操作员名或密码错误', cookie: null });
    await t.deps.db.kysely
      .updateTable('operators')
      .set({ is_disabled: 1 })
      .where('id', '=', made.id)
      .execute();
    const disabled = await loginRequest(t.app, made.name, made.password);
    expect(disabled).toMatchObject({ code: 1, msg: '该操作员账号已停用，请联系管理员', cookie: null });
    expect(await sessionRows(made.id)).toHaveLength(0);
  });

  it('refuses a login that is not JSON (a cross-site form) and bad input naming the field', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/v1/auth/login',
      payload: 'name=someone&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const bad = await loginRequest(t.app, 'a', 'x');
    expect(bad).toMatchObject({ status: 400, code: 400 });
    expect(bad.msg).toMatch(/^name: /);
  });

  it('locks an account after 5 wrong passwords from one address, for minutes, right password included; another address still gets in', async () => {
    const made = await makeOperator(t, 'moderator');
    const ip = randomIp();
    for (let i = 0; i < 5; i++)
      expect((await loginRequest(t.app, made.name, `Wrong!pass${i}00`, ip)).code).toBe(1);
    const locked = await loginRequest(t.app, made.name, made.password, ip);
    expect(locked).toMatchObject({
      status: 429,
      code: 429,
      msg: '密码错误次数过多，已锁定，请 1 分钟后再试',
      cookie: null,
    });
    expect(locked.raw.headers['retry-after']).toBe('60');
    const elsewhere = await loginRequest(t.app, made.name, made.password, randomIp());
    expect(elsewhere.code).toBe(0);
    t.clock.advance(61_000);
    expect((await loginRequest(t.app, made.name, made.password, ip)).code).toBe(0);
  });

  it('stops one address trying many names: past 60 logins a minute it is refused, right password included; others get in', async () => {
    const made = await makeOperator(t, 'editor');
    const ip = randomIp();
    // Each name is new, so no per-account lock: only the per-address guard stops the sweep.
    for (let i = 0; i < 60; i++) {
      const tried = await loginRequest(t.app, `sweep_${i}_name`, 'Wrong!pass000', ip);
      expect(tried.code, tried.msg).toBe(1);
    }
    const flooded = await loginRequest(t.app, made.name, made.password, ip);
    expect(flooded).toMatchObject({ status: 429, code: 429, cookie: null });
    expect((await loginRequest(t.app, made.name, made.password, randomIp())).code).toBe(0);
  });

  it('locks an account after 10 wrong passwords from any addresses, with a doubling wait', async () => {
    const made = await makeOperator(t, 'moderator');
    for (let i = 0; i < 10; i++)
      expect((await loginRequest(t.app, made.name, `Wrong!pass${i}00`, randomIp())).code).toBe(1);
    expect(await loginRequest(t.app, made.name, made.password, randomIp())).toMatchObject({
      status: 429,
      msg: '密码错误次数过多，已锁定，请 1 分钟后再试',
    });
    t.clock.advance(61_000);
    expect((await loginRequest(t.app, made.name, 'Wrong!pass-again', randomIp())).code).toBe(1);
    expect(await loginRequest(t.app, made.name, made.password, randomIp())).toMatchObject({
      status: 429,
      msg: '密码错误次数过多，已锁定，请 2 分钟后再试',
    });
  });

  it('logout ends the session on the server: the same cookie is refused afterwards', async () => {
    const operator = await operatorOf(t, 'editor');
    const out = await adminCall(t.app, 'POST', '/auth/logout', { operator });
    expect(out).toMatchObject({ status: 200, code: 0 });
    expect(String(out.raw.headers['set-cookie'])).toContain('Max-Age=0');
    expect(await sessionRows(operator.id)).toHaveLength(0);
    expect(await sessionOf(operator)).toMatchObject({
      status: 401,
      code: 401,
      msg: '登录已过期，请重新登录',
    });
    expect((await adminCall(t.app, 'GET', '/bulletins', { operator })).status).toBe(401);
  });

  it('ends a session after the idle limit, and after the absolute limit however busy', async () => {
    const idle = await operatorOf(t, 'editor');
    t.clock.advance(OPERATOR_IDLE_MS - 60_000);
    expect((await sessionOf(idle)).status).toBe(200);
    t.clock.advance(OPERATOR_IDLE_MS - 60_000);
    expect((await sessionOf(idle)).status).toBe(200);
    t.clock.advance(OPERATOR_IDLE_MS);
    expect((await sessionOf(idle)).status).toBe(401);

    const busy = await operatorOf(t, 'editor');
    for (let spent = 0; spent < OPERATOR_SESSION_MS - OPERATOR_IDLE_MS; spent += OPERATOR_IDLE_MS / 2) {
      t.clock.advance(OPERATOR_IDLE_MS / 2);
      expect((await sessionOf(busy)).status).toBe(200);
    }
    t.clock.advance(OPERATOR_IDLE_MS);
    expect((await sessionOf(busy)).status).toBe(401);
  });

  it('ends the sessions of a disabled operator at once', async () => {
    const admin = await operatorOf(t, 'admin');
    const editor = await operatorOf(t, 'editor');
    const disable = await adminCall(t.app, 'PATCH', `/operators/${editor.id}`, {
      operator: admin,
      json: { disabled: true },
    });
    expect(disable.data).toMatchObject({ disabled: true });
    expect(await sessionOf(editor)).toMatchObject({ status: 401 });
  });

  /** Enrols `operator` in two-factor through the API and answers the secret. */
  async function enrol(operator: Operator): Promise<{ secret: string; session: Operator }> {
    const setup = await adminCall<TotpSetup>(t.app, 'POST', '/me/totp/setup', { operator });
    expect(setup.code).toBe(0);
    expect(setup.data.otpauthUrl).toBe(
      `otpauth://totp/${encodeURIComponent(`蓝钻乐园后台:${operator.name}`)}?secret=${setup.data.secret}&issuer=${encodeURIComponent('蓝钻乐园后台')}&algorithm=SHA1&digits=6&period=30`,
    );
    const enabled = await adminCall(t.app, 'POST', '/me/totp/enable', {
      operator,
      json: { code: totpCodeAt(t, setup.data.secret) },
    });
    expect(enabled, enabled.msg).toMatchObject({
      code: 0,
      data: { stage: 'active', operator: { totpEnabled: true } },
    });
    const session = enabled.cookie
      ? { ...operator, cookie: enabled.cookie, csrfToken: enabled.data.csrfToken }
      : operator;
    t.clock.advance(TOTP_STEP_MS);
    return { secret: setup.data.secret, session };
  }

  it('turns two-factor on with a scanned secret and a code; later logins need a code, used once', async () => {
    const made = await makeOperator(t, 'editor');
    const operator = await loginOperator(t.app, made);
    const wrongFirst = await adminCall(t.app, 'POST', '/me/totp/enable', {
      operator,
      json: { code: '123456' },
    });
    expect(wrongFirst).toMatchObject({ code: 1, msg: '请先获取二维码，用验证器扫描后再输入验证码' });
    const { secret } = await enrol(operator);
    expect(
      (await auditRows(t)).filter(
        (r) => r.action === 'operator.totp-enable' && Number(r.target_id) === made.id,
      ),
    ).toHaveLength(1);

    const first = await loginRequest(t.app, made.name, made.password);
    expect(first.data).toMatchObject({ stage: 'totp', operator: { totpEnabled: true } });
    const pending = { cookie: first.cookie ?? '', csrfToken: first.data.csrfToken, ip: randomIp() };
    // Half logged in: nothing but the code.
    expect(await adminCall(t.app, 'GET', '/bulletins', { operator: pending })).toMatchObject({
      status: 401,
      code: 4101,
      msg: '请先输入两步验证码',
    });
    const wrong = await adminCall(t.app, 'POST', '/auth/totp', {
      operator: pending,
      json: { code: '000000' },
    });
    expect(wrong).toMatchObject({ code: 1, msg: '验证码错误或已使用，请输入验证器中当前的 6 位数字' });
    const code = totpCodeAt(t, secret);
    const right = await adminCall(t.app, 'POST', '/auth/totp', { operator: pending, json: { code } });
    expect(right).toMatchObject({ code: 0, data: { stage: 'active' } });
    // A new token: the half-logged-in one is gone.
    expect(right.cookie).not.toBe(pending.cookie);
    expect((await sessionOf(pending)).status).toBe(401);
    const active = { cookie: right.cookie ?? '', csrfToken: right.data.csrfToken, ip: randomIp() };
    expect((await adminCall(t.app, 'GET', '/bulletins', { operator: active })).status).toBe(200);

    // The same code again (replayed within its 30 s) is refused.
    const again = await loginRequest(t.app, made.name, made.password);
    const replay = await adminCall(t.app, 'POST', '/auth/totp', {
      operator: { cookie: again.cookie ?? '', csrfToken: again.data.csrfToken, ip: randomIp() },
      json: { code },
    });
    expect(replay.code).toBe(1);
  });

  it('locks the code step after 5 wrong codes; a half-done login expires in minutes', async () => {
    const made = await makeOperator(t, 'finance');
    const { secret } = await enrol(await loginOperator(t.app, made));
    const login = await loginRequest(t.app, made.name, made.password);
    const pending = { cookie: login.cookie ?? '', csrfToken: login.data.csrfToken, ip: randomIp() };
    for (let i = 0; i < 5; i++) {
      expect(
        (await adminCall(t.app, 'POST', '/auth/totp', { operator: pending, json: { code: '000000' } })).code,
      ).toBe(1);
    }
    const locked = await adminCall(t.app, 'POST', '/auth/totp', {
      operator: pending,
      json: { code: totpCodeAt(t, secret) },
    });
    expect(locked).toMatchObject({ status: 429, msg: '验证码错误次数过多，已锁定，请 1 分钟后再试' });
    t.clock.advance(PENDING_SESSION_MS);
    expect(
      (
        await adminCall(t.app, 'POST', '/auth/totp', {
          operator: pending,
          json: { code: totpCodeAt(t, secret) },
        })
      ).status,
    ).toBe(401);
  });

  it('turns two-factor off only with the password and a current code', async () => {
    const made = await makeOperator(t, 'editor');
    const { secret, session } = await enrol(await loginOperator(t.app, made));
    const noPassword = await adminCall(t.app, 'POST', '/me/totp/disable', {
      operator: session,
      json: { password: 'Wrong!pass123', code: totpCodeAt(t, secret) },
    });
    expect(noPassword).toMatchObject({ code: 1, msg: '密码不正确' });
    const off = await adminCall(t.app, 'POST', '/me/totp/disable', {
      operator: session,
      json: { password: made.password, code: totpCodeAt(t, secret) },
    });
    expect(off).toMatchObject({ code: 0 });
    expect((await auditRows(t)).at(-1)).toMatchObject({
      action: 'operator.totp-disable',
      operator_id: made.id,
    });
    expect((await loginRequest(t.app, made.name, made.password)).data.stage).toBe('active');
  });

  it('compulsory two-factor: an operator without it must enrol at the next login before anything else', async () => {
    const admin = await operatorOf(t, 'admin');
    const made = await makeOperator(t, 'moderator');
    const on = await adminCall(t.app, 'PUT', '/settings', { operator: admin, json: { totpRequired: true } });
    expect(on).toMatchObject({ code: 0, data: { totpRequired: true } });
    const login = await loginRequest(t.app, made.name, made.password);
    expect(login.data).toMatchObject({ stage: 'enrol', totpRequired: true });
    const enrolling = {
      ...made,
      cookie: login.cookie ?? '',
      csrfToken: login.data.csrfToken,
      ip: randomIp(),
      session: login.data,
    };
    expect(await adminCall(t.app, 'GET', '/audit', { operator: enrolling })).toMatchObject({
      status: 403,
      code: 4102,
    });
    expect(await adminCall(t.app, 'POST', '/me/password', { operator: enrolling, json: {} })).toMatchObject({
      status: 403,
      code: 4102,
    });
    const { secret, session } = await enrol(enrolling);
    expect(session.cookie).not.toBe(enrolling.cookie);
    expect((await adminCall(t.app, 'GET', '/session', { operator: session })).data).toMatchObject({
      stage: 'active',
    });
    // It cannot be turned off while compulsory.
    const off = await adminCall(t.app, 'POST', '/me/totp/disable', {
      operator: session,
      json: { password: made.password, code: totpCodeAt(t, secret) },
    });
    expect(off).toMatchObject({ code: 1, msg: '管理员已要求所有操作员开启两步验证，不能关闭' });
    await adminCall(t.app, 'PUT', '/settings', { operator: admin, json: { totpRequired: false } });
    const settingsRows = (await auditRows(t)).filter((r) => r.action === 'settings.update');
    expect(
      settingsRows.map((r) => [JSON.parse(r.before_json ?? 'null'), JSON.parse(r.after_json ?? 'null')]),
    ).toEqual([
      [{ totpRequired: false }, { totpRequired: true }],
      [{ totpRequired: true }, { totpRequired: false }],
    ]);
  });

  it('changes the own password with the old one; other sessions end, this one stays', async () => {
    const made = await makeOperator(t, 'editor');
    const here = await loginOperator(t.app, made);
    const there = await loginOperator(t.app, made);
    const wrongOld = await adminCall(t.app, 'POST', '/me/password', {
      operator: here,
      json: { oldPassword: 'Wrong!pass123', newPassword: 'N3w!password' },
    });
    expect(wrongOld).toMatchObject({ code: 1, msg: '原密码不正确' });
    const weak = await adminCall(t.app, 'POST', '/me/password', {
      operator: here,
      json: { oldPassword: made.password, newPassword: 'abcdefghijk' },
    });
    expect(weak).toMatchObject({
      status: 400,
      msg: 'newPassword: 密码须包含大写字母、小写字母、数字、符号中的至少三种',
    });
    const changed = await adminCall(t.app, 'POST', '/me/password', {
      operator: here,
      json: { oldPassword: made.password, newPassword: 'N3w!password' },
    });
    expect(changed.code).toBe(0);
    const row = (await auditRows(t)).at(-1);
    expect(row).toMatchObject({ action: 'operator.password', operator_id: made.id });
    // The audit row never holds a password or its hash.
    expect(`${row?.before_json}${row?.after_json}`).not.toMatch(/N3w!password|scrypt|hash/i);
    expect((await sessionOf(here)).status).toBe(200);
    expect((await sessionOf(there)).status).toBe(401);
    expect((await loginRequest(t.app, made.name, made.password)).code).toBe(1);
    expect((await loginRequest(t.app, made.name, 'N3w!password')).code).toBe(0);
  });
});
