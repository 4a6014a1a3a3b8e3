import type { AdjacentUnit, UnitLocked, UnlockAnswer, WorkKind } from '@ld/contract/content';
import { ErrorCode } from '@ld/contract/envelope';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { buyOnce, ownedRefs, spentSince } from '../purchases/public.ts';
import { membershipOf } from '../vip/public.ts';
import { balanceOf, lockWallet } from '../wallet/public.ts';
import { PURCHASE_KIND_OF, shanghaiDayStart, UNIT_PURCHASE_KINDS, WHAT } from './kinds.ts';
import type { UnitRow, WorkRow } from './repository.ts';
import * as repo from './repository.ts';
import { unitOrNotFound, workOrNotFound } from './rows.ts';

// Access to units: which are open to the caller, opening one (the lock, auto-unlock) and buying one.

const isFree = (unit: UnitRow) => Number(unit.price) === 0;

/**
 * Which of `units` the caller may open now: free ones for everyone; for a user also the bought
 * ones, and VIP ones while a member (DESIGN §13).
 */
export async function unlockedUnits(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  units: UnitRow[],
): Promise<Set<number>> {
  const open = new Set(units.filter(isFree).map((u) => Number(u.id)));
  const priced = units.filter((u) => !isFree(u));
  if (userId === null || priced.length === 0) return open;
  const db = deps.db.kysely;
  const [owned, membership] = await Promise.all([
    ownedRefs(
      db,
      userId,
      PURCHASE_KIND_OF[kind],
      priced.map((u) => String(u.id)),
    ),
    priced.some((u) => Number(u.vip) === 1)
      ? membershipOf(db, userId, deps.clock.now())
      : Promise.resolve({ isMember: false }),
  ]);
  for (const u of priced) {
    if (owned.has(String(u.id)) || (membership.isMember && Number(u.vip) === 1)) open.add(Number(u.id));
  }
  return open;
}

/**
 * Buying `unit` (0015): one purchase per user and unit, the unit's row id as its ref; members pay
 * nothing for a VIP unit; the ledger names the work and the unit.
 */
const purchaseOf = (kind: WorkKind, userId: number, work: WorkRow, unit: UnitRow) => ({
  userId,
  kind: PURCHASE_KIND_OF[kind],
  ref: String(unit.id),
  price: Number(unit.price),
  memberFree: Number(unit.vip) === 1,
  note: `${work.title}·${unit.title}`.slice(0, 128),
});

function locked(kind: WorkKind, unit: UnitRow, coinNum: number | null): AppError {
  const price = Number(unit.price);
  const vip = Number(unit.vip) === 1;
  const data: UnitLocked = { price, vip, coinNum };
  const what = WHAT[kind].unit;
  const message = vip
    ? `该${what}为会员${what}，开通会员免费看，或花 ${price} 钻石购买`
    : `该${what}需花 ${price} 钻石购买`;
  return new AppError(ErrorCode.unitLocked, message, 200, data);
}

/** Auto-unlock (DESIGN §13): buys `unit` when the user turned it on and today's spend stays within the cap. */
async function autoUnlock(
  deps: Deps,
  kind: WorkKind,
  userId: number,
  work: WorkRow,
  unit: UnitRow,
): Promise<number | null> {
  const db = deps.db.kysely;
  const settings = await repo.findSettings(db, userId);
  if (!settings || Number(settings.auto_unlock) !== 1) return null;
  const cap = Number(settings.daily_cap);
  const price = Number(unit.price);
  if (price > cap) return null;
  try {
    return await db.transaction().execute(async (trx) => {
      // The wallet lock serializes this user's purchases, so the spend read below cannot change
      // before commit and parallel opens never pass the cap together (0015).
      await lockWallet(trx, userId);
      const spent = await spentSince(trx, userId, UNIT_PURCHASE_KINDS, shanghaiDayStart(deps.clock.now()));
      if (spent + price > cap) return null;
      const bought = await buyOnce(deps, purchaseOf(kind, userId, work, unit), trx);
      return bought.charged;
    });
  } catch (error) {
    // Too little balance: the unit stays locked and the reader offers 购买本章 (which answers 1001).
    if (error instanceof AppError && error.code === ErrorCode.balanceInsufficient) return null;
    throw error;
  }
}

export interface OpenedUnit {
  work: WorkRow;
  unit: UnitRow;
  /** The units before and after it, with whether each is open to the caller (the reader names them and shows their price). */
  prev: AdjacentUnit | null;
  next: AdjacentUnit | null;
  /** Diamonds auto-unlock charged for this opening. */
  charged: number;
}

const adjacent = (row: UnitRow | undefined, open: Set<number>): AdjacentUnit | null =>
  row
    ? {
        id: Number(row.id),
        title: row.title,
        price: Number(row.price),
        vip: Number(row.vip) === 1,
        unlocked: open.has(Number(row.id)),
      }
    : null;

/**
 * Opens a unit for reading: 404 for an unknown work or unit; code 1005 `{ price, vip, coinNum }`
 * when it is locked for the caller (after auto-unlock had its chance). Each kind adds its body.
 */
export async function openUnit(
  deps: Deps,
  kind: WorkKind,
  userId: number | null,
  workId: number,
  unitId: number,
): Promise<OpenedUnit> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const unit = await unitOrNotFound(db, kind, workId, unitId);
  const [prev, next] = await Promise.all([
    repo.neighbourUnit(db, workId, Number(unit.idx), 'prev'),
    repo.neighbourUnit(db, workId, Number(unit.idx), 'next'),
  ]);
  const neighbours = [prev, next].filter((u): u is UnitRow => u !== undefined);
  const open = await unlockedUnits(deps, kind, userId, [unit, ...neighbours]);
  let charged = 0;
  if (!open.has(Number(unit.id))) {
    const bought = userId === null ? null : await autoUnlock(deps, kind, userId, work, unit);
    if (bought === null) throw locked(kind, unit, userId === null ? null : await balanceOf(db, userId));
    charged = bought;
  }
  return { work, unit, prev: adjacent(prev, open), next: adjacent(next, open), charged };
}

/** 购买本章: charged once per user and unit; members read VIP units free; 1001 on too little balance. */
export async function unlockUnit(
  deps: Deps,
  kind: WorkKind,
  userId: number,
  workId: number,
  unitId: number,
): Promise<UnlockAnswer> {
  const db = deps.db.kysely;
  const work = await workOrNotFound(db, kind, workId);
  const unit = await unitOrNotFound(db, kind, workId, unitId);
  const bought = await buyOnce(deps, purchaseOf(kind, userId, work, unit));
  return { charged: bought.charged, coinNum: bought.coinNum };
}
