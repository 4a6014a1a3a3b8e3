import { describe, expect, it } from 'vitest';
import { allRoutes, mainRoutes, pathOf } from './routes';

describe('the route table', () => {
  it('holds every route of spec §2 once', () => {
    const names = allRoutes.map((r) => r.meta.name);
    for (const name of [
      'home',
      'square',
      'animate',
      'welfare',
      'games',
      'profile',
      'detail',
      'login',
      'register',
      'loginOther',
      'findPassword',
      'bindPhone',
      'resetPwd',
      'recharge',
      'faq',
      'message',
      'gifts',
      'user',
      'business',
      'postpage',
      'commenthistory',
      'readhistory',
      'subscriblist',
      'readbook',
      'bookmenu',
      'bookinfo',
      'post',
      'download',
      'checkin',
      'activity',
      'novels',
    ]) {
      expect(names).toContain(name);
    }
    expect(new Set(names).size).toBe(names.length);
  });

  it('needs login exactly where spec §6, DESIGN §13 (阅读记录, 我的订阅) and §14 (邀请好友) say', () => {
    const needsLogin = allRoutes
      .filter((r) => r.meta.login)
      .map((r) => r.meta.name)
      .sort();
    expect(needsLogin).toEqual([
      'bindPhone',
      'findPassword',
      'gifts',
      'invite',
      'message',
      'readhistory',
      'recharge',
      'resetPwd',
      'subscriblist',
      'user',
    ]);
  });

  it('gives the spec titles and the recharge title from the currency', () => {
    const title = (name: string) => allRoutes.find((r) => r.meta.name === name)?.meta.title;
    expect(title('detail')).toBe('游戏');
    expect(title('recharge')).toBe('蓝钻充值');
    expect(title('faq')).toBe('常见问题');
    expect(title('activity')).toBe('活动中心');
    expect(title('commenthistory')).toBe('我的发布和评论');
  });

  it('hides the header on square, animate and profile, and does not cache commenthistory', () => {
    expect(mainRoutes.filter((r) => r.meta.header === false).map((r) => r.meta.name)).toEqual([
      'square',
      'animate',
      'profile',
    ]);
    expect(allRoutes.find((r) => r.meta.name === 'commenthistory')?.meta.keepAlive).toBe(false);
  });

  it('builds paths by name', () => {
    expect(pathOf('home')).toBe('/');
    expect(pathOf('games')).toBe('/games');
    expect(pathOf('games', { type: 3 })).toBe('/games/3');
    expect(pathOf('loginOther')).toBe('/other');
    expect(pathOf('readbook', { id: 1, cid: 9 })).toBe('/readbook/1/9');
  });
});
