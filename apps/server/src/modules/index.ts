import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { activityRoutes } from './activities/routes.ts';
import { bulletinRoutes } from './bulletins/routes.ts';
import { checkinRoutes } from './checkin/routes.ts';
import { clientConfigRoutes } from './client-config/routes.ts';
import { comicRoutes } from './comics/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { gameRoutes } from './games/routes.ts';
import { giftRoutes } from './gifts/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { inviteRoutes } from './invites/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { novelRoutes } from './novels/routes.ts';
import { squareRoutes } from './square/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { videoRoutes } from './videos/routes.ts';
import { vipRoutes } from './vip/routes.ts';
import { walletRoutes } from './wallet/routes.ts';

/** Every HTTP module, registered under `/api`. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  accountRoutes,
  deviceRoutes,
  messageRoutes,
  bulletinRoutes,
  supportRoutes,
  clientConfigRoutes,
  squareRoutes,
  gameRoutes,
  giftRoutes,
  walletRoutes,
  vipRoutes,
  contentRoutes,
  novelRoutes,
  inviteRoutes,
  videoRoutes,
  homeRoutes,
  checkinRoutes,
  activityRoutes,
  comicRoutes,
];
