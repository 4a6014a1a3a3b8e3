import { describe, expect, it } from 'vitest';
import { badgeText, formatCount, formatSize, formatYuan } from './format';

describe('formatting', () => {
  it('caps badges at 99+', () => {
    expect(badgeText(0)).toBe('0');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
  it('formats sizes, counts and money', () => {
    expect(formatSize(1536)).toBe('2KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0MB');
    expect(formatCount(12_345)).toBe('1.2万');
    expect(formatCount(999)).toBe('999');
    expect(formatYuan(600)).toBe('¥6.00');
  });
});
