import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import HomePage from './home-page';

describe('home', () => {
  it('shows both banners to check-in and five entries, each with a drawn icon and no emoji', async () => {
    renderApp(<HomePage />, { at: '/', path: '/' });
    for (const name of ['邀请好友，一起领钻', '每日签到，连签有礼']) {
      expect(screen.getByRole('img', { name }).closest('a')?.getAttribute('href')).toBe('/checkin');
    }
    const entries = within(screen.getByRole('navigation', { name: '快捷入口' })).getAllByRole('link');
    expect(entries.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['游戏中心', '/games'],
      ['礼包广场', '/square'],
      ['书城', '/novels'],
      ['蓝钻充值', '/recharge'],
      ['常见问题', '/faq'],
    ]);
    for (const entry of entries) {
      expect(entry.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(entry.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });
});
