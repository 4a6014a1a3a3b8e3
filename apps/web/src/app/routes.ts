import { CURRENCY_NAME } from '../shared/lib/brand';
import type { AppRoute } from './route-meta';

/** Layout A: header, page, bottom tabs (spec §2). */
export const mainRoutes: AppRoute[] = [
  { path: '', meta: { name: 'home' }, page: 'features/home/pages/home-page' },
  {
    path: 'square',
    meta: { name: 'square', header: false, title: '礼包中心 · 免费礼包码' },
    page: 'app/pages/square-page',
  },
  {
    path: 'animate',
    meta: { name: 'animate', header: false, title: '色漫' },
    page: 'features/comics/pages/comics-page',
  },
  {
    path: 'welfare',
    meta: { name: 'welfare', title: '动漫福利视频' },
    page: 'features/videos/pages/welfare-page',
  },
  {
    path: 'games/:type?',
    meta: { name: 'games', title: '游戏中心' },
    page: 'features/games/pages/games-page',
  },
  {
    path: 'profile',
    meta: { name: 'profile', header: false, title: '我的' },
    page: 'app/pages/profile-page',
  },
];

/** Layout B: back button and title (spec §2). */
export const simpleRoutes: AppRoute[] = [
  {
    path: 'detail/:id',
    meta: { name: 'detail', title: '游戏' },
    page: 'app/pages/game-detail-page',
  },
  {
    path: 'login',
    meta: { name: 'login', title: '登录', back: 'home' },
    page: 'features/accounts/pages/login-page',
  },
  {
    path: 'register',
    meta: { name: 'register', title: '注册', back: 'home' },
    page: 'features/accounts/pages/register-page',
  },
  {
    path: 'other',
    meta: { name: 'loginOther', title: '手机号登录', back: 'home' },
    page: 'features/accounts/pages/login-other-page',
  },
  {
    path: 'find',
    meta: { name: 'findPassword', title: '找回密码', login: true },
    page: 'features/accounts/pages/find-password-page',
  },
  {
    path: 'bind',
    meta: { name: 'bindPhone', title: '绑定手机', login: true },
    page: 'features/accounts/pages/bind-phone-page',
  },
  {
    path: 'reset',
    meta: { name: 'resetPwd', title: '修改密码', login: true },
    page: 'features/accounts/pages/reset-password-page',
  },
  {
    path: 'recharge',
    meta: { name: 'recharge', title: `${CURRENCY_NAME}充值`, login: true },
    page: 'features/wallet/pages/recharge-page',
  },
  {
    path: 'faq',
    meta: { name: 'faq', title: '常见问题' },
    page: 'features/support/pages/faq-page',
  },
  {
    path: 'message',
    meta: { name: 'message', title: '系统消息', login: true },
    page: 'features/messages/pages/message-page',
  },
  {
    path: 'gifts',
    meta: { name: 'gifts', title: '奖励礼包', login: true },
    page: 'features/gifts/pages/gifts-page',
  },
  {
    path: 'user',
    meta: { name: 'user', title: '个人中心', login: true },
    page: 'features/accounts/pages/user-center-page',
  },
  {
    path: 'business',
    meta: { name: 'business', title: '合作共赢' },
    page: 'features/support/pages/business-page',
  },
  {
    path: 'postpage',
    meta: { name: 'postpage', title: '发布帖子', serverRendered: false },
    page: 'features/square/pages/post-page',
  },
  {
    path: 'novels',
    meta: { name: 'novels', title: '书城' },
    page: 'features/novels/pages/novels-page',
  },
  {
    path: 'search',
    meta: { name: 'search', title: '搜索' },
    page: 'features/home/pages/search-page',
  },
  {
    path: 'commenthistory',
    meta: { name: 'commenthistory', title: '我的发布和评论', keepAlive: false },
    page: 'features/square/pages/comment-history-page',
  },
  {
    path: 'invite',
    meta: { name: 'invite', title: '邀请好友', login: true },
    page: 'features/invites/pages/invite-page',
  },
];

/** Standalone routes: their own chrome, no tabs (spec §2). */
export const standaloneRoutes: AppRoute[] = [
  {
    path: 'readhistory',
    meta: { name: 'readhistory', title: '阅读记录', login: true },
    page: 'features/novels/pages/read-history-page',
  },
  {
    path: 'subscriblist',
    meta: { name: 'subscriblist', title: '我的订阅', login: true },
    page: 'features/novels/pages/subscribe-list-page',
  },
  {
    path: 'readbook/:id/:cid',
    meta: { name: 'readbook', title: '阅读', header: false },
    page: 'features/novels/pages/read-book-page',
  },
  {
    path: 'bookmenu/:id',
    meta: { name: 'bookmenu', title: '目录' },
    page: 'features/novels/pages/book-menu-page',
  },
  {
    path: 'bookinfo/:id',
    meta: { name: 'bookinfo', title: '书籍详情' },
    page: 'features/novels/pages/book-info-page',
  },
  {
    path: 'video/:id',
    meta: { name: 'video', title: '视频' },
    page: 'features/videos/pages/video-page',
  },
  {
    path: 'post/:id',
    meta: { name: 'post', title: '帖子详情' },
    page: 'features/square/pages/post-detail-page',
  },
  {
    path: 'download',
    meta: { name: 'download', title: '下载' },
    page: 'features/download/pages/download-page',
  },
  {
    path: 'checkin',
    meta: { name: 'checkin', title: '签到', keepAlive: false },
    page: 'features/checkin/pages/checkin-page',
  },
  {
    path: 'activity',
    meta: { name: 'activity', title: '活动中心' },
    page: 'features/activity/pages/activity-page',
  },
  {
    path: 'activity/:id',
    meta: { name: 'activityinfo', title: '活动详情', keepAlive: false },
    page: 'features/activity/pages/activity-detail-page',
  },
  {
    path: 'comic/:id/:eid',
    meta: { name: 'comicReader', title: '看漫画', header: false, keepAlive: false },
    page: 'features/comics/pages/comic-reader-page',
  },
  {
    path: 'comic/:id',
    meta: { name: 'comic', title: '漫画详情' },
    page: 'features/comics/pages/comic-detail-page',
  },
];

export const allRoutes: AppRoute[] = [...mainRoutes, ...simpleRoutes, ...standaloneRoutes];

/** The path of a named route with its params filled (optional params dropped when absent). */
export function pathOf(name: string, params: Record<string, string | number> = {}): string {
  const route = allRoutes.find((r) => r.meta.name === name);
  if (!route) throw new Error(`unknown route ${name}`);
  const filled = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const key = part.slice(1).replace('?', '');
      const value = params[key];
      if (value === undefined) {
        if (part.endsWith('?')) return null;
        throw new Error(`route ${name} needs ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((p) => p !== null)
    .join('/');
  return `/${filled}`;
}
