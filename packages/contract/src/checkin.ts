import { z } from 'zod';
import { optionalText } from './validation.ts';

/**
 * Daily check-in (DESIGN §14, decision 0040). One check-in per calendar day in Asia/Shanghai; a
 * cycle is 7 consecutive days whose rewards grow; a missed day breaks the streak and the next
 * check-in starts the cycle again at day 1. A missed day of the current cycle can be made up
 * (补签) for diamonds before the cycle restarts, at most CHECKIN_MAKEUP_LIMIT times a cycle.
 */
export const CHECKIN_TIME_ZONE = 'Asia/Shanghai';
/** Diamonds paid on day 1..7 of a cycle. */
export const CHECKIN_REWARDS = [10, 10, 15, 15, 20, 20, 50] as const;
export const CHECKIN_CYCLE_DAYS = CHECKIN_REWARDS.length;
/** Diamonds one 补签 costs. */
export const CHECKIN_MAKEUP_PRICE = 30;
/** 补签 allowed per cycle. */
export const CHECKIN_MAKEUP_LIMIT = 2;

/** A calendar date in Asia/Shanghai, YYYY-MM-DD. */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** GET /api/v1/checkin: `month` (YYYY-MM) picks the calendar; blank means this month. */
export const checkinQuery = z.object({
  month: optionalText(z.string({ error: 'month 须为 YYYY-MM' }).regex(MONTH_PATTERN, 'month 须为 YYYY-MM')),
});

/** POST /api/v1/checkin: no date checks in today; a date (YYYY-MM-DD) is a 补签 of that day. */
export const checkinBody = z.object({
  date: optionalText(z.string({ error: 'date 须为 YYYY-MM-DD' }).regex(DATE_PATTERN, 'date 须为 YYYY-MM-DD')),
});

export const checkinCycleDaySchema = z.object({
  /** 1..7. */
  day: z.number().int(),
  /** Diamonds this day pays. */
  reward: z.number().int(),
  /** Checked in (or made up) in the current cycle. */
  done: z.boolean(),
  /** The day a check-in today counts as (or counted as). */
  today: z.boolean(),
  /** The calendar date this cycle day falls on (today's cycle counted from its day 1). */
  date: z.string().nullable(),
});
export type CheckinCycleDay = z.infer<typeof checkinCycleDaySchema>;

/** GET /api/v1/checkin. For a guest `today` is false, `streak` 0, `days` empty: the rewards only. */
export const checkinStatusSchema = z.object({
  /** Checked in today already. */
  today: z.boolean(),
  /** Today's date in Asia/Shanghai. */
  date: z.string(),
  /** Consecutive days checked in, ending today (or yesterday before today's check-in). */
  streak: z.number().int(),
  cycle: z.array(checkinCycleDaySchema),
  /** The calendar's month, YYYY-MM. */
  month: z.string(),
  /** Dates of that month checked in (made-up days included). */
  days: z.array(z.string()),
  makeup: z.object({
    price: z.number().int(),
    /** 补签 used in the current cycle. */
    used: z.number().int(),
    limit: z.number().int(),
    /** Missed days of the current cycle that can still be made up (empty once today is checked in on a new cycle). */
    dates: z.array(z.string()),
  }),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

/** POST /api/v1/checkin. A 补签 pays no reward: it costs `cost` and keeps the streak. */
export const checkinResultSchema = z.object({
  date: z.string(),
  /** Day 1..7 of the cycle this check-in counted as. */
  day: z.number().int(),
  /** Diamonds credited (0 for a 补签). */
  reward: z.number().int(),
  /** Diamonds charged (0 for today's check-in). */
  cost: z.number().int(),
  streak: z.number().int(),
  /** Balance after. */
  coinNum: z.number().int(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;

/** The ledger note of a check-in; the statement shows it as it is (签到第3天). */
export const checkinNote = (day: number): string => `签到第${day}天`;
/** The ledger note of a 补签: 补签11月20日. */
export const makeupNote = (date: string): string =>
  `补签${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
