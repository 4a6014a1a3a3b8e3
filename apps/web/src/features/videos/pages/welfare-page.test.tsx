import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import { VIDEO_CATEGORIES, videoItem, videoPage } from '../lib/fake-videos';
import WelfarePage from './welfare-page';

const page = <WelfarePage />;

describe('动漫福利视频', () => {
  it('shows cards with the cover, duration, views and VIP/price badges, and opens the player', async () => {
    const server = fakeServer()
      .on('GET /v1/video/categories', () => VIDEO_CATEGORIES)
      .on('GET /v1/video/list', () =>
        videoPage([
          videoItem(),
          videoItem({ id: 8, title: '夏夜的烟火', price: 5, viewCount: 88, duration: 65 }),
          videoItem({ id: 9, title: '星之子', vip: true, price: 5 }),
          videoItem({ id: 10, title: '雨后的天台' }),
          ...[11, 12, 13].map((id) => videoItem({ id, title: `第${id}号` })),
          videoItem({ id: 15, title: '第四排的右边' }),
          videoItem({ id: 16, title: '第五排的封面' }),
        ]),
      );
    renderApp(page, { at: '/welfare', server });
    const first = await screen.findByRole('link', { name: /樱花树下的约定/ });
    expect(first.getAttribute('href')).toBe('/video/7');
    expect(within(first).getByText('0:08')).toBeTruthy();
    expect(within(first).getByText('1.2万')).toBeTruthy();
    expect(first.querySelector('.video-card__badge')).toBeNull();
    // The first screen (four rows of two) holds the page's largest content: not lazy; below it, lazy.
    expect(first.querySelector('img')?.getAttribute('loading')).toBe('eager');
    const loading = (name: RegExp) =>
      screen.getByRole('link', { name }).querySelector('img')?.getAttribute('loading');
    expect(loading(/雨后的天台/)).toBe('eager');
    expect(loading(/第四排的右边/)).toBe('eager');
    expect(loading(/第五排的封面/)).toBe('lazy');

    const priced = screen.getByRole('link', { name: /夏夜的烟火/ });
    expect(within(priced).getByText('5蓝钻')).toBeTruthy();
    expect(within(priced).getByText('1:05')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /星之子/ })).getByText('VIP')).toBeTruthy();
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('asks for a category and the sort', async () => {
    const server = fakeServer()
      .on('GET /v1/video/categories', () => VIDEO_CATEGORIES)
      .on('GET /v1/video/list', () => videoPage([videoItem()]));
    const { user } = renderApp(page, { at: '/welfare', server });
    await screen.findByRole('link', { name: /樱花树下的约定/ });
    expect(server.requestsTo('GET /v1/video/list')[0].query.get('sort')).toBe('1');
    await user.click(await screen.findByRole('tab', { name: '治愈' }));
    await user.click(screen.getByRole('tab', { name: '最新' }));
    await screen.findByRole('link', { name: /樱花树下的约定/ });
    const last = server.requestsTo('GET /v1/video/list').at(-1)!;
    expect(last.query.get('category')).toBe('12');
    expect(last.query.get('sort')).toBe('2');
  });

  it('says when there is nothing, and offers a retry after a failure', async () => {
    let failing = true;
    const server = fakeServer()
      .on('GET /v1/video/categories', () => VIDEO_CATEGORIES)
      .on('GET /v1/video/list', () => (failing ? fail(500, '服务器错误', { status: 500 }) : videoPage([])));
    const { user } = renderApp(page, { at: '/welfare', server });
    const retry = await screen.findByRole('button', { name: '重新加载' });
    failing = false;
    await user.click(retry);
    expect(await screen.findByText('这里还没有视频')).toBeTruthy();
  });
});
