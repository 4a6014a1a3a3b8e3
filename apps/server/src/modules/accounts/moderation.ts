import type { AdminPage } from '@ld/contract/admin/list';
import {
  type BanBody,
  type ModUser,
  type ModUserListQuery,
  type MuteBody,
  PERMANENT_BAN_UNTIL,
} from '@ld/contract/admin/moderation';
import { formatDateTime } from '@ld/contract/relative-time';
import { maskPhone } from '@ld/contract/validation';
import type { Conn } from '../../db/database.ts';
import { sessionsEnded } from '../../platform/auth.ts';
import { toIso, toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound, ruleError } from '../../platform/errors.ts';
import { type AuditActor, adminOffset, audited } from '../operators/public.ts';
import * as repo from './moderation-repository.ts';

// 用户管理 (issue 20 §4): moderators mute a user (no posts or comments until a time) or ban them
// (every session ends at once; login refuses until a time, saying why). The portal's checks are
// here too, so the rule and its message have one home (docs/decisions/0061-…).

type ModRow = NonNullable<Awaited<ReturnType<typeof repo.findModUser>>>;

const inForce = (until: number | null, now: number) => until !== null && until > now;

function toModUser(row: ModRow, now: number): ModUser {
  const mutedUntil = row.muted_until === null ? null : Number(row.muted_until);
  const bannedUntil = row.banned_until === null ? null : Number(row.banned_until);
  return {
    id: Number(row.id),
    loginName: row.login_name,
    name: row.name,
    phone: row.phone ? maskPhone(row.phone) : null,
    channelId: row.channel_id,
    createTime: toIso(Number(row.created_at)),
    mutedUntil: toIsoOrNull(mutedUntil),
    muteReason: row.mute_reason,
    bannedUntil: toIsoOrNull(bannedUntil),
    banReason: row.ban_reason,
    isMuted: inForce(mutedUntil, now),
    isBanned: inForce(bannedUntil, now),
  };
}

async function modUserOf(db: Conn, id: number, now: number): Promise<ModUser> {
  const row = await repo.findModUser(db, id);
  if (!row) throw notFound('用户');
  return toModUser(row, now);
}

const SORT = { createTime: 'created_at', id: 'id' } as const;

export async function listModUsers(deps: Deps, q: ModUserListQuery): Promise<AdminPage<ModUser>> {
  const now = deps.clock.now();
  const { rows, total } = await repo.listUsers(
    deps.db.kysely,
    { keyword: q.keyword, status: q.status, now },
    SORT[q.sort],
    q.order,
    q.pageSize,
    adminOffset(q),
  );
  return { records: rows.map((r) => toModUser(r, now)), total, current: q.currentPage, size: q.pageSize };
}

export const getModUser = (deps: Deps, id: number) => modUserOf(deps.db.kysely, id, deps.clock.now());

function futureOf(deps: Deps, iso: string): number {
  const at = Date.parse(iso);
  if (at <= deps.clock.now()) throw ruleError('结束时间须晚于现在');
  return at;
}

/** One restriction change, audited with the user before and after. */
function restrict(
  deps: Deps,
  actor: AuditActor,
  id: number,
  action: string,
  change: (trx: Conn, now: number) => Promise<void>,
): Promise<ModUser> {
  const now = deps.clock.now();
  return audited(deps, actor, async (trx) => {
    const before = await modUserOf(trx, id, now);
    await change(trx, now);
    const after = await modUserOf(trx, id, now);
    return { result: after, audit: { action, targetType: 'user', targetId: id, before, after } };
  });
}

export const muteUser = (deps: Deps, actor: AuditActor, id: number, body: MuteBody) => {
  const until = futureOf(deps, body.until);
  return restrict(deps, actor, id, 'user.mute', (trx, now) =>
    repo.setRestriction(trx, id, { muted_until: until, mute_reason: body.reason, updated_at: now }),
  );
};

export const unmuteUser = (deps: Deps, actor: AuditActor, id: number) =>
  restrict(deps, actor, id, 'user.unmute', (trx, now) =>
    repo.setRestriction(trx, id, { muted_until: null, mute_reason: '', updated_at: now }),
  );

/** Bans until `until` (or for good) and ends every session of the user in the same transaction. */
export const banUser = async (deps: Deps, actor: AuditActor, id: number, body: BanBody) => {
  const until = body.until === undefined ? PERMANENT_BAN_UNTIL : futureOf(deps, body.until);
  const result = await restrict(deps, actor, id, 'user.ban', async (trx, now) => {
    await repo.setRestriction(trx, id, { banned_until: until, ban_reason: body.reason, updated_at: now });
    await repo.deleteAllSessions(trx, id);
  });
  // After the commit: every process refuses the user's tokens from its next call.
  await sessionsEnded(deps);
  return result;
};

export const unbanUser = (deps: Deps, actor: AuditActor, id: number) =>
  restrict(deps, actor, id, 'user.unban', (trx, now) =>
    repo.setRestriction(trx, id, { banned_until: null, ban_reason: '', updated_at: now }),
  );

const untilText = (until: number) => `${formatDateTime(new Date(until))}（北京时间）`;

/** Login's refusal of a banned account: why, and until when. */
export function assertNotBanned(
  user: { banned_until: number | null; ban_reason: string },
  now: number,
): void {
  if (user.banned_until === null || Number(user.banned_until) <= now) return;
  const until = Number(user.banned_until);
  const when = until >= PERMANENT_BAN_UNTIL ? '账号已被永久封禁' : `账号已被封禁至 ${untilText(until)}`;
  throw ruleError(`${when}，原因：${user.ban_reason}。如有疑问请联系客服`);
}

/** Refuses a post or comment from a muted user, saying until when and why. */
export async function assertMayPost(db: Conn, userId: number, now: number): Promise<void> {
  const row = await repo.findRestriction(db, userId);
  if (!row || row.muted_until === null || Number(row.muted_until) <= now) return;
  throw ruleError(
    `你已被禁言至 ${untilText(Number(row.muted_until))}，原因：${row.mute_reason}。禁言期间不能发帖和评论`,
  );
}
