import { describe, expect, it } from 'vitest';
import { priceBadge, statusText } from './format';

describe('episode badges', () => {
  it('says free, unlocked, VIP or the price', () => {
    expect(priceBadge({ price: 0, vip: false, unlocked: true })).toBe('免费');
    expect(priceBadge({ price: 8, vip: false, unlocked: true })).toBe('已解锁');
    expect(priceBadge({ price: 5, vip: true, unlocked: false })).toBe('VIP');
    expect(priceBadge({ price: 8, vip: false, unlocked: false })).toBe('8 蓝钻');
  });

  it('names the status', () => {
    expect(statusText(0)).toBe('连载');
    expect(statusText(1)).toBe('完结');
  });
});
