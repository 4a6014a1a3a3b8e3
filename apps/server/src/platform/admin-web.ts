import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeNotFound } from './error-handler.ts';
import { AppError } from './errors.ts';
import { isFilePath } from './page-request.ts';
import { setBuildCacheControl } from './web.ts';

/** Where the operator console is served (its build's `base`). */
export const ADMIN_BASE = '/admin';

/**
 * Serves the operator console's build (`apps/admin/dist`, or ADMIN_DIST) at /admin from the same
 * process as the portal, apart from the portal's own files (platform/web.ts): hashed assets for a
 * year, immutable, precompressed (.br/.gz written by the build); index.html for /admin and every
 * address below it that is not a file (the console's router takes it from there), never cached.
 * Without a build, /admin says how to make one instead of falling through to the portal's page.
 */
export async function installAdminWeb(app: FastifyInstance): Promise<void> {
  const dist = app.deps.config.adminDist;
  const index = path.join(dist, 'index.html');
  const indexHtml = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : null;

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const rest = request.url.split('?')[0].slice(ADMIN_BASE.length);
    // A file that is not there (an old hashed asset) is a 404, not the console's page; so is
    // anything but a read (the not-found handler hears every method).
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isFilePath(rest)) throw routeNotFound(app, request, reply);
    if (indexHtml === null) {
      throw new AppError(503, '管理后台尚未构建：请运行 npm run build（或 npm start）后再打开 /admin', 503);
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
  app.get(ADMIN_BASE, { schema: { hide: true } }, page);
  await app.register(
    async (console) => {
      if (indexHtml !== null) {
        await console.register(fastifyStatic, {
          root: dist,
          prefix: '/',
          // One `GET /admin/*` route rather than one per file of the build (about 260 with the .br
          // and .gz copies, two routes each): registering those took a tenth of the start-up. An
          // address that is no file (a console page) falls through to the not-found handler below.
          wildcard: true,
          index: false,
          allowedPath: (pathName) => !pathName.endsWith('/'),
          // The portal's registration decorates the reply already.
          decorateReply: false,
          preCompressed: true,
          setHeaders: setBuildCacheControl,
        });
        console.setNotFoundHandler(page);
      } else {
        console.get('/*', { schema: { hide: true } }, page);
      }
    },
    { prefix: ADMIN_BASE },
  );
}
