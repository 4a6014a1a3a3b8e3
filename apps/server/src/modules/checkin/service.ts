import {
  CHECKIN_CYCLE_DAYS,
  CHECKIN_MAKEUP_LIMIT,
  CHECKIN_MAKEUP_PRICE,
  CHECKIN_REWARDS,
  type CheckinCycleDay,
  type CheckinResult,
  type CheckinStatus,
  checkinNote,
  makeupNote,
} from '@ld/contract/checkin';
import type { Conn } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Deps } from '../../platform/deps.ts';
import { badInput, ruleError } from '../../platform/errors.ts';
import { applyBalanceChange, balanceInsufficient, lockWallet } from '../wallet/public.ts';
import { type CheckinRow, countBetween, datesBetween, insertCheckin, recentCheckins } from './repository.ts';

// Daily check-in (DESIGN §14, docs/decisions/0040-check-in-and-activities.md). Dates are
// Asia/Shanghai calendar days as YYYY-MM-DD (no daylight saving there, so a fixed +8 h).

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The Asia/Shanghai calendar date of an instant. */
export const shanghaiDate = (ms: number): string =>
  new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a Shanghai calendar date begins. */
export const shanghaiMidnight = (date: string): number =>
  Date.parse(`${date}T00:00:00Z`) - SHANGHAI_OFFSET_MS;
const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (later: string, earlier: string): number =>
  Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / DAY_MS);
/** 2026-02-31 matches the pattern but is no date. */
const isRealDate = (date: string): boolean => addDays(date, 0) === date;

/** Where the user stands today, worked out from their latest rows. */
interface Plan {
  checkedToday: boolean;
  /** Day 1 of the cycle shown (today when a check-in now starts a new one). */
  cycleStart: string;
  /** Rows of that cycle. */
  rows: CheckinRow[];
  /** Today's position in the cycle shown. */
  todayDay: number;
  /** Missed days of the cycle shown that can be made up, oldest first; a check-in now restarts the cycle. */
  missed: string[];
  makeupUsed: number;
  streak: number;
  /** The latest row before today (the one today's check-in follows). */
  last: CheckinRow | null;
}

function planOf(recent: CheckinRow[], today: string): Plan {
  const fresh = (last: CheckinRow | null, streak: number): Plan => ({
    checkedToday: false,
    cycleStart: today,
    rows: [],
    todayDay: 1,
    missed: [],
    makeupUsed: 0,
    streak,
    last,
  });
  const last = recent[0] ?? null;
  if (!last) return fresh(null, 0);
  const rows = recent.filter((r) => r.cycle_start === last.cycle_start);
  const makeupUsed = rows.filter((r) => Number(r.makeup) === 1).length;
  const base = { cycleStart: last.cycle_start, rows, makeupUsed };
  if (last.date === today) {
    return {
      ...base,
      checkedToday: true,
      todayDay: Number(last.cycle_day),
      missed: [],
      streak: Number(last.streak),
      last,
    };
  }
  const gap = daysBetween(today, last.date) - 1;
  const lastDay = Number(last.cycle_day);
  if (gap === 0) {
    // Yesterday was checked in: the cycle goes on, or a new one starts after day 7.
    if (lastDay >= CHECKIN_CYCLE_DAYS) return fresh(last, Number(last.streak));
    return {
      ...base,
      checkedToday: false,
      todayDay: lastDay + 1,
      missed: [],
      streak: Number(last.streak),
      last,
    };
  }
  // Missed days: they can be made up while the cycle still has room for today and 补签 are left.
  if (lastDay + gap < CHECKIN_CYCLE_DAYS && gap <= CHECKIN_MAKEUP_LIMIT - makeupUsed) {
    const missed = Array.from({ length: gap }, (_, i) => addDays(last.date, i + 1));
    return { ...base, checkedToday: false, todayDay: lastDay + gap + 1, missed, streak: 0, last };
  }
  // The old cycle cannot be mended; its 补签 count stays shown until today starts the new one.
  return { ...fresh(last, 0), makeupUsed };
}

function cycleOf(plan: Plan): CheckinCycleDay[] {
  const done = new Set(plan.rows.map((r) => r.date));
  return CHECKIN_REWARDS.map((reward, i) => {
    const date = addDays(plan.cycleStart, i);
    return { day: i + 1, reward, done: done.has(date), today: i + 1 === plan.todayDay, date };
  });
}

