import { describe, expect, it } from 'vitest';
import { activeTabName, TABS } from './tab-bar';

describe('tab bar', () => {
  it('has the five tabs in the spec order', () => {
    expect(TABS.map((t) => t.label)).toEqual(['首页', '广场', '色漫', '游戏', '我的']);
    expect(TABS.map((t) => t.name)).toEqual(['home', 'square', 'animate', 'games', 'profile']);
  });
  it('is active by matched route name, defaulting to the first', () => {
    expect(activeTabName(['games'])).toBe('games');
    expect(activeTabName(['detail'])).toBe('home');
    expect(activeTabName([])).toBe('home');
  });
});
