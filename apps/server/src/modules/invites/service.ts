import { INVITE_REWARD } from '@ld/contract/defaults';
import type { CursorPage, PageQuery } from '@ld/contract/envelope';
import {
  INVITE_STATUS_TEXT,
  type InviteMe,
  type InviteRecord,
  type InviteStatus,
  inviteNote,
  maskName,
} from '@ld/contract/invites';
import type { Selectable } from 'kysely';
import type { Conn } from '../../db/database.ts';
import { toIso } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DomainEvent } from '../../platform/events.ts';
import { cursorPage, windowOf } from '../../platform/paging.ts';
import { inviteCodeOf, shownNamesOf, UNKNOWN_PROFILE } from '../accounts/public.ts';
import { grantDiamonds } from '../wallet/public.ts';
import * as repo from './repository.ts';
import type { InvitesTable } from './tables.ts';

const LIST = 'invites';

/** Why an invite pays or not; the device's first account decides (see 0041). */
function statusOf(event: DomainEvent<'account.registered'>, inviterId: number, deviceHolder: number | null) {
  if (inviterId === event.userId || deviceHolder === inviterId) return 'own' satisfies InviteStatus;
  if (deviceHolder === null) return 'noDevice' satisfies InviteStatus;
  if (deviceHolder !== event.userId) return 'device' satisfies InviteStatus;
  return 'paid' satisfies InviteStatus;
}

/**
 * Runs inside the registration's transaction (`account.registered`): claims the device for the new
 * account, and when a known code came along records the invite and pays the inviter once through
 * the ledger (reason `invite`, ref the invitee's id). It never refuses: a bad invite pays nothing.
 */
export async function onRegistered(
  deps: Pick<Deps, 'clock' | 'db'>,
  trx: Conn,
  event: DomainEvent<'account.registered'>,
): Promise<void> {
  const now = deps.clock.now();
  const deviceHolder = event.deviceId ? await repo.claimDevice(trx, event.deviceId, event.userId, now) : null;
  const inviterId = event.invitedBy;
  if (inviterId === undefined || !event.inviteCode) return;
  const status = statusOf(event, inviterId, deviceHolder);
  const reward = status === 'paid' ? INVITE_REWARD : 0;
  await repo.insertInvite(trx, {
    inviter_id: inviterId,
    invitee_id: event.userId,
    code: event.inviteCode,
    device_id: event.deviceId ?? null,
    status,
    reward,
    created_at: now,
  });
  if (reward === 0) return;
  const shown = (await shownNamesOf(trx, [event.userId])).get(event.userId) ?? UNKNOWN_PROFILE;
  await grantDiamonds(
    deps,
    {
      userId: inviterId,
      amount: reward,
      reason: 'invite',
      ref: String(event.userId),
      note: inviteNote(maskName(shown.name)),
    },
    trx,
  );
}

/** The caller's code, absolute link and what the invites paid. */
export async function myInvite(deps: Deps, userId: number): Promise<InviteMe> {
  const db = deps.db.kysely;
  const [code, totals] = await Promise.all([inviteCodeOf(db, userId), repo.paidTotals(db, userId)]);
  if (code === null) throw new Error(`user ${userId} has a session but no row`);
  return {
    code,
    link: `${deps.config.publicUrl}/?inviteCode=${encodeURIComponent(code)}`,
    invitedCount: totals.count,
    rewardTotal: totals.reward,
  };
}

/** The caller's invitees, newest first, by page number or cursor. */
export async function listRecords(
  deps: Deps,
  userId: number,
  q: PageQuery,
): Promise<CursorPage<InviteRecord>> {
  const db = deps.db.kysely;
  const [rows, total] = await Promise.all([
    repo.listInvites(db, userId, windowOf(q, LIST)),
    repo.countInvites(db, userId),
  ]);
  const kept = rows.slice(0, q.pageSize);
  const names = await shownNamesOf(
    db,
    kept.map((r) => Number(r.invitee_id)),
  );
  const toRecord = (row: Selectable<InvitesTable>): InviteRecord => {
    const shown = names.get(Number(row.invitee_id)) ?? UNKNOWN_PROFILE;
    return {
      id: Number(row.id),
      name: maskName(shown.name),
      avatar: shown.avatar,
      joinTime: toIso(Number(row.created_at)),
      reward: Number(row.reward),
      status: row.status,
      statusText: INVITE_STATUS_TEXT[row.status],
    };
  };
  const keyOf = (row: Selectable<InvitesTable>) => ({ value: Number(row.id), id: Number(row.id) });
  return cursorPage(rows, total, q, LIST, keyOf, (list) => list.map(toRecord));
}
