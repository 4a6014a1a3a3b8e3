import { createHash } from 'node:crypto';
import { isOperatorRole, type OperatorRole, type SessionStage } from '@ld/contract/admin/roles';
import type { AdminLoginBody, AdminSession, TotpBody } from '@ld/contract/admin/session';
import type { Conn } from '../../db/database.ts';
import { type BackoffRule, beginAttempt, clearAttempts } from '../../platform/backoff.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, ruleError } from '../../platform/errors.ts';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../platform/tokens.ts';
import { matchTotp } from '../../platform/totp.ts';
import type { OperatorRow } from './repository.ts';
import * as repo from './repository.ts';
import { isTotpRequired } from './settings.ts';

const MINUTE = 60_000;
/** An operator session ends after this long without a call… */
export const OPERATOR_IDLE_MS = 120 * MINUTE;
/** …and this long after login whatever happens; a half-done login (code or enrolment) sooner. */
export const OPERATOR_SESSION_MS = 12 * 60 * MINUTE;
export const PENDING_SESSION_MS = 10 * MINUTE;
/** `last_used_at` is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = MINUTE;

/**
 * Password guessing, per operator (the 0022 pattern, stricter: an operator account reaches every
 * user): from one address 5 tries, from all addresses 10, then each failure doubles the wait from
 * 1 to at most 30 minutes. Codes: 5 wrong codes per operator, then the same doubling.
 */
export const operatorBackoff = {
  fromOneAddress: {
    name: 'op-login-addr',
    free: 5,
    firstWaitMs: MINUTE,
    maxWaitMs: 30 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  },
  fromAllAddresses: {
    name: 'op-login',
    free: 10,
    firstWaitMs: MINUTE,
    maxWaitMs: 30 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  },
  totp: {
    name: 'op-totp',
    free: 5,
    firstWaitMs: MINUTE,
    maxWaitMs: 30 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  },
} as const satisfies Record<string, BackoffRule>;

const lockedFor = (what: string) => (seconds: number) =>
  `${what}错误次数过多，已锁定，请 ${Math.ceil(seconds / 60)} 分钟后再试`;

export const LOGIN_FAILED = '操作员名或密码错误';

/** The signed-in operator of a request, as the guard found it. */
export interface OperatorIdentity {
  id: number;
  name: string;
  role: OperatorRole;
  totpEnabled: boolean;
  sessionId: number;
  stage: SessionStage;
  expiresAt: number;
}

/** The CSRF token of a session: derived from its token, so it needs no storage and dies with it. */
export const csrfTokenOf = (sessionToken: string): string =>
  createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');

export const signedOut = (message = '登录已失效，请重新登录') => new AppError(401, message, 401);

function sessionAnswer(identity: OperatorIdentity, token: string, totpRequired: boolean): AdminSession {
  return {
    operator: {
      id: identity.id,
      name: identity.name,
      role: identity.role,
      totpEnabled: identity.totpEnabled,
    },
    stage: identity.stage,
    csrfToken: csrfTokenOf(token),
    totpRequired,
    expiresAt: toIso(identity.expiresAt),
  };
}

/** Where a fresh password login stands: code next, enrolment next, or in. */
async function stageAfterPassword(db: Conn, operator: OperatorRow): Promise<SessionStage> {
  if (operator.totp_enabled) return 'totp';
  return (await isTotpRequired(db)) ? 'enrol' : 'active';
}

async function openSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  operator: OperatorRow,
  stage: SessionStage,
  ip: string,
): Promise<{ token: string; identity: OperatorIdentity }> {
  const now = deps.clock.now();
  const token = newToken();
  const expiresAt = now + (stage === 'totp' ? PENDING_SESSION_MS : OPERATOR_SESSION_MS);
  await repo.insertSession(deps.db.kysely, {
    operator_id: operator.id,
    token_hash: hashToken(token),
    stage,
    created_at: now,
    expires_at: expiresAt,
    last_used_at: now,
    ip: ip.slice(0, 64),
  });
  const session = await repo.findSessionByTokenHash(deps.db.kysely, hashToken(token));
  if (!session) throw new Error('operator session vanished after insert');
  return { token, identity: identityOf(session) };
}

function identityOf(
  s: NonNullable<Awaited<ReturnType<typeof repo.findSessionByTokenHash>>>,
): OperatorIdentity {
  if (!isOperatorRole(s.role)) throw new Error(`unknown operator role ${s.role}`);
  return {
    id: Number(s.operatorId),
    name: s.name,
    role: s.role,
    totpEnabled: s.totp_enabled === 1,
    sessionId: Number(s.sessionId),
    stage: s.stage as SessionStage,
    expiresAt: Number(s.expires_at),
  };
}

