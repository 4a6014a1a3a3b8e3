import type { ActivitySummary } from '@ld/contract/activities';
import type { CheckinStatus } from '@ld/contract/checkin';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import ActivityPopup from './activity-popup';
import CheckinReminder from './checkin-reminder';

// A start-up popup opens by itself, before the user has touched anything: the focus goes to the
// dialog (no ring on a button the user never chose, and Enter does not act on its own); Tab then
// reaches the controls, and a tap acts as before.

const activity: ActivitySummary = {
  id: 3,
  title: '书香阅读周',
  summary: '读好书、发动态，赢阅读奖励',
  banner: '/uploads/banner.png',
  startTime: '2026-11-01 00:00:00',
  endTime: '2026-12-31 00:00:00',
  status: 'ongoing',
  statusText: '进行中',
  rewardTotal: 30,
};

const notCheckedIn = { today: false, streak: 2 } as CheckinStatus;

describe('start-up popups', () => {
  it('the activity popup takes the focus on itself, and Tab reaches its controls', async () => {
    const { user, router } = renderApp(<ActivityPopup activity={activity} onClose={() => {}} />, {
      routes: { '/activity': <p>活动中心</p> },
    });
    const dialog = screen.getByRole('dialog', { name: '书香阅读周' });
    expect(document.activeElement).toBe(dialog);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '去看看' }));
    await user.click(screen.getByRole('button', { name: '去看看' }));
    expect(router.state.location.pathname).toBe('/activity');
  });

  it('the check-in reminder takes the focus on itself, and 去签到 still opens 签到', async () => {
    const { user, router } = renderApp(<CheckinReminder state={notCheckedIn} onClose={() => {}} />, {
      routes: { '/checkin': <p>签到</p> },
    });
    const dialog = screen.getByRole('dialog', { name: '今日还未签到' });
    expect(document.activeElement).toBe(dialog);
    expect(dialog.textContent).toContain('已连续签到 2 天');
    await user.click(screen.getByRole('button', { name: '去签到' }));
    expect(router.state.location.pathname).toBe('/checkin');
  });
});
