import { describe, expect, it } from 'vitest';
import { badgeText, DAY_MS, newRequestId, stackedExpiry } from './membership';

const now = Date.parse('2026-11-22T04:00:00Z');

describe('stackedExpiry', () => {
  it('starts from now for a user who never was a member', () => {
    expect(stackedExpiry(now, null, 30)).toBe(now + 30 * DAY_MS);
  });

  it('starts from now when the membership has run out', () => {
    expect(stackedExpiry(now, '2026-10-01T00:00:00.000Z', 90)).toBe(now + 90 * DAY_MS);
  });

  it('stacks on top of a membership still running', () => {
    const exp = '2026-12-01T00:00:00.000Z';
    expect(stackedExpiry(now, exp, 365)).toBe(Date.parse(exp) + 365 * DAY_MS);
  });

  it('treats an unreadable expiry as none', () => {
    expect(stackedExpiry(now, 'not a date', 30)).toBe(now + 30 * DAY_MS);
  });
});

describe('badgeText', () => {
  it('labels the three badges', () => {
    expect(badgeText('month')).toBe('月');
    expect(badgeText('normal')).toBe('季');
    expect(badgeText('year')).toBe('年');
  });
});

describe('newRequestId', () => {
  it('is different for every tap and fits the server rule', () => {
    const a = newRequestId();
    const b = newRequestId();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9-]{8,64}$/);
  });
});
