import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes.ts';

/** Every HTTP module, registered under `/api`. */
export const modules: FastifyPluginAsync[] = [healthRoutes];