const dummyHashes = new Map<number, Promise<string>>();
/** Unknown names cost a hash like a wrong password does, so timing tells nothing about names. */
function dummyHash(n: number): Promise<string> {
  let hash = dummyHashes.get(n);
  if (!hash) {
    hash = hashPassword('not-an-operator-password', { N: n });
    dummyHashes.set(n, hash);
  }
  return hash;
}

/**
 * Checks name and password under the login limits and opens a session at the stage that follows
 * (docs/decisions/0048-operator-console.md). Answers the session and its token (for the cookie).
 */
export async function login(
  deps: Deps,
  body: AdminLoginBody,
  ip: string,
): Promise<{ token: string; session: AdminSession }> {
  const name = body.name.toLowerCase();
  const attempts = [
    { rule: operatorBackoff.fromAllAddresses, subject: name },
    { rule: operatorBackoff.fromOneAddress, subject: `${name}@${ip}` },
  ];
  await beginAttempt(deps, attempts, lockedFor('密码'));
  const operator = await repo.findOperatorByName(deps.db.kysely, name);
  const isMatch = await verifyPassword(
    body.password,
    operator?.password_hash ?? (await dummyHash(deps.config.scryptN)),
  );
  if (!operator || !isMatch) throw ruleError(LOGIN_FAILED);
  await clearAttempts(deps, attempts);
  if (operator.is_disabled) throw ruleError('该操作员账号已停用，请联系管理员');
  const stage = await stageAfterPassword(deps.db.kysely, operator);
  const { token, identity } = await openSession(deps, operator, stage, ip);
  return { token, session: sessionAnswer(identity, token, await isTotpRequired(deps.db.kysely)) };
}

/**
 * Checks a two-factor code against the operator's secret, under the code limits; each code is
 * used once. Throws code 1 `验证码错误` when it does not match.
 */
export async function checkTotpCode(
  deps: Deps,
  db: Conn,
  operatorId: number,
  secret: string,
  code: string,
): Promise<void> {
  const attempts = [{ rule: operatorBackoff.totp, subject: String(operatorId) }];
  await beginAttempt(deps, attempts, lockedFor('验证码'));
  const operator = await repo.findOperatorById(db, operatorId);
  const step = matchTotp(secret, code, deps.clock.now(), operator?.totp_last_step ?? null);
  if (step === null) throw ruleError('验证码错误或已使用，请输入验证器中当前的 6 位数字');
  await clearAttempts(deps, attempts);
  await repo.updateOperator(db, operatorId, { totp_last_step: step });
}

/**
 * The second step: a right code turns a `totp` session into a new active one (a new token: the
 * session's rights grew, so the half-logged-in token dies).
 */
export async function completeTotp(
  deps: Deps,
  identity: OperatorIdentity,
  body: TotpBody,
  ip: string,
): Promise<{ token: string; session: AdminSession }> {
  const operator = await repo.findOperatorById(deps.db.kysely, identity.id);
  if (!operator?.totp_enabled || !operator.totp_secret) throw signedOut();
  await checkTotpCode(deps, deps.db.kysely, operator.id, operator.totp_secret, body.code);
  return promote(deps, identity, ip);
}

/** Ends the session and opens an active one for the same operator (after the code, after enrolling). */
export async function promote(
  deps: Deps,
  identity: OperatorIdentity,
  ip: string,
): Promise<{ token: string; session: AdminSession }> {
  const operator = await repo.findOperatorById(deps.db.kysely, identity.id);
  if (!operator || operator.is_disabled) throw signedOut();
  await repo.deleteSession(deps.db.kysely, identity.sessionId);
  const { token, identity: next } = await openSession(deps, operator, 'active', ip);
  return { token, session: sessionAnswer(next, token, await isTotpRequired(deps.db.kysely)) };
}

/**
 * The live session of a token, with the operator's current role, or null when there is none, it
 * expired (idle or absolute) or the operator is disabled. Touches it at most once a minute.
 */
export async function resolveSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<OperatorIdentity | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const row = await repo.findSessionByTokenHash(deps.db.kysely, hashToken(token));
  const now = deps.clock.now();
  if (
    !row ||
    row.is_disabled ||
    now >= Number(row.expires_at) ||
    now - Number(row.last_used_at) >= OPERATOR_IDLE_MS
  ) {
    return null;
  }
  if (now - Number(row.last_used_at) >= TOUCH_EVERY_MS)
    await repo.touchSession(deps.db.kysely, Number(row.sessionId), now);
  return identityOf(row);
}

export async function currentSession(
  deps: Deps,
  identity: OperatorIdentity,
  token: string,
): Promise<AdminSession> {
  return sessionAnswer(identity, token, await isTotpRequired(deps.db.kysely));
}

export async function logout(deps: Pick<Deps, 'db'>, identity: OperatorIdentity): Promise<void> {
  await repo.deleteSession(deps.db.kysely, identity.sessionId);
}
