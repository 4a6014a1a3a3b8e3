import type { FastifyPluginAsync } from 'fastify';
import { commentRoutes } from './comments-routes.ts';
import { followRoutes } from './follows-routes.ts';
import { postRoutes } from './posts-routes.ts';
import { referenceRoutes } from './reference-routes.ts';
import { uploadRoutes } from './upload-routes.ts';

/** The community square (`/api/v1/square/…`) and following people (`/api/v1/user/follow/…`). */
export const squareRoutes: FastifyPluginAsync = async (app) => {
  await app.register(referenceRoutes);
  await app.register(postRoutes);
  await app.register(commentRoutes);
  await app.register(followRoutes);
  await app.register(uploadRoutes);
};
