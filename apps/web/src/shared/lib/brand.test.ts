import { describe, expect, it } from 'vitest';
import { pageTitle } from './brand';

describe('page titles', () => {
  it('is the app title alone without a route title', () => expect(pageTitle()).toBe('蓝钻乐园'));
  it('adds the route title after a separator', () =>
    expect(pageTitle('常见问题')).toBe('蓝钻乐园 - 常见问题'));
});
