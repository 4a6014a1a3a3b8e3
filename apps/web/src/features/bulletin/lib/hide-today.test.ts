import { beforeEach, describe, expect, it } from 'vitest';
import { hideBulletinToday, hideKey, isHiddenToday, shouldFetchBulletin } from './hide-today';

const at = (iso: string) => Date.parse(iso);

describe('bulletin 今日不再提示', () => {
  beforeEach(() => localStorage.clear());

  it('stores the timestamp under {uid}:not-show', () => {
    hideBulletinToday('42', at('2026-11-22T10:00:00+08:00'));
    expect(localStorage.getItem('42:not-show')).toBe(String(at('2026-11-22T10:00:00+08:00')));
    expect(hideKey('')).toBe(':not-show');
  });

  it('hides for the rest of the Shanghai day only', () => {
    const stored = String(at('2026-11-22T00:30:00+08:00'));
    expect(isHiddenToday(stored, at('2026-11-22T23:59:00+08:00'))).toBe(true);
    expect(isHiddenToday(stored, at('2026-11-23T00:00:01+08:00'))).toBe(false);
  });

  it('shows again for a missing or invalid value', () => {
    expect(isHiddenToday(null, Date.now())).toBe(false);
    expect(isHiddenToday('yesterday', Date.now())).toBe(false);
  });

  it('is per user', () => {
    const now = at('2026-11-22T12:00:00+08:00');
    hideBulletinToday('1', now);
    expect(shouldFetchBulletin('1', now)).toBe(false);
    expect(shouldFetchBulletin('2', now)).toBe(true);
  });
});
