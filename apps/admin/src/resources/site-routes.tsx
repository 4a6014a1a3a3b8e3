import { Route } from 'react-router';
import { lazyPage } from '../shared/lazy-page';

// Every page but the login steps is loaded when first opened (shared/lazy-page.tsx).
const ActivityCreate = lazyPage(() => import('./activities/create'), 'ActivityCreate');
const ActivityEdit = lazyPage(() => import('./activities/edit'), 'ActivityEdit');
const ActivityList = lazyPage(() => import('./activities/list'), 'ActivityList');
const ConfigKeyCreate = lazyPage(() => import('./client-config/create'), 'ConfigKeyCreate');
const ConfigKeyEdit = lazyPage(() => import('./client-config/edit'), 'ConfigKeyEdit');
const ConfigKeyList = lazyPage(() => import('./client-config/list'), 'ConfigKeyList');
const FaqCreate = lazyPage(() => import('./faqs/create'), 'FaqCreate');
const FaqEdit = lazyPage(() => import('./faqs/edit'), 'FaqEdit');
const FaqList = lazyPage(() => import('./faqs/list'), 'FaqList');
const BannerCreate = lazyPage(() => import('./home-banners/create'), 'BannerCreate');
const BannerEdit = lazyPage(() => import('./home-banners/edit'), 'BannerEdit');
const BannerList = lazyPage(() => import('./home-banners/list'), 'BannerList');
const HomeSectionEdit = lazyPage(() => import('./home-sections/edit'), 'HomeSectionEdit');
const HomeSectionList = lazyPage(() => import('./home-sections/list'), 'HomeSectionList');
const RechargePackCreate = lazyPage(() => import('./recharge-packs/create'), 'RechargePackCreate');
const RechargePackEdit = lazyPage(() => import('./recharge-packs/edit'), 'RechargePackEdit');
const RechargePackList = lazyPage(() => import('./recharge-packs/list'), 'RechargePackList');
const SensitiveWordList = lazyPage(() => import('./sensitive-words/list'), 'SensitiveWordList');
const SquareTagCreate = lazyPage(() => import('./square-tags/create'), 'SquareTagCreate');
const SquareTagEdit = lazyPage(() => import('./square-tags/edit'), 'SquareTagEdit');
const SquareTagList = lazyPage(() => import('./square-tags/list'), 'SquareTagList');
const VipPlanCreate = lazyPage(() => import('./vip-plans/create'), 'VipPlanCreate');
const VipPlanEdit = lazyPage(() => import('./vip-plans/edit'), 'VipPlanEdit');
const VipPlanList = lazyPage(() => import('./vip-plans/list'), 'VipPlanList');

/** The routes of the site-settings resources (site-resources.tsx), inside the console's frame. */
export const siteRoutes = (
  <>
    <Route path="/recharge-packs">
      <Route index element={<RechargePackList />} />
      <Route path="create" element={<RechargePackCreate />} />
      <Route path="edit/:id" element={<RechargePackEdit />} />
    </Route>
    <Route path="/vip-plans">
      <Route index element={<VipPlanList />} />
      <Route path="create" element={<VipPlanCreate />} />
      <Route path="edit/:id" element={<VipPlanEdit />} />
    </Route>
    <Route path="/home-banners">
      <Route index element={<BannerList />} />
      <Route path="create" element={<BannerCreate />} />
      <Route path="edit/:id" element={<BannerEdit />} />
    </Route>
    <Route path="/home-sections">
      <Route index element={<HomeSectionList />} />
      <Route path="edit/:id" element={<HomeSectionEdit />} />
    </Route>
    <Route path="/square-tags">
      <Route index element={<SquareTagList />} />
      <Route path="create" element={<SquareTagCreate />} />
      <Route path="edit/:id" element={<SquareTagEdit />} />
    </Route>
    <Route path="/faqs">
      <Route index element={<FaqList />} />
      <Route path="create" element={<FaqCreate />} />
      <Route path="edit/:id" element={<FaqEdit />} />
    </Route>
    <Route path="/sensitive-words" element={<SensitiveWordList />} />
    <Route path="/client-config">
      <Route index element={<ConfigKeyList />} />
      <Route path="create" element={<ConfigKeyCreate />} />
      <Route path="edit/:id" element={<ConfigKeyEdit />} />
    </Route>
    <Route path="/activities">
      <Route index element={<ActivityList />} />
      <Route path="create" element={<ActivityCreate />} />
      <Route path="edit/:id" element={<ActivityEdit />} />
    </Route>
  </>
);
