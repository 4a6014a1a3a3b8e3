import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestProgress } from '../../../shared/lib/guest-progress';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp, TEST_ACCOUNT } from '../../../testing/render';
import { lockedVideo, videoDetail, videoItem, videoProgress } from '../lib/fake-videos';
import VideoPage from './video-page';

const page = <VideoPage />;

/** The player's API: every page that shows a video counts its view (docs/decisions/0046-video-views-apart.md). */
const playerServer = () =>
  fakeServer().on('POST /v1/video/:id/view', () => ({ viewCount: 12_346, counted: true }));
const at = { at: '/video/7', path: '/video/:id' };

/** The <video> as the browser would have it after reading the file's header. */
function loadMetadata(video: HTMLVideoElement, duration = 8.04) {
  Object.defineProperty(video, 'duration', { configurable: true, value: duration });
  fireEvent(video, new Event('loadedmetadata'));
}
/** The viewer pauses at `second` (jsdom plays nothing: the element's state is set by hand). */
function pauseAt(video: HTMLVideoElement, second: number) {
  video.currentTime = second;
  Object.defineProperty(video, 'paused', { configurable: true, value: true });
  fireEvent(video, new Event('pause'));
}

afterEach(() => guestProgress.clear());

describe('the player', () => {
  it('plays the signed file in the browser’s own player, titled by the video, and opens at the saved second', async () => {
    const server = playerServer().on('GET /v1/video/:id', () =>
      videoDetail({ progress: videoProgress(4.2) }),
    );
    renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('heading', { name: '樱花树下的约定' })).toBeTruthy();
    const video = document.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/api/v1/video/7/file?expires=1&sig=ab');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('metadata');
    await waitFor(() => expect(document.title).toBe('樱花树下的约定'));
    for (const text of ['1.2万 次播放', '0:08', '热血', '免费', '一段八秒的动画：樱花飘落，镜头缓缓推进。'])
      expect(within(document.querySelector<HTMLElement>('.video-page__info')!).getByText(text)).toBeTruthy();
    loadMetadata(video);
    expect(video.currentTime).toBe(4.2);
    // 下一个: the next video with its price.
    const next = screen.getByRole('link', { name: /夏夜的烟火/ });
    expect(next.getAttribute('href')).toBe('/video/8');
    expect(next.textContent).toContain('5蓝钻');
  });

  it('opens a watched video (saved near its end) from the start', async () => {
    const server = playerServer().on('GET /v1/video/:id', () =>
      videoDetail({ progress: videoProgress(7.5) }),
    );
    renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    const video = document.querySelector('video')!;
    loadMetadata(video);
    expect(video.currentTime).toBe(0);
  });

  it('saves the second on pause for the account, as a video unit', async () => {
    const server = playerServer()
      .on('GET /v1/video/:id', () => videoDetail())
      .on('PUT /v1/progress', (r) =>
        videoProgress((r.json as { position: { second: number } }).position.second),
      );
    renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    const video = document.querySelector('video')!;
    loadMetadata(video);
    act(() => pauseAt(video, 5.37));
    await waitFor(() => expect(server.requestsTo('PUT /v1/progress')).toHaveLength(1));
    const body = server.requestsTo('PUT /v1/progress')[0].json as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'video', workId: 7, unitId: 7, position: { second: 5.4 } });
    expect(typeof body.clientTime).toBe('number');
  });

  it('keeps a guest’s second in this browser and opens there again', async () => {
    const server = playerServer().on('GET /v1/video/:id', () => videoDetail());
    const first = renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    act(() => pauseAt(document.querySelector('video')!, 3.01));
    expect(guestProgress.get('video', 7)).toMatchObject({ unitId: 7, position: { second: 3 } });
    expect(server.requestsTo('PUT /v1/progress')).toHaveLength(0);
    first.unmount();

    renderApp(page, { ...at, server: playerServer().on('GET /v1/video/:id', () => videoDetail()) });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    const video = document.querySelector('video')!;
    loadMetadata(video);
    expect(video.currentTime).toBe(3);
  });

  it('shows a locked video’s price and the balance, buys it once, and then plays it', async () => {
    let bought = false;
    const server = playerServer()
      .on('GET /v1/video/:id', () => (bought ? videoDetail({ price: 5 }) : lockedVideo(100)))
      .on('POST /v1/video/:id/unit/:unitId/unlock', () => {
        bought = true;
        return { charged: 5, coinNum: 95 };
      });
    const { user } = renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('heading', { name: '付费视频' })).toBeTruthy();
    expect(screen.getByText('余额 100 蓝钻')).toBeTruthy();
    expect(screen.getByText(/价格/).textContent).toBe('价格 5 蓝钻');
    expect(screen.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/profile?fun=member');
    expect(document.querySelector('video')).toBeNull();
    await user.click(screen.getByRole('button', { name: '购买' }));
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    const unlock = server.requestsTo('POST /v1/video/:id/unit/:unitId/unlock');
    expect(unlock).toHaveLength(1);
    expect(unlock[0].params).toEqual({ id: '7', unitId: '7' });
  });

  it('opens the low-balance dialog when the diamonds are short', async () => {
    const server = playerServer()
      .on('GET /v1/video/:id', () =>
        lockedVideo(2, { vip: true, locked: { price: 5, vip: true, coinNum: 2 } }),
      )
      .on('POST /v1/video/:id/unit/:unitId/unlock', () =>
        fail(1001, '余额不足', { data: { coinNum: 2, price: 5 } }),
      );
    const { user, router } = renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    expect(await screen.findByRole('heading', { name: 'VIP 视频' })).toBeTruthy();
    expect(screen.getByText('（会员免费看）')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '购买' }));
    const dialog = await screen.findByRole('dialog', { name: /余额不足/ });
    await user.click(within(dialog).getByRole('button', { name: '去充值' }));
    expect(router.state.location.pathname).toBe('/recharge');
    expect(router.state.location.search).toBe(`?back=${encodeURIComponent('/video/7')}`);
  });

  it('sends a guest to login to buy, and to collect', async () => {
    const server = playerServer().on('GET /v1/video/:id', () => lockedVideo(null));
    const { user, router } = renderApp(page, { ...at, server });
    await user.click(await screen.findByRole('button', { name: '登录后购买' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText(/余额/)).toBeNull();
  });

  it('collects the video (收藏) so it shows in 我的订阅', async () => {
    let subscribed = false;
    const server = playerServer()
      .on('GET /v1/video/:id', () => videoDetail({ subscribed }))
      .on('POST /v1/video/:id/subscribe', () => {
        subscribed = true;
        return null;
      });
    const { user } = renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    const on = await screen.findByRole('button', { name: '已收藏' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
  });

  it('says so when the video does not exist', async () => {
    const server = playerServer().on('GET /v1/video/:id', () => fail(404, '视频不存在', { status: 404 }));
    renderApp(page, { at: '/video/999', path: '/video/:id', server });
    expect(await screen.findByText('这个视频不存在或已下架')).toBeTruthy();
    // Nothing to count.
    expect(server.requestsTo('POST /v1/video/:id/view')).toHaveLength(0);
  });
});

describe('the view', () => {
  const views = (server: ReturnType<typeof playerServer>) => server.requestsTo('POST /v1/video/:id/view');

  it('counts a guest’s page once with the device id, and shows the count it answers', async () => {
    const server = playerServer()
      .on('GET /v1/video/:id', () => videoDetail({ viewCount: 41 }))
      .on('POST /v1/video/:id/view', () => ({ viewCount: 42, counted: true }));
    renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    expect(await screen.findByText('42 次播放')).toBeTruthy();
    expect(views(server)).toHaveLength(1);
    expect(views(server)[0].params.id).toBe('7');
    expect(views(server)[0].form.get('deviceId')).toMatch(/^[0-9a-f]{32}$/);
    // The detail itself carries no device id: it is the request the server answers in the HTML.
    expect(server.requestsTo('GET /v1/video/:id')[0].query.toString()).toBe('');
    // Reading the detail again (a purchase, 收藏) counts nothing more.
    await new Promise((r) => setTimeout(r, 50));
    expect(views(server)).toHaveLength(1);
  });

  it('counts a logged-in viewer’s page by the account, without a device id', async () => {
    const server = playerServer().on('GET /v1/video/:id', () => videoDetail({ viewCount: 41 }));
    renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    await waitFor(() => expect(views(server)).toHaveLength(1));
    expect(views(server)[0].form.has('deviceId')).toBe(false);
    expect(views(server)[0].headers.uid).toBe(TEST_ACCOUNT.uid);
  });

  it('keeps the count shown when the view could not be counted', async () => {
    const server = playerServer()
      .on('GET /v1/video/:id', () => videoDetail({ viewCount: 41 }))
      .on('POST /v1/video/:id/view', () => fail(500, '服务器内部错误', { status: 500 }));
    renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '樱花树下的约定' });
    await waitFor(() => expect(views(server)).toHaveLength(1));
    expect(screen.getByText('41 次播放')).toBeTruthy();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
  });
});

