import { randomUUID } from 'node:crypto';
import { isMemberAt, type VipPlan, type VipStatus } from '@ld/contract/vip';
import type { Conn } from '../../db/database.ts';
import { toIsoOrNull } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { attributionOf } from '../devices/public.ts';
import { applyBalanceChange, balanceInsufficient, balanceOf, lockWallet } from '../wallet/public.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;

export async function listPlans(deps: Deps): Promise<VipPlan[]> {
  return (await repo.listPlans(deps.db.kysely)).map((p) => ({
    vipType: p.vip_type,
    name: p.name,
    days: p.days,
    price: p.price,
    originalPrice: p.original_price,
    badge: p.badge,
    description: p.description,
  }));
}

export interface Membership {
  /** levelType >= 1 and expTime in the future (DESIGN §6). */
  isMember: boolean;
  levelType: number;
  /** Epoch ms when membership ends; null for someone who never was a member. */
  expTime: number | null;
}

export { membershipColumns } from './repository.ts';

/** The user's membership at `now`. */
export async function membershipOf(db: Conn, userId: number, now: number): Promise<Membership> {
  const row = await repo.findMembership(db, userId);
  const levelType = row?.level_type ?? 0;
  const expTime = row?.exp_time == null ? null : Number(row.exp_time);
  return { isMember: isMemberAt(levelType, expTime, now), levelType, expTime };
}

async function statusOf(db: Conn, userId: number, now: number): Promise<VipStatus> {
  const [membership, coinNum] = await Promise.all([membershipOf(db, userId, now), balanceOf(db, userId)]);
  return {
    coinNum,
    levelType: membership.levelType,
    expTime: toIsoOrNull(membership.expTime),
    isMember: membership.isMember,
  };
}

/**
 * Opens or extends membership (DESIGN §6): pays the plan's price through the ledger and moves
 * expTime to max(now, expTime) + days, all in one transaction. A repeated requestId (a double
 * tap) pays once and answers the status.
 */
export async function openVip(
  deps: Deps,
  userId: number,
  vipType: number,
  requestId: string | undefined,
): Promise<VipStatus> {
  const plan = await repo.findPlan(deps.db.kysely, vipType);
  if (!plan) throw notFound('会员套餐');
  const now = deps.clock.now();
  return deps.db.kysely.transaction().execute(async (trx) => {
    await lockWallet(trx, userId);
    const attribution = await attributionOf(trx, userId);
    const orderId = await repo.insertVipOrder(trx, {
      user_id: userId,
      vip_type: plan.vip_type,
      days: plan.days,
      price: plan.price,
      request_id: requestId ?? randomUUID(),
      created_at: now,
      channel_id: attribution.channelId,
      invite_code: attribution.inviteCode,
    });
    if (orderId === null) return statusOf(trx, userId, now);
    const paid = await applyBalanceChange(trx, {
      userId,
      delta: -plan.price,
      reason: 'vip',
      ref: String(orderId),
      note: plan.name,
      now,
    });
    if (!paid.ok) throw balanceInsufficient(deps.config, paid.balance, plan.price);
    // Read under the wallet lock (memberships change only here, after it), so two plans bought
    // at once extend one after the other instead of both from the same old expTime.
    const before = await membershipOf(trx, userId, now);
    const expTime = Math.max(now, before.expTime ?? 0) + plan.days * DAY_MS;
    await repo.setMembership(trx, userId, { levelType: Math.max(1, before.levelType), expTime, now });
    await repo.setOrderExpTime(trx, orderId, expTime);
    return statusOf(trx, userId, now);
  });
}
