import { Route } from 'react-router';
import { RechargePackCreate } from './recharge-packs/create';
import { RechargePackEdit } from './recharge-packs/edit';
import { RechargePackList } from './recharge-packs/list';
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
  </>
);
