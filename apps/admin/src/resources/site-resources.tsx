import {
  AppstoreOutlined,
  CrownOutlined,
  NumberOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  StopOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ResourceProps } from '@refinedev/core';

/** The portal's site settings (issue 20 §3), in the menu after 公告. */
export const siteResources: ResourceProps[] = [
  {
    name: 'recharge-packs',
    list: '/recharge-packs',
    create: '/recharge-packs/create',
    edit: '/recharge-packs/edit/:id',
    meta: { label: '充值档位', area: 'content', icon: <WalletOutlined /> },
  },
  {
    name: 'vip-plans',
    list: '/vip-plans',
    create: '/vip-plans/create',
    edit: '/vip-plans/edit/:id',
    meta: { label: '会员套餐', area: 'content', icon: <CrownOutlined /> },
  },
  {
    name: 'home-banners',
    list: '/home-banners',
    create: '/home-banners/create',
    edit: '/home-banners/edit/:id',
    meta: { label: '首页横幅', area: 'content', canDelete: true, icon: <PictureOutlined /> },
  },
  {
    name: 'home-sections',
    list: '/home-sections',
    edit: '/home-sections/edit/:id',
    meta: { label: '首页栏目', area: 'content', icon: <AppstoreOutlined /> },
  },
  {
    name: 'square-tags',
    list: '/square-tags',
    create: '/square-tags/create',
    edit: '/square-tags/edit/:id',
    meta: { label: '广场话题', area: 'content', icon: <NumberOutlined /> },
  },
  {
    name: 'faqs',
    list: '/faqs',
    create: '/faqs/create',
    edit: '/faqs/edit/:id',
    meta: { label: '常见问题', area: 'content', canDelete: true, icon: <QuestionCircleOutlined /> },
  },
  {
    name: 'sensitive-words',
    list: '/sensitive-words',
    meta: { label: '敏感词', area: 'content', canDelete: true, icon: <StopOutlined /> },
  },
  {
    name: 'client-config',
    list: '/client-config',
    create: '/client-config/create',
    edit: '/client-config/edit/:id',
    meta: { label: '客户端配置', area: 'content', canDelete: true, icon: <SettingOutlined /> },
  },
  // 活动中心 (admin-activities)
  {
    name: 'activities',
    list: '/activities',
    create: '/activities/create',
    edit: '/activities/edit/:id',
    meta: { label: '活动中心', area: 'content', icon: <TrophyOutlined /> },
  },
];
