import { describe, expect, it } from 'vitest';
import { deltaText, yuanText } from './money';
import { ORDER_POLL_LIMIT_MS, orderResult } from './order-result';

describe('yuanText', () => {
  it('shows whole yuan without decimals and cents exactly', () => {
    expect(yuanText(600)).toBe('¥6');
    expect(yuanText(64800)).toBe('¥648');
    expect(yuanText(650)).toBe('¥6.50');
    expect(yuanText(1)).toBe('¥0.01');
    expect(yuanText(-1999)).toBe('-¥19.99');
  });
});

describe('deltaText', () => {
  it('signs income and keeps the minus of spending', () => {
    expect(deltaText(330)).toBe('+330');
    expect(deltaText(-300)).toBe('-300');
    expect(deltaText(0)).toBe('0');
  });
});

describe('orderResult', () => {
  it('is a success once credited and closed once closed, whenever seen', () => {
    expect(orderResult('credited', 0)).toBe('success');
    expect(orderResult('credited', ORDER_POLL_LIMIT_MS * 2)).toBe('success');
    expect(orderResult('closed', 10)).toBe('closed');
  });

  it('keeps waiting on created or paid orders until the time is up', () => {
    expect(orderResult('created', 1_500)).toBe('pending');
    expect(orderResult('paid', ORDER_POLL_LIMIT_MS - 1)).toBe('pending');
    expect(orderResult(undefined, 0)).toBe('pending');
    expect(orderResult('paid', ORDER_POLL_LIMIT_MS)).toBe('timeout');
  });
});
