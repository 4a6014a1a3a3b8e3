import type { FastifyPluginAsync } from 'fastify';
import { userModerationRoutes } from './accounts/admin-routes.ts';
import { activityAdminRoutes } from './activities/admin-routes.ts';
import { bulletinAdminRoutes } from './bulletins/admin-routes.ts';
import { clientConfigAdminRoutes } from './client-config/admin-routes.ts';
import { comicAdminRoutes } from './comics/admin-routes.ts';
import { gameAdminRoutes } from './games/admin-routes.ts';
import { giftPackAdminRoutes } from './gifts/admin-routes.ts';
import { homeAdminRoutes } from './home/admin-routes.ts';
import { broadcastAdminRoutes } from './messages/admin-routes.ts';
import { novelAdminRoutes } from './novels/admin-routes.ts';
import { auditRoutes } from './operators/audit-routes.ts';
import { installAdminGuard } from './operators/guard.ts';
import { operatorAdminRoutes } from './operators/operator-routes.ts';
import { operatorSessionRoutes } from './operators/routes.ts';
import { reportAdminRoutes } from './reports/admin-routes.ts';
import { squareModerationRoutes } from './square/admin-routes.ts';
import { squareTagAdminRoutes } from './square/tags-admin-routes.ts';
import { sensitiveWordAdminRoutes } from './square/words-admin-routes.ts';
import { kefuAdminRoutes } from './support/admin-routes.ts';
import { faqAdminRoutes } from './support/faq-admin-routes.ts';
import { videoAdminRoutes } from './videos/admin-routes.ts';
import { vipAdminRoutes, vipPlanAdminRoutes } from './vip/admin-routes.ts';
import { walletAdminRoutes } from './wallet/admin-routes.ts';
import { rechargePackAdminRoutes } from './wallet/packs-admin-routes.ts';

/**
 * Every admin route plugin, registered under `/api/admin/v1` behind the operator guard
 * (docs/decisions/0048-operator-console.md). A domain's admin routes live in its own module as
 * `admin-routes.ts` and call that module's service; add the plugin here.
 */
export const adminModules: FastifyPluginAsync[] = [
  operatorSessionRoutes,
  operatorAdminRoutes,
  auditRoutes,
  bulletinAdminRoutes,
  // Games, gift packs, videos (admin-games).
  gameAdminRoutes,
  giftPackAdminRoutes,
  videoAdminRoutes,
  // admin-site (issue 20 §3)
  rechargePackAdminRoutes,
  vipPlanAdminRoutes,
  homeAdminRoutes,
  sensitiveWordAdminRoutes,
  squareTagAdminRoutes,
  faqAdminRoutes,
  clientConfigAdminRoutes,
  novelAdminRoutes,
  comicAdminRoutes,
  // Operations: moderation, the customer service inbox, system messages (admin-ops).
  squareModerationRoutes,
  userModerationRoutes,
  kefuAdminRoutes,
  broadcastAdminRoutes,
  walletAdminRoutes,
  vipAdminRoutes,
  reportAdminRoutes,
  // 活动中心 (admin-activities)
  activityAdminRoutes,
];

/** The admin API: one scope, whose every route passes the guard before anything else. */
export const adminApi: FastifyPluginAsync = async (scope) => {
  installAdminGuard(scope);
  for (const module of adminModules) await scope.register(module);
};
