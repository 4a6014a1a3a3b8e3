import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';
import { badInput, sessionInvalid } from './errors.ts';
import { hashToken } from './tokens.ts';

export const SESSION_IDLE_MS = 30 * 24 * 3600 * 1000;
/** `last_used_at` is written at most this often, so reads do not become writes. */
const TOUCH_EVERY_MS = 3600 * 1000;

export interface AuthUser {
  id: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The `uid` the client put in the body or query (the caller rule, below), as text; undefined when absent. */
    claimedUid: string | undefined;
  }
}

/*
 * The caller rule (docs/decisions/0023-caller-uid.md): the caller is always the session named by
 * the `uid` and `token` headers. Clients also send their own `uid` in bodies (spec: me,
 * message/all, coin/all); wherever a `uid` arrives, in the body or the query of any call, as text
 * or a JSON number, it must be digits (else 400), and on a call made with a session it must be
 * that session's uid: a client that names someone else holds another account's data, so it is
 * answered code 2 and logs out. It is never used to choose whose data to read.
 */

const UID_PATTERN = /^\d{1,18}$/;

/** Text of a client's `uid`; undefined when absent or empty; 400 when it is not digits. */
function normalizeUid(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || !UID_PATTERN.test(text)) throw badInput('uid', 'uid 须为数字');
  return text;
}

const uidOf = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) && 'uid' in value
    ? (value as { uid: unknown }).uid
    : undefined;

/** Reads the client's `uid` before schemas drop fields they do not declare; install before the routes. */
export function installCallerUid(app: FastifyInstance): void {
  app.decorateRequest('claimedUid', undefined);
  app.addHook('preValidation', async (request) => {
    request.claimedUid = normalizeUid(uidOf(request.body)) ?? normalizeUid(uidOf(request.query));
  });
}

/** Code 2 when the client named a caller other than the session's. */
export function assertCallerUid(request: FastifyRequest, raw?: unknown): void {
  const claimed = raw === undefined ? request.claimedUid : normalizeUid(raw);
  if (request.user && claimed !== undefined && claimed !== String(request.user.id)) throw sessionInvalid();
}

/** Resolves the `uid` + `token` headers to a live session, or null. */
export async function resolveSession(deps: Deps, request: FastifyRequest): Promise<AuthUser | null> {
  const uid = request.headers.uid;
  const token = request.headers.token;
  if (
    typeof uid !== 'string' ||
    typeof token !== 'string' ||
    !/^\d{1,18}$/.test(uid) ||
    token.length !== 64
  ) {
    return null;
  }
  const row = await deps.db.kysely
    .selectFrom('sessions')
    .select(['id', 'user_id', 'last_used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  const now = deps.clock.now();
  if (!row || row.user_id !== Number(uid) || now - row.last_used_at > SESSION_IDLE_MS) return null;
  if (now - row.last_used_at > TOUCH_EVERY_MS) {
    await deps.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .execute();
  }
  return { id: row.user_id, sessionId: row.id };
}

/** preHandler for calls that need login: answers code 2 when the session is missing or dead. */
export async function requireUser(this: { deps: Deps }, request: FastifyRequest, _reply: FastifyReply) {
  request.user = await resolveSession(this.deps, request);
  if (!request.user) throw sessionInvalid();
  assertCallerUid(request);
}

/** preHandler for calls that read the user when there is one (liked flags, claimed codes). */
export async function optionalUser(this: { deps: Deps }, request: FastifyRequest, _reply: FastifyReply) {
  request.user = await resolveSession(this.deps, request);
  assertCallerUid(request);
}

/** The logged-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw sessionInvalid();
  return request.user;
}