describe('the player across reads of the detail', () => {
  it('keeps the first signed src, so 收藏 does not reload the video', async () => {
    let n = 0;
    let subscribed = false;
    const server = playerServer()
      .on('GET /v1/video/:id', () => {
        n += 1;
        return videoDetail({ subscribed, src: `/api/v1/video/7/file?expires=${n}&sig=ab` });
      })
      .on('POST /v1/video/:id/subscribe', () => {
        subscribed = true;
        return null;
      });
    const { user } = renderApp(page, { ...at, server, account: TEST_ACCOUNT });
    await user.click(await screen.findByRole('button', { name: '收藏' }));
    await screen.findByRole('button', { name: '已收藏' });
    expect(n).toBe(2);
    expect(document.querySelector('video')?.getAttribute('src')).toBe(
      '/api/v1/video/7/file?expires=1&sig=ab',
    );
  });
});

describe('the next video when one ends', () => {
  /** Video 7 whose next (same category) is the free video 8, which has no next. */
  const chain = () =>
    playerServer().on('GET /v1/video/:id', (r) =>
      r.params.id === '8'
        ? videoDetail({
            id: 8,
            unitId: 8,
            title: '夏夜的烟火',
            src: '/api/v1/video/8/file?expires=1&sig=cd',
            next: null,
          })
        : videoDetail({ next: videoItem({ id: 8, title: '夏夜的烟火', price: 0 }) }),
    );
  /** The video plays to its end (jsdom plays nothing: the event is what the browser would send). */
  const end = (video: HTMLVideoElement) => act(() => fireEvent(video, new Event('ended')));

  it('counts down on a card and then plays the next video', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { router } = renderApp(page, { ...at, server: chain() });
    await screen.findByRole('heading', { name: '樱花树下的约定', level: 1 });
    expect(screen.queryByRole('region', { name: '即将播放' })).toBeNull();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      end(document.querySelector('video')!);
      const card = screen.getByRole('region', { name: '即将播放' });
      expect(within(card).getByText('下一个：夏夜的烟火')).toBeTruthy();
      expect(card.querySelector('.video-next-up__count')?.textContent).toBe('5 秒后自动播放');
      expect(within(card).getByRole('button', { name: '取消' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(card.querySelector('.video-next-up__count')?.textContent).toBe('4 秒后自动播放');
      expect(router.state.location.pathname).toBe('/video/7');
      await act(() => vi.advanceTimersByTimeAsync(4000));
      // Still on the fake clock (it moves with real time): what the navigation scheduled on it
      // (the next video's request) must still run.
      await waitFor(() => expect(router.state.location.pathname).toBe('/video/8'));
      await screen.findByRole('heading', { name: '夏夜的烟火', level: 1 });
    } finally {
      vi.useRealTimers();
    }
    expect(screen.queryByRole('region', { name: '即将播放' })).toBeNull();
    const next = document.querySelector('video')!;
    expect(next.getAttribute('src')).toBe('/api/v1/video/8/file?expires=1&sig=cd');
    // It starts on its own once its header is read.
    expect(play).not.toHaveBeenCalled();
    loadMetadata(next);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: '点击播放' })).toBeNull();
  });

  it('goes at once with 立即播放, and shows the play button when the browser refuses autoplay', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('no gesture', 'NotAllowedError'),
    );
    const { user, router } = renderApp(page, { ...at, server: chain() });
    await screen.findByRole('heading', { name: '樱花树下的约定', level: 1 });
    end(document.querySelector('video')!);
    await user.click(screen.getByRole('button', { name: '立即播放' }));
    expect(router.state.location.pathname).toBe('/video/8');
    await screen.findByRole('heading', { name: '夏夜的烟火', level: 1 });
    loadMetadata(document.querySelector('video')!);
    expect(await screen.findByRole('button', { name: '点击播放' })).toBeTruthy();
  });

  it('counts each video the page opens once: the first, then the next', async () => {
    const server = chain();
    const { user } = renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '樱花树下的约定', level: 1 });
    await waitFor(() => expect(server.requestsTo('POST /v1/video/:id/view')).toHaveLength(1));
    end(document.querySelector('video')!);
    await user.click(screen.getByRole('button', { name: '立即播放' }));
    await screen.findByRole('heading', { name: '夏夜的烟火', level: 1 });
    await waitFor(() => expect(server.requestsTo('POST /v1/video/:id/view')).toHaveLength(2));
    expect(server.requestsTo('POST /v1/video/:id/view').map((r) => r.params.id)).toEqual(['7', '8']);
  });

  it('取消 keeps the viewer on the ended video', async () => {
    const { user, router } = renderApp(page, { ...at, server: chain() });
    await screen.findByRole('heading', { name: '樱花树下的约定', level: 1 });
    end(document.querySelector('video')!);
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('region', { name: '即将播放' })).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(router.state.location.pathname).toBe('/video/7');
  });

  it('offers a VIP next video with its price and 开通会员 instead of playing it', async () => {
    const server = playerServer().on('GET /v1/video/:id', () =>
      videoDetail({ next: videoItem({ id: 9, title: '星河列车', price: 8, vip: true }) }),
    );
    const { user, router } = renderApp(page, { ...at, server });
    await screen.findByRole('heading', { name: '樱花树下的约定', level: 1 });
    end(document.querySelector('video')!);
    const card = screen.getByRole('region', { name: '播放完毕' });
    expect(within(card).getByText('下一个：星河列车')).toBeTruthy();
    expect(card.querySelector('.video-next-up__price')?.textContent).toBe(
      'VIP 视频 · 价格 8 蓝钻（会员免费看）',
    );
    expect(within(card).getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe(
      '/profile?fun=member',
    );
    expect(card.querySelector('.video-next-up__count')).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect(router.state.location.pathname).toBe('/video/7');
    await user.click(within(card).getByRole('button', { name: '去看看' }));
    expect(router.state.location.pathname).toBe('/video/9');
  });
});
