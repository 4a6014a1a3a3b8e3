import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { onPostgres } from '../db/dialect.ts';
import { batchesInFlight } from './batches-in-flight.ts';
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

/*
 * Sessions kept per process (docs/decisions/0056-cluster.md, "Sessions kept per process"): the
 * session read was one PostgreSQL round trip on every signed-in call. A session found is kept
 * here for a few seconds, by its token's hash; one that ends (logout, a password change ending the
 * others, a ban) is announced with `sessionsEnded` after its commit, which drops every process's
 * kept sessions and answers only once every process has (or, failing that, once `SESSION_KEEP_MS`
 * has passed): the call after the logout's answer is refused in every process. What a process
 * keeps while it may miss announcements (its change feed subscription lost) is not used, a read
 * that began before a drop keeps nothing, and without Redis nothing is kept at all.
 */
export const SESSION_KEEP_MS = 5_000;
/** Signed-in people a process keeps at most; past that it starts afresh. */
const MAX_KEPT_SESSIONS = 50_000;

interface KeptSession {
  id: number;
  userId: number;
  lastUsedAt: number;
  /** performance.now() when read; kept until SESSION_KEEP_MS after. */
  at: number;
  /** The change feed's `inSync()` when read. */
  epoch: number;
}

interface SessionCache {
  byTokenHash: Map<string, KeptSession>;
  /** Moves at every drop: a read that began under an older one keeps nothing. */
  generation: number;
}

const sessionCaches = new WeakMap<Deps, SessionCache>();

function sessionCacheOf(deps: Deps): SessionCache {
  let cache = sessionCaches.get(deps);
  if (!cache) {
    const made: SessionCache = { byTokenHash: new Map(), generation: 0 };
    deps.changes.subscribe('sessions', () => {
      made.generation++;
      made.byTokenHash.clear();
    });
    sessionCaches.set(deps, made);
    cache = made;
  }
  return cache;
}

/**
 * After a commit that deleted sessions: every process drops what it keeps of sessions before this
 * resolves, so answer the caller only after it.
 */
export function sessionsEnded(deps: Deps): Promise<void> {
  sessionCacheOf(deps);
  return deps.changes.announceEverywhere('sessions', SESSION_KEEP_MS);
}

interface SessionRow {
  id: number;
  user_id: number;
  last_used_at: number | string;
  token_hash: string;
}

/** A session read asked, waiting for its row. */
interface SessionRead {
  tokenHash: string;
  resolve: (row: SessionRow | undefined) => void;
  reject: (error: unknown) => void;
}

/** Reads on their way per process at most: the next one fills while they are. */
const READS_IN_FLIGHT = 2;
/** Sessions one read asks for at most. */
const READ_MAX = 64;

/** The sessions of these token hashes (several: PostgreSQL only, one statement text for any count). */
const selectSessions = (db: Deps['db'], tokenHashes: readonly string[]) =>
  db.kysely
    .selectFrom('sessions')
    .select(['id', 'user_id', 'last_used_at', 'token_hash'])
    .$if(tokenHashes.length === 1, (q) => q.where('token_hash', '=', tokenHashes[0]!))
    .$if(tokenHashes.length > 1, (q) =>
      q.where('token_hash', '=', sql<string>`any(${sql.val(tokenHashes)}::text[])`),
    )
    .execute();

/** Session reads in batches on PostgreSQL: every read of the first `READ_MAX` token hashes asked. */
const readTogether = batchesInFlight<Deps['db'], SessionRead>({
  inFlight: READS_IN_FLIGHT,
  take: (waiting) => {
    const hashes = new Set<string>();
    const batch: SessionRead[] = [];
    const rest: SessionRead[] = [];
    for (const read of waiting) {
      if (hashes.has(read.tokenHash) || hashes.size < READ_MAX) {
        hashes.add(read.tokenHash);
        batch.push(read);
      } else rest.push(read);
    }
    return { batch, rest };
  },
  run: (db, batch) =>
    selectSessions(db, [...new Set(batch.map((read) => read.tokenHash))]).then(
      (rows) => {
        const byHash = new Map(rows.map((row) => [row.token_hash, row]));
        for (const read of batch) read.resolve(byHash.get(read.tokenHash));
      },
      (error: unknown) => {
        for (const read of batch) read.reject(error);
      },
    ),
});

/**
 * The session row of a token's hash. On PostgreSQL the reads asked while `READS_IN_FLIGHT` are on
 * their way go together in the next one (one round trip for up to `READ_MAX` signed-in calls
 * under load; with fewer on their way a read goes at once, alone): a process new to many
 * signed-in people read each one's session alone (docs/decisions/0056-cluster.md, "session reads
 * together"). A read answers what the database held when it began, and it begins after it was
 * asked, so what `readSession` decides about keeping it holds as for a read alone.
 */
function fetchSession(db: Deps['db'], tokenHash: string): Promise<SessionRow | undefined> {
  if (!onPostgres(db.kysely)) return selectSessions(db, [tokenHash]).then((rows) => rows[0]);
  return new Promise<SessionRow | undefined>((resolve, reject) =>
    readTogether(db, { tokenHash, resolve, reject }),
  );
}

async function readSession(deps: Deps, tokenHash: string): Promise<KeptSession | null> {
  const cache = sessionCacheOf(deps);
  // Without Redis no announcement reaches another process, and processes may share the database
  // without one (0020): nothing is kept then (on SQLite, the one-process case, a read is cheap).
  const epoch = deps.redis ? deps.changes.inSync() : null;
  const kept = cache.byTokenHash.get(tokenHash);
  if (kept && epoch !== null && kept.epoch === epoch && performance.now() - kept.at < SESSION_KEEP_MS) {
    return kept;
  }
  const generation = cache.generation;
  const row = await fetchSession(deps.db, tokenHash);
  if (!row) {
    cache.byTokenHash.delete(tokenHash);
    return null;
  }
  const found: KeptSession = {
    id: row.id,
    userId: row.user_id,
    lastUsedAt: Number(row.last_used_at),
    at: performance.now(),
    epoch: epoch ?? -1,
  };
  if (epoch !== null && cache.generation === generation && deps.changes.inSync() === epoch) {
    if (cache.byTokenHash.size >= MAX_KEPT_SESSIONS) cache.byTokenHash.clear();
    cache.byTokenHash.set(tokenHash, found);
  }
  return found;
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
  const tokenHash = hashToken(token);
  let session = await readSession(deps, tokenHash);
  const now = deps.clock.now();
  // A kept session that looks idle too long may have been used in another process since: read it.
  if (session && now - session.lastUsedAt > SESSION_IDLE_MS) {
    sessionCacheOf(deps).byTokenHash.delete(tokenHash);
    session = await readSession(deps, tokenHash);
  }
  if (!session || session.userId !== Number(uid) || now - session.lastUsedAt > SESSION_IDLE_MS) return null;
  if (now - session.lastUsedAt > TOUCH_EVERY_MS) {
    await deps.db.kysely
      .updateTable('sessions')
      .set({ last_used_at: now })
      .where('id', '=', session.id)
      .execute();
    // The kept copy (when this one is it) is touched too, so the next calls do not write again.
    session.lastUsedAt = now;
  }
  return { id: session.userId, sessionId: session.id };
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
