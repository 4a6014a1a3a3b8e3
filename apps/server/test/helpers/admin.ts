import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, type OperatorRole } from '@ld/contract/admin/roles';
import type { AdminSession } from '@ld/contract/admin/session';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createOperator as createOperatorRow } from '../../src/modules/operators/operators-service.ts';
import { base32Decode, hotp, TOTP_STEP_MS, totpStep } from '../../src/platform/totp.ts';
import { type Answer, randomIp, type TestApp } from './app.ts';

// The easy path for admin API tests (docs/decisions/0048-operator-console.md): make an operator of
// a role straight through the operators service, log in through the real API, and call admin
// routes with the session cookie and CSRF header a browser would send.

export const ADMIN_API = '/api/admin/v1';
/** Meets the operator password rules (10+ characters, three kinds). */
export const OPERATOR_PASSWORD = 'Op3rator!pass';

/** A logged-in operator: what the console holds after login. */
export interface Operator {
  id: number;
  name: string;
  role: OperatorRole;
  password: string;
  /** `ld_admin=…`, as the browser sends it. */
  cookie: string;
  csrfToken: string;
  session: AdminSession;
  /** The address the operator calls from (login limits are per address). */
  ip: string;
}

let counter = 0;
export const uniqueOperatorName = (prefix = 'op') =>
  `${prefix}_${process.pid}_${++counter}_${randomBytes(2).toString('hex')}`;

/** Creates an operator through the service (audited as the command line would be). */
export async function makeOperator(
  t: TestApp,
  role: OperatorRole,
  options: { name?: string; password?: string } = {},
): Promise<{ id: number; name: string; password: string; role: OperatorRole }> {
  const name = options.name ?? uniqueOperatorName(role);
  const password = options.password ?? OPERATOR_PASSWORD;
  const operator = await createOperatorRow(
    t.deps,
    { operatorId: null, ip: 'test' },
    { name, role, password },
  );
  return { id: operator.id, name: operator.name, password, role };
}

const cookieOf = (raw: LightMyRequestResponse): string | null => {
  const header = raw.headers['set-cookie'];
  const line = [header].flat().find((c) => typeof c === 'string' && c.startsWith('ld_admin='));
  return line ? line.split(';')[0] : null;
};

function toAnswer<T>(raw: LightMyRequestResponse): Answer<T> {
  const body = raw.json() as { code: number; msg: string; data: T };
  return { status: raw.statusCode, code: body.code, msg: body.msg, data: body.data, raw };
}

/** POST /auth/login as JSON; answers the envelope and the cookie it set (null when none). */
export async function loginRequest(
  app: FastifyInstance,
  name: string,
  password: string,
  ip = randomIp(),
): Promise<Answer<AdminSession> & { cookie: string | null }> {
  const raw = await app.inject({
    method: 'POST',
    url: `${ADMIN_API}/auth/login`,
    payload: { name, password },
    headers: { 'x-forwarded-for': ip },
  });
  return { ...toAnswer<AdminSession>(raw), cookie: cookieOf(raw) };
}

/** Logs an existing operator in (no two-factor) and answers the session. */
export async function loginOperator(
  app: FastifyInstance,
  made: { id: number; name: string; password: string; role: OperatorRole },
  ip = randomIp(),
): Promise<Operator> {
  const answer = await loginRequest(app, made.name, made.password, ip);
  if (answer.code !== 0 || !answer.cookie) throw new Error(`operator login failed: ${answer.msg}`);
  return { ...made, cookie: answer.cookie, csrfToken: answer.data.csrfToken, session: answer.data, ip };
}

/** An operator of `role`, logged in: the usual start of an admin test. */
export async function operatorOf(t: TestApp, role: OperatorRole): Promise<Operator> {
  return loginOperator(t.app, await makeOperator(t, role));
}

/**
 * Calls an admin route (`path` below /api/admin/v1) as `operator` (cookie, CSRF header, address),
 * or as nobody. `headers` adds or overrides (a portal user's uid/token, a wrong CSRF token).
 */
export async function adminCall<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: {
    operator?: Pick<Operator, 'cookie' | 'csrfToken' | 'ip'> | null;
    json?: unknown;
    query?: Record<string, string | number | boolean>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T> & { cookie: string | null }> {
  const { operator } = options;
  const raw = await app.inject({
    method,
    url: `${ADMIN_API}${path}`,
    query: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    ...(options.json !== undefined ? { payload: options.json as object } : {}),
    headers: {
      ...(operator
        ? { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken, 'x-forwarded-for': operator.ip }
        : {}),
      ...options.headers,
    },
  });
  return { ...toAnswer<T>(raw), cookie: cookieOf(raw) };
}

/** The code an authenticator shows for `secret` at the app clock's time (advance 30 s between uses). */
export const totpCodeAt = (t: TestApp, secret: string, offsetMs = 0): string =>
  hotp(base32Decode(secret), totpStep(t.clock.now() + offsetMs));

export { TOTP_STEP_MS };

/** Rows of the audit log, newest last, straight from the table (what really got written). */
export const auditRows = (t: TestApp) =>
  t.deps.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();