/** GET /api/v1/checkin: today, the streak, the cycle and the month's checked days (rewards only for guests). */
export async function checkinStatus(
  deps: Deps,
  userId: number | null,
  month?: string,
): Promise<CheckinStatus> {
  const today = shanghaiDate(deps.clock.now());
  const shownMonth = month ?? today.slice(0, 7);
  const db = deps.db.kysely;
  const [recent, days] =
    userId === null
      ? [[], []]
      : await Promise.all([
          recentCheckins(db, userId),
          datesBetween(db, userId, `${shownMonth}-01`, `${shownMonth}-31`),
        ]);
  const plan = planOf(recent, today);
  return {
    today: plan.checkedToday,
    date: today,
    streak: plan.streak,
    cycle: cycleOf(plan),
    month: shownMonth,
    days,
    makeup: {
      price: CHECKIN_MAKEUP_PRICE,
      used: plan.makeupUsed,
      limit: CHECKIN_MAKEUP_LIMIT,
      dates: plan.missed,
    },
  };
}

/**
 * POST /api/v1/checkin: today's check-in, or with `date` a 补签 of a missed day of the current
 * cycle. Runs under the wallet lock, and the row's primary key (user, date) and the ledger's
 * (checkin, uid:date) key make any number of parallel calls write and pay once.
 */
export async function checkIn(deps: Deps, userId: number, date?: string): Promise<CheckinResult> {
  if (date !== undefined && !isRealDate(date)) throw badInput('date', '不是有效的日期');
  const now = deps.clock.now();
  const today = shanghaiDate(now);
  const makeup = date !== undefined && date !== today;
  if (makeup && date > today) throw ruleError('不能补签今天以后的日期');
  try {
    return await deps.db.kysely.transaction().execute(async (trx) => {
      // The wallet lock serializes this user's check-ins, so the plan read below holds until commit.
      await lockWallet(trx, userId);
      const plan = planOf(await recentCheckins(trx, userId), today);
      return makeup
        ? makeUp(deps, trx, userId, plan, date, now)
        : checkInToday(trx, userId, plan, today, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ruleError(makeup ? '该日已签到' : '今日已签到');
    throw error;
  }
}

async function checkInToday(trx: Conn, userId: number, plan: Plan, today: string, now: number) {
  if (plan.checkedToday) throw ruleError('今日已签到');
  // Missed days not made up break the streak: the cycle starts again today.
  const restart = plan.missed.length > 0;
  const cycleStart = restart ? today : plan.cycleStart;
  const day = restart ? 1 : plan.todayDay;
  const yesterday = addDays(today, -1);
  const streak = plan.last?.date === yesterday ? Number(plan.last.streak) + 1 : 1;
  const reward = CHECKIN_REWARDS[day - 1];
  await insertCheckin(trx, {
    user_id: userId,
    date: today,
    cycle_start: cycleStart,
    cycle_day: day,
    streak,
    reward,
    makeup: 0,
    created_at: now,
  });
  const paid = await applyBalanceChange(trx, {
    userId,
    delta: reward,
    reason: 'checkin',
    ref: `${userId}:${today}`,
    note: checkinNote(day),
    now,
  });
  if (!paid.ok || !paid.applied) throw ruleError('今日已签到');
  return { date: today, day, reward, cost: 0, streak, coinNum: paid.balance };
}

async function makeUp(deps: Deps, trx: Conn, userId: number, plan: Plan, date: string, now: number) {
  if (!plan.missed.includes(date)) {
    if (plan.rows.some((r) => r.date === date)) throw ruleError('该日已签到');
    if (plan.makeupUsed >= CHECKIN_MAKEUP_LIMIT)
      throw ruleError(`本轮已补签 ${CHECKIN_MAKEUP_LIMIT} 次，不能再补签`);
    throw ruleError('只能补签本轮连续签到中漏签的日期');
  }
  if (date !== plan.missed[0])
    throw ruleError(`请先补签 ${Number(plan.missed[0].slice(5, 7))}月${Number(plan.missed[0].slice(8))}日`);
  const streak = plan.last ? Number(plan.last.streak) + 1 : 1;
  const day = daysBetween(date, plan.cycleStart) + 1;
  await insertCheckin(trx, {
    user_id: userId,
    date,
    cycle_start: plan.cycleStart,
    cycle_day: day,
    streak,
    reward: 0,
    makeup: 1,
    created_at: now,
  });
  const paid = await applyBalanceChange(trx, {
    userId,
    delta: -CHECKIN_MAKEUP_PRICE,
    reason: 'checkin',
    ref: `${userId}:${date}`,
    note: makeupNote(date),
    now,
  });
  if (!paid.ok) throw balanceInsufficient(deps.config, paid.balance, CHECKIN_MAKEUP_PRICE);
  if (!paid.applied) throw ruleError('该日已签到');
  return { date, day, reward: 0, cost: CHECKIN_MAKEUP_PRICE, streak, coinNum: paid.balance };
}

/** Days the user checked in (made-up days included) whose date falls in [from, to). */
export function countCheckinDays(
  deps: Pick<Deps, 'db'>,
  userId: number,
  from: number,
  to: number,
): Promise<number> {
  if (to <= from) return Promise.resolve(0);
  return countBetween(deps.db.kysely, userId, shanghaiDate(from), shanghaiDate(to - 1));
}
