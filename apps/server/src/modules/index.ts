import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { bulletinRoutes } from './bulletins/routes.ts';
import { clientConfigRoutes } from './client-config/routes.ts';
import { deviceRoutes } from './devices/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { supportRoutes } from './support/routes.ts';

/** Every HTTP module, registered under `/api`. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  accountRoutes,
  deviceRoutes,
  messageRoutes,
  bulletinRoutes,
  supportRoutes,
  clientConfigRoutes,
];
