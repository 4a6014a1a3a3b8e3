import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { routeNotFound } from './error-handler.ts';

/**
 * Serves uploads and the built SPA from the same process. Hashed assets are cached for a
 * year; index.html never is; any other GET that wants HTML falls back to index.html.
 */
export async function installWeb(app: FastifyInstance): Promise<void> {
  const { config, storage } = app.deps;
  fs.mkdirSync(storage.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
  });

  const dist = config.webDist;
  const index = path.join(dist, 'index.html');
  const hasSpa = fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        reply.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const indexHtml = hasSpa ? fs.readFileSync(index) : null;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/uploads/');
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsHtml && indexHtml) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    throw routeNotFound(app, request, reply);
  });
}
