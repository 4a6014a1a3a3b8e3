import type { CheckinStatus } from '@ld/contract/checkin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import CheckinPage from './checkin-page';

const REWARDS = [10, 10, 15, 15, 20, 20, 50];
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function status(
  over: Partial<CheckinStatus> & { start?: string; todayDay?: number; done?: string[] } = {},
): CheckinStatus {
  const { start = '2026-11-22', todayDay = 1, done = [], ...rest } = over;
  return {
    today: false,
    date: addDays(start, todayDay - 1),
    streak: done.length,
    cycle: REWARDS.map((reward, i) => ({
      day: i + 1,
      reward,
      done: done.includes(addDays(start, i)),
      today: i + 1 === todayDay,
      date: addDays(start, i),
    })),
    month: '2026-11',
    days: done,
    makeup: { price: 30, used: 0, limit: 2, dates: [] },
    ...rest,
  };
}

const at = { at: '/checkin', path: '/checkin' };

describe('签到', () => {
  it('shows a guest the seven rewards and 登录后签到, without asking to check in', async () => {
    const server = fakeServer().on('GET /v1/checkin', () => status());
    const { user, router } = renderApp(<CheckinPage />, { ...at, server });
    const login = await screen.findByRole('link', { name: '登录后签到' });
    const days = within(screen.getByRole('list', { name: '七天签到奖励' })).getAllByRole('listitem');
    expect(days.map((d) => d.textContent)).toEqual([
      '第1天+10今天',
      '第2天+10',
      '第3天+15',
      '第4天+15',
      '第5天+20',
      '第6天+20',
      '第7天+50',
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(login);
    expect(router.state.location.pathname).toBe('/login');
    expect(server.requestsTo('POST /v1/checkin')).toHaveLength(0);
  });

  it('checks in, then shows the day ticked, the streak and 今日已签到', async () => {
    let checked = false;
    const server = fakeServer()
      .on('GET /v1/checkin', () =>
        checked
          ? status({ today: true, todayDay: 3, done: ['2026-11-22', '2026-11-23', '2026-11-24'] })
          : status({ todayDay: 3, done: ['2026-11-22', '2026-11-23'] }),
      )
      .on('POST /v1/checkin', () => {
        checked = true;
        return { date: '2026-11-24', day: 3, reward: 15, cost: 0, streak: 3, coinNum: 115 };
      });
    const { user } = renderApp(<CheckinPage />, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByText('今日签到可得 15 蓝钻，连续 7 天奖励更多')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '签到' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toHaveProperty('disabled', true);
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('签到成功，蓝钻 +15');
    expect(document.querySelector('#checkin-streak')?.textContent).toBe('已连续签到 3 天');
    expect(server.requestsTo('POST /v1/checkin')[0].form.get('date')).toBeNull();
    const checkedCells = screen.getAllByText('已签到', { selector: '.checkin-sr' });
    expect(checkedCells).toHaveLength(3);
  });

  it('offers 补签 of a missed day and opens the low-balance dialog on 1001', async () => {
    const server = fakeServer()
      .on('GET /v1/checkin', () =>
        status({
          todayDay: 3,
          streak: 0,
          done: ['2026-11-22'],
          makeup: { price: 30, used: 0, limit: 2, dates: ['2026-11-23'] },
        }),
      )
      .on('POST /v1/checkin', () =>
        fail(1001, '当前蓝钻余额不足，请先充值后再继续', { data: { coinNum: 10, price: 30 } }),
      );
    const { user } = renderApp(<CheckinPage />, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      '漏签 1 天：补签每次 30 蓝钻，本轮还可补签 2 次，请先补签11月23日。不补签直接签到将从第 1 天重新开始。',
    );
    await user.click(screen.getByRole('button', { name: '补签' }));
    expect(await screen.findByRole('dialog', { name: '当前蓝钻余额不足！' })).toBeTruthy();
    expect(server.requestsTo('POST /v1/checkin')[0].form.get('date')).toBe('2026-11-23');
  });

  it('says what failed and retries', async () => {
    let calls = 0;
    const server = fakeServer().on('GET /v1/checkin', () => {
      calls += 1;
      return calls === 1 ? fail(500, '服务器开小差了', { status: 500 }) : status();
    });
    const { user } = renderApp(<CheckinPage />, { ...at, server, account: TEST_ACCOUNT });
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '签到' })).toBeTruthy();
  });
});
