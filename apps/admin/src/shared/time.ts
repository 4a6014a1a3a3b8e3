import type { CrudFilter } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The console keeps the portal's clock: Beijing time (Asia/Shanghai, UTC+8, no daylight saving),
 * the clock players see on their phones and the server's calendar days (check-in, reports). An
 * operator whose computer is set to another zone still reads and types Beijing times.
 *
 * antd's pickers work in the browser's zone, so a time goes to them as a dayjs whose wall clock
 * there reads the instant's Beijing wall clock (`beijingPicked`), and comes back from them as the
 * instant that wall clock means in Beijing (`pickedInstant`). In a browser set to Beijing both are
 * the identity.
 */
const BEIJING_OFFSET_MS = 8 * 3600_000;

/** How far the browser's zone is behind UTC at the instant `ms`, in ms (Date#getTimezoneOffset). */
const browserBehindUtc = (ms: number) => new Date(ms).getTimezoneOffset() * 60_000;

/** Whether the browser's zone is Beijing's now (the header says which clock the console keeps when not). */
export const browserKeepsBeijingTime = (): boolean => browserBehindUtc(Date.now()) === -BEIJING_OFFSET_MS;

/** An instant (ISO text or epoch ms) for antd's pickers: a dayjs whose wall clock reads Beijing's. */
export const beijingPicked = (instant: string | number): Dayjs => {
  const t = typeof instant === 'number' ? instant : Date.parse(instant);
  // The browser's offset at the shifted instant (it may differ across a daylight saving change).
  const guess = t + BEIJING_OFFSET_MS + browserBehindUtc(t);
  return dayjs(t + BEIJING_OFFSET_MS + browserBehindUtc(guess));
};

/** Now, for antd's pickers (presets, the earliest day allowed). */
export const beijingNow = (): Dayjs => beijingPicked(Date.now());

/** The instant (ISO) that a picker's wall clock means on Beijing's clock. */
export const pickedInstant = (picked: Dayjs): string => {
  const p = picked.valueOf();
  return new Date(p - browserBehindUtc(p) - BEIJING_OFFSET_MS).toISOString();
};

/** An ISO time from the API in `format` (dayjs's), Beijing time. */
export const formatTimeAs = (iso: string | null | undefined, format: string): string =>
  iso ? beijingPicked(iso).format(format) : '—';

/** An ISO time from the API as the console shows it: Beijing time (a table column's `render`). */
export const formatTime = (iso: string | null | undefined): string =>
  formatTimeAs(iso, 'YYYY-MM-DD HH:mm:ss');

/**
 * A list filter on `field` for the days a RangePicker chose: from the first Beijing day's start to
 * the last one's end (either end may be open), or none when nothing was chosen.
 */
export const dayRangeFilter = (
  field: string,
  range: [Dayjs | null, Dayjs | null] | null | undefined,
): CrudFilter => ({
  field,
  operator: 'between',
  value: range
    ? [
        range[0] ? pickedInstant(range[0].startOf('day')) : undefined,
        range[1] ? pickedInstant(range[1].endOf('day')) : undefined,
      ]
    : undefined,
});
