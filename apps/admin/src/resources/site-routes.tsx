import { Route } from 'react-router';
import { ActivityCreate } from './activities/create';
import { ActivityEdit } from './activities/edit';
import { ActivityList } from './activities/list';
import { ConfigKeyCreate } from './client-config/create';
import { ConfigKeyEdit } from './client-config/edit';
import { ConfigKeyList } from './client-config/list';
import { FaqCreate } from './faqs/create';
import { FaqEdit } from './faqs/edit';
import { FaqList } from './faqs/list';
import { BannerCreate } from './home-banners/create';
import { BannerEdit } from './home-banners/edit';
import { BannerList } from './home-banners/list';
import { HomeSectionEdit } from './home-sections/edit';
import { HomeSectionList } from './home-sections/list';
import { RechargePackCreate } from './recharge-packs/create';
import { RechargePackEdit } from './recharge-packs/edit';
import { RechargePackList } from './recharge-packs/list';
import { SensitiveWordList } from './sensitive-words/list';
import { SquareTagCreate } from './square-tags/create';
import { SquareTagEdit } from './square-tags/edit';
import { SquareTagList } from './square-tags/list';
import { VipPlanCreate } from './vip-plans/create';
import { VipPlanEdit } from './vip-plans/edit';
import { VipPlanList } from './vip-plans/list';

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
