import type { Home } from '@ld/contract/home';
import { HOME_BANNERS } from '@ld/contract/home-values';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/render';
import HomePage from './home-page';

const HOME: Home = {
  banners: HOME_BANNERS.map((b) => ({ ...b })),
  entries: [],
  sections: [
    {
      kind: 'game',
      title: '热门游戏',
      more: '/games',
      items: [
        {
          kind: 'game',
          id: 50001,
          title: '剑侠情缘',
          cover: '/uploads/games/1/icon.webp',
          subtitle: '角色扮演',
          path: '/detail/50001',
        },
      ],
    },
    {
      kind: 'novel',
      title: '热门小说',
      more: '/novels',
      items: [
        {
          kind: 'novel',
          id: 7,
          title: '星河剑歌',
          cover: '/uploads/novels/7/cover.webp',
          subtitle: '青衫客',
          path: '/bookinfo/7',
        },
      ],
    },
    {
      kind: 'post',
      title: '热门帖子',
      more: '/square',
      items: [{ kind: 'post', id: 9, title: '新区开服', cover: null, subtitle: '小蓝', path: '/post/9' }],
    },
  ],
};

describe('home', () => {
  it('shows both banners to check-in and seven entries, each with a drawn icon and no emoji', async () => {
    renderApp(<HomePage />, { server: fakeServer().on('GET /v1/home', () => HOME) });
    for (const name of ['邀请好友，一起领钻', '每日签到，连签有礼']) {
      expect((await screen.findByRole('img', { name })).closest('a')?.getAttribute('href')).toBe('/checkin');
    }
    const entries = within(screen.getByRole('navigation', { name: '快捷入口' })).getAllByRole('link');
    expect(entries.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['签到', '/checkin'],
      ['活动中心', '/activity'],
      ['书城', '/novels'],
      ['福利视频', '/welfare'],
      ['礼包中心', '/square'],
      ['充值', '/recharge'],
      ['邀请好友', '/invite'],
    ]);
    for (const entry of entries) {
      expect(entry.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(entry.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('shows the banners operators published once the home answers', async () => {
    const banners = [{ image: '/uploads/banners/a1.webp', alt: '新春充值返利', to: '/recharge' }];
    renderApp(<HomePage />, { server: fakeServer().on('GET /v1/home', () => ({ ...HOME, banners })) });
    // No built-in banner stands in while the home is asked for: the first banner seen is theirs.
    expect(screen.queryByRole('img', { name: '每日签到，连签有礼' })).toBeNull();
    const banner = await screen.findByRole('img', { name: '新春充值返利' });
    expect(banner.getAttribute('src')).toBe('/uploads/banners/a1.webp');
    expect(banner.closest('a')?.getAttribute('href')).toBe('/recharge');
    expect(screen.queryByRole('img', { name: '每日签到，连签有礼' })).toBeNull();
  });

  it('shows a skeleton, then the sections of the kinds the server has, each with 更多 and its items', async () => {
    renderApp(<HomePage />, { server: fakeServer().on('GET /v1/home', () => HOME) });
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    const games = await screen.findByRole('region', { name: '热门游戏' });
    expect(within(games).getByRole('link', { name: '更多热门游戏' }).getAttribute('href')).toBe('/games');
    expect(
      within(games)
        .getByRole('link', { name: /剑侠情缘/ })
        .getAttribute('href'),
    ).toBe('/detail/50001');
    const novels = screen.getByRole('region', { name: '热门小说' });
    expect(
      within(novels)
        .getByRole('link', { name: /星河剑歌/ })
        .getAttribute('href'),
    ).toBe('/bookinfo/7');
    const posts = screen.getByRole('region', { name: '热门帖子' });
    expect(
      within(posts)
        .getByRole('link', { name: /新区开服/ })
        .getAttribute('href'),
    ).toBe('/post/9');
    // Kinds the server left out (comics, videos here) have no section at all.
    expect(screen.queryByRole('region', { name: '热门漫画' })).toBeNull();
    expect(screen.queryByRole('region', { name: '热门视频' })).toBeNull();
    expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
  });

  it('says the sections failed and loads them again on 重新加载', async () => {
    let calls = 0;
    const server = fakeServer().on('GET /v1/home', () => {
      calls += 1;
      return calls === 1 ? fail(500, '服务器错误', { status: 500 }) : HOME;
    });
    const { user } = renderApp(<HomePage />, { server });
    await user.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '热门游戏' })).toBeTruthy();
    // The banners and entries never depended on it.
    expect(screen.getByRole('navigation', { name: '快捷入口' })).toBeTruthy();
  });

  it('suggests titles as you type, each to its page, and searches every kind on 搜索', async () => {
    const server = fakeServer()
      .on('GET /v1/home', () => HOME)
      .on('GET /v1/search/suggest', ({ query }) => ({
        items:
          query.get('keyword') === '剑'
            ? [
                {
                  kind: 'game',
                  id: 50001,
                  title: '剑侠情缘',
                  cover: null,
                  subtitle: '角色扮演',
                  path: '/detail/50001',
                },
                {
                  kind: 'novel',
                  id: 7,
                  title: '星河剑歌',
                  cover: null,
                  subtitle: '青衫客',
                  path: '/bookinfo/7',
                },
              ]
            : [],
      }));
    const { user, router } = renderApp(<HomePage />, { server });
    await user.type(screen.getByRole('searchbox', { name: '搜索' }), '剑');
    const list = await screen.findByRole('list', { name: '搜索建议' }, { timeout: 3000 });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['游戏剑侠情缘', '/detail/50001'],
      ['小说星河剑歌', '/bookinfo/7'],
      ['查看“剑”的全部结果', '/search?keyword=%E5%89%91'],
    ]);
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?keyword=%E5%89%91');
  });
});
