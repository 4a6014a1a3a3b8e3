import type { ActivityDetail } from '@ld/contract/activities';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../../shared/ui/toast-store';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import ActivityDetailPage from './activity-detail-page';

function activity(over: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    id: 2,
    title: '书香阅读周',
    summary: '读好书、发动态，赢阅读奖励',
    banner: '/uploads/activities/2/banner.webp',
    startTime: '2026-11-22T04:00:00.000Z',
    endTime: '2026-11-29T04:00:00.000Z',
    status: 'ongoing',
    statusText: '进行中',
    rewardTotal: 95,
    rulesHtml: '<p>活动期间完成任务即可领取。</p>',
    tasks: [
      {
        id: 11,
        kind: 'read',
        title: '阅读3章',
        target: 3,
        progress: 3,
        reward: 20,
        claimed: false,
        claimable: true,
      },
      {
        id: 12,
        kind: 'read',
        title: '阅读10章',
        target: 10,
        progress: 3,
        reward: 60,
        claimed: false,
        claimable: false,
      },
      {
        id: 13,
        kind: 'invite',
        title: '邀请1位好友',
        target: 1,
        progress: 0,
        reward: 50,
        claimed: false,
        claimable: false,
      },
    ],
    ...over,
  };
}

const at = { at: '/activity/2', path: '/activity/:id' };
const row = (title: string) => screen.getByText(title).closest('li') as HTMLElement;

describe('活动详情', () => {
  it('shows progress and pays a finished task with 领取, then marks it 已领取', async () => {
    let claimed = false;
    const server = fakeServer()
      .on('GET /v1/activity/:id', () => {
        const a = activity();
        if (claimed) a.tasks[0] = { ...a.tasks[0], claimed: true, claimable: false };
        return a;
      })
      .on('POST /v1/activity/:id/task/:taskId/claim', () => {
        claimed = true;
        return { reward: 20, coinNum: 120 };
      });
    const { user } = renderApp(<ActivityDetailPage />, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('heading', { name: /书香阅读周/ })).toBeTruthy();
    expect(within(row('阅读10章')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    expect(within(row('阅读10章')).getByRole('link', { name: '去完成' }).getAttribute('href')).toBe(
      '/novels',
    );
    expect(within(row('邀请1位好友')).getByText('未完成')).toBeTruthy();
    expect(screen.getByText('活动期间完成任务即可领取。')).toBeTruthy();

    await user.click(within(row('阅读3章')).getByRole('button', { name: '领取' }));
    expect(await within(row('阅读3章')).findByRole('button', { name: '已领取' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(useToastStore.getState().items.map((t) => t.message)).toContain('领取成功，蓝钻 +20');
    expect(server.requestsTo('POST /v1/activity/:id/task/:taskId/claim')[0].path).toBe(
      '/v1/activity/2/task/11/claim',
    );
  });

  it('asks a guest to log in, and offers nothing to claim once the activity ended', async () => {
    const guest = fakeServer().on('GET /v1/activity/:id', () => activity());
    const first = renderApp(<ActivityDetailPage />, { ...at, server: guest });
    expect((await screen.findAllByRole('link', { name: '登录后领取' })).length).toBe(3);
    first.unmount();

    const ended = fakeServer().on('GET /v1/activity/:id', () =>
      activity({
        status: 'ended',
        statusText: '已结束',
        tasks: activity().tasks.map((t) => ({ ...t, claimable: false })),
      }),
    );
    renderApp(<ActivityDetailPage />, { ...at, server: ended, account: TEST_ACCOUNT });
    expect((await screen.findAllByRole('button', { name: '已结束' })).length).toBe(3);
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
  });

  it('says an activity that is not there is gone, with the way to the others, and toasts nothing', async () => {
    const server = fakeServer().on('GET /v1/activity/:id', () => fail(404, '活动不存在', { status: 404 }));
    renderApp(<ActivityDetailPage />, { ...at, server });
    expect(await screen.findByText('活动不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去看看其他活动' }).getAttribute('href')).toBe('/activity');
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    expect(useToastStore.getState().items).toEqual([]);
  });
});
