import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, relativeTime, startOfShanghaiDay } from '../src/relative-time.ts';

// 2026-11-22 12:00:00 in Asia/Shanghai.
const now = new Date('2026-11-22T04:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('relativeTime (spec §9)', () => {
  it.each([
    [0, '0秒前'],
    [59_999, '59秒前'],
    [60_000, '1分钟前'],
    [59 * 60_000 + 59_000, '59分钟前'],
    [3600_000, '1小时前'],
    [23 * 3600_000 + 59 * 60_000, '23小时前'],
  ])('%i ms ago reads %s', (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected);
  });

  it('shows the Shanghai date from one day on', () => {
    expect(relativeTime(ago(24 * 3600_000), now)).toBe('2026-11-21');
    // 2026-11-20T20:00Z is already 2026-11-21 04:00 in Shanghai.
    expect(relativeTime('2026-11-20T20:00:00Z', now)).toBe('2026-11-21');
    expect(relativeTime('2025-01-01T00:00:00Z', now)).toBe('2025-01-01');
  });

  it('reads a future time as 刚刚', () => {
    expect(relativeTime(new Date(now.getTime() + 1000), now)).toBe('刚刚');
  });

  it('accepts ISO strings and epoch ms, and answers empty for garbage', () => {
    expect(relativeTime('2026-11-22T03:59:30Z', now)).toBe('30秒前');
    expect(relativeTime(now.getTime() - 120_000, now)).toBe('2分钟前');
    expect(relativeTime('not a time', now)).toBe('');
  });
});

describe('Shanghai dates', () => {
  it('formats dates and times in UTC+8', () => {
    expect(formatDate(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
    expect(formatDate(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(formatDateTime('2026-11-22T04:05:00Z')).toBe('2026-11-22 12:05');
  });

  it('finds the start of the Shanghai day', () => {
    expect(startOfShanghaiDay(now.getTime())).toBe(Date.parse('2026-11-21T16:00:00Z'));
    expect(startOfShanghaiDay(Date.parse('2026-11-21T15:59:59Z'))).toBe(Date.parse('2026-11-20T16:00:00Z'));
  });
});
