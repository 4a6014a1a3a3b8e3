import {
  FileSearchOutlined,
  GiftOutlined,
  NotificationOutlined,
  RocketOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

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
    name: 'operators',
    list: '/operators',
    meta: { label: '操作员', area: 'operators', icon: <TeamOutlined /> },
  },
  { name: 'audit', list: '/audit', meta: { label: '操作日志', area: 'audit', icon: <FileSearchOutlined /> } },
  { name: 'account', list: '/account', meta: { label: '我的账号', area: 'self', icon: <UserOutlined /> } },
];
