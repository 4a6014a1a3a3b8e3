import {
  AccountBookOutlined,
  BookOutlined,
  CommentOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  FileSearchOutlined,
  GiftOutlined,
  LineChartOutlined,
  MailOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  RocketOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';
import { siteResources } from './resources/site-resources';

/**
 * The console's resources: one per thing operators manage, each with its area (the role rule,
 * `@ld/contract/admin/roles`) and its pages. The sider menu lists the resources a role can use;
 * a new resource adds an entry here, a folder under `resources/`, and its routes in app.tsx.
 */
export const resources: ResourceProps[] = [
  {
    name: 'bulletins',
    list: '/bulletins',
    create: '/bulletins/create',
    edit: '/bulletins/edit/:id',
    show: '/bulletins/show/:id',
    meta: { label: '公告', area: 'content', canDelete: true, icon: <NotificationOutlined /> },
  },
  // Games and their gift packs (admin-games).
  {
    name: 'games',
    list: '/games',
    create: '/games/create',
    edit: '/games/edit/:id',
    meta: { label: '游戏', area: 'content', icon: <RocketOutlined /> },
  },
  {
    name: 'gift-packs',
    list: '/gift-packs',
    create: '/gift-packs/create',
    edit: '/gift-packs/edit/:id',
    meta: { label: '礼包', area: 'content', canDelete: true, icon: <GiftOutlined /> },
  },
  {
    name: 'videos',
    list: '/videos',
    edit: '/videos/edit/:id',
    meta: { label: '视频', area: 'content', icon: <VideoCameraOutlined /> },
  },
  // admin-site (issue 20 §3): the portal's site settings.
  ...siteResources,
  // 小说 and 漫画 (docs/decisions/0059-novels-and-comics-console.md).
  {
    name: 'novels',
    list: '/novels',
    create: '/novels/create',
    edit: '/novels/edit/:id',
    meta: { label: '小说', area: 'content', icon: <BookOutlined /> },
  },
  {
    name: 'comics',
    list: '/comics',
    create: '/comics/create',
    edit: '/comics/edit/:id',
    meta: { label: '漫画', area: 'content', icon: <PictureOutlined /> },
  },
  // Operations (admin-ops): moderation, users, the customer service inbox, system messages.
  {
    name: 'moderation-posts',
    list: '/moderation/posts',
    meta: { label: '帖子审核', area: 'moderation', path: 'moderation/posts', icon: <ProfileOutlined /> },
  },
  {
    name: 'moderation-comments',
    list: '/moderation/comments',
    meta: { label: '评论审核', area: 'moderation', path: 'moderation/comments', icon: <CommentOutlined /> },
  },
  {
    name: 'moderation-users',
    list: '/moderation/users',
    meta: { label: '用户管理', area: 'moderation', path: 'moderation/users', icon: <StopOutlined /> },
  },
  {
    name: 'kefu',
    list: '/kefu',
    show: '/kefu/show/:id',
    meta: { label: '客服收件箱', area: 'moderation', icon: <CustomerServiceOutlined /> },
  },
  {
    name: 'broadcasts',
    list: '/broadcasts',
    create: '/broadcasts/create',
    meta: { label: '系统消息', area: 'moderation', icon: <MailOutlined /> },
  },
  {
    name: 'operators',
    list: '/operators',
    meta: { label: '操作员', area: 'operators', icon: <TeamOutlined /> },
  },
  // 财务 and 渠道报表 (decision 0062).
  {
    name: 'orders',
    list: '/orders',
    meta: { label: '充值订单', area: 'money', icon: <ShoppingCartOutlined /> },
  },
  {
    name: 'vip-orders',
    list: '/vip-orders',
    meta: { label: '会员订单', area: 'money', icon: <CrownOutlined /> },
  },
  {
    name: 'wallets',
    list: '/wallets',
    show: '/wallets/show/:id',
    meta: { label: '用户账户', area: 'money', icon: <AccountBookOutlined /> },
  },
  {
    name: 'reports',
    list: '/reports',
    meta: { label: '渠道报表', area: 'reports', icon: <LineChartOutlined /> },
  },
  { name: 'audit', list: '/audit', meta: { label: '操作日志', area: 'audit', icon: <FileSearchOutlined /> } },
  { name: 'account', list: '/account', meta: { label: '我的账号', area: 'self', icon: <UserOutlined /> } },
];
