import { type RawBuilder, sql } from 'kysely';

// Reports count rows per calendar day in Asia/Shanghai (UTC+8, no daylight saving), in SQL on both
// dialects: times are epoch milliseconds in a BIGINT, and BIGINT / integer divides whole on both.

const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The Shanghai day number (days since 1970-01-01) of an epoch-ms column, for select and group by. */
export const shanghaiDayOf = (column: string): RawBuilder<number> =>
  sql<number>`(${sql.ref(column)} + ${sql.lit(OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;

/** `2026-11-25` of a Shanghai day number. */
export const dayText = (dayNumber: number): string =>
  new Date(Number(dayNumber) * DAY_MS).toISOString().slice(0, 10);

/** The epoch ms at which the Shanghai day `2026-11-25` starts. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/** [from, to) in epoch ms covering the Shanghai days `fromDay` to `toDay`, both included. */
export const dayRange = (fromDay: string, toDay: string): { from: number; to: number } => ({
  from: dayStart(fromDay),
  to: dayStart(toDay) + DAY_MS,
});

/** One count of a report: its day, channel and invite code, and the figures it brings. */
export interface DayCount {
  day: string;
  channelId: string;
  inviteCode: string;
  count: number;
  /** A sum beside the count (fen paid), when the source has one. */
  sum?: number;
}
