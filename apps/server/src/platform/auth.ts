import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';
import { sessionInvalid } from './errors.ts';
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
  }
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
}

/** preHandler for calls that read the user when there is one (liked flags, claimed codes). */
export async function optionalUser(this: { deps: Deps }, request: FastifyRequest, _reply: FastifyReply) {
  request.user = await resolveSession(this.deps, request);
}

/** The logged-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw sessionInvalid();
  return request.user;
}
