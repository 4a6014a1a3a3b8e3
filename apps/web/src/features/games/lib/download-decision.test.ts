import { describe, expect, it } from 'vitest';
import { confirmStep, payablePrice, priceBadge, startStep } from './download-decision';

const paid = { onlineType: 1, buyAmount: 300, memberFree: true, purchased: false };
const free = { onlineType: 0, buyAmount: 0, memberFree: false, purchased: null };

describe('startStep (spec §4)', () => {
  it('requests a free game at once, for guests too', () => {
    expect(startStep(free, false)).toBe('request');
    expect(startStep(free, true)).toBe('request');
  });

  it('sends a guest to login for a paid game, and asks a user to confirm', () => {
    expect(startStep(paid, false)).toBe('login');
    expect(startStep(paid, true)).toBe('confirm');
  });
});

describe('confirmStep (spec §4, §5)', () => {
  it('goes to login without a user status', () => {
    expect(confirmStep(300, undefined)).toBe('login');
    expect(confirmStep(300, null)).toBe('login');
  });

  it('is low balance only when the price is strictly greater than the balance', () => {
    expect(confirmStep(300, { coinNum: 299 })).toBe('lowBalance');
    expect(confirmStep(300, { coinNum: 300 })).toBe('request');
    expect(confirmStep(300, { coinNum: 1000 })).toBe('request');
  });

  it('requests a free-for-this-user download with any balance', () => {
    expect(confirmStep(0, { coinNum: 0 })).toBe('request');
  });
});

describe('payablePrice', () => {
  it('charges a non-member who has not bought the game', () => {
    expect(payablePrice(paid, false)).toBe(300);
  });

  it('is zero for members, earlier buyers and free games', () => {
    expect(payablePrice(paid, true)).toBe(0);
    expect(payablePrice({ ...paid, purchased: true }, false)).toBe(0);
    expect(payablePrice(free, false)).toBe(0);
  });

  it('charges a member when the game is not member-free', () => {
    expect(payablePrice({ ...paid, memberFree: false }, true)).toBe(300);
  });
});

describe('priceBadge', () => {
  it('names each state', () => {
    expect(priceBadge(free, false)).toEqual({ kind: 'free', text: '免费' });
    expect(priceBadge(paid, false)).toEqual({ kind: 'price', text: '300蓝钻' });
    expect(priceBadge(paid, true)).toEqual({ kind: 'member', text: '会员免费' });
    expect(priceBadge({ ...paid, purchased: true }, true)).toEqual({ kind: 'purchased', text: '已购买' });
  });
});
