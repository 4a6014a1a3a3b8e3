import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';
import { ensureVariant, parseVariantWidth } from './image-variants.ts';
import { loadPages, MANIFEST_DIR, SERVER_RENDER_DIR } from './page-render.ts';
import { wantsPage } from './page-request.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { sendStoredFile } from './send-stored-file.ts';
import { isValidKey, UPLOADS_PREFIX } from './storage.ts';

/**
 * Folders of the storage that are never public: game packages and videos leave only through
 * signed links (videos: docs/decisions/0038-videos.md).
 */
const PRIVATE_FOLDERS = ['packages/', 'video-files/'];

import { routeNotFound } from './error-handler.ts';

/**
 * Serves uploads (through storage, with ranges; images also resized with `?w=`) and the built SPA
 * from the same process. Uploads have random names, so they are cached for a week; hashed assets
 * for a year; pages never; any other GET or HEAD that takes HTML is a page (platform/page-request.ts),
 * rendered on the server and hydrated in the browser (platform/page-render.ts).
 */
export async function installWeb(app: FastifyInstance): Promise<void> {
  const { config, storage } = app.deps;
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isValidKey(key) || PRIVATE_FOLDERS.some((folder) => key.startsWith(folder))) {
      throw notFound('文件');
    }
    const cacheControl = 'public, max-age=604800';
    const { w } = request.query as { w?: unknown };
    if (w === undefined) return sendStoredFile(storage, request, reply, key, { cacheControl });
    // `?w=96`: the image resized to one of a few widths, as WebP (docs/decisions/0031-image-sizes.md).
    const width = parseVariantWidth(w);
    const variant = await ensureVariant(storage, key, width, request.log);
    if (!variant) throw notFound('文件');
    return sendStoredFile(storage, request, reply, variant, { cacheControl });
  });

  const dist = config.webDist;
  const index = path.join(dist, 'index.html');
  const hasSpa = fs.existsSync(index);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      // One `GET /*` route rather than one per file of the build (about 400 with the .br and .gz
      // copies): registering those took a third of the start-up (docs/decisions/0056-cluster.md).
      // A path that is no file falls through to the not-found handler, which answers pages.
      wildcard: true,
      index: false,
      // The server's render module and the build manifest (platform/page-render.ts) are read from disk, never sent; a
      // folder (`/`, a page's path with a slash) is a page for the not-found handler, not a listing.
      allowedPath: (pathName) =>
        !pathName.startsWith(`/${SERVER_RENDER_DIR}/`) &&
        !pathName.startsWith(`/${MANIFEST_DIR}/`) &&
        !pathName.endsWith('/'),
      // The build writes .br and .gz beside each text asset (apps/web/precompress-plugin.ts): sent
      // as they are to a browser that accepts them, never compressed again per request.
      preCompressed: true,
      setHeaders: setBuildCacheControl,
    });
  }

  const pages = hasSpa ? await loadPages(app, dist) : null;
  const indexHtml = hasSpa && !pages ? fs.readFileSync(index, 'utf8') : null;
  // The first renders compile the pages' code: done once the server listens, a page at a time, so
  // the server answers (its health check included) from the first moment instead of after them.
  if (pages) app.addHook('onListen', () => void pages.warm());
  const bulletin = startupBulletin(app);
  // The pages' one inline script (the bulletin's) is allowed by its hash.
  let pageCsp: Promise<string> | undefined;
  const pageCspOnce = () => {
    pageCsp ??= (pages?.inlineScriptSources() ?? Promise.resolve([])).then(contentSecurityPolicy);
    return pageCsp;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/uploads/');
    if (!isApi && wantsPage(request, request.url.split('?')[0]) && (pages || indexHtml)) {
      const page = pages
        ? await pages.page(request, await bulletin())
        : { kind: 'html' as const, html: indexHtml! };
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      reply
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', await pageCspOnce())
        .type('text/html; charset=utf-8');
      return reply.send(encodePage(request, reply, page.html));
    }
    throw routeNotFound(app, request, reply);
  });
}

/** Brotli quality for pages: made per request, so fast (4–5 is ~gzip's speed, a few % smaller). */
const PAGE_BROTLI_QUALITY = 5;

/**
 * The page compressed as the browser accepts it (Brotli, else gzip, else as it is). Pages are
 * answered by the not-found handler, which @fastify/compress does not reach (it hooks routes), and
 * they are the largest text a first visit waits for: 50–85 KB of HTML on the lists, a quarter of
 * that compressed (docs/decisions/0050-one-rendering-path.md).
 */
function encodePage(request: FastifyRequest, reply: FastifyReply, page: string): string | Buffer {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    reply.header('Content-Encoding', 'br');
    return zlib.brotliCompressSync(page, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page),
      },
    });
  }
  if (encoding === 'gzip') {
    reply.header('Content-Encoding', 'gzip');
    return zlib.gzipSync(page, { level: 6 });
  }
  return page;
}

/** `br` or `gzip` when Accept-Encoding takes it (not with `;q=0`), Brotli first; else null. */
/**
 * A build's file's Cache-Control (portal and console): a hashed asset (under assets/) for a year,
 * immutable; anything else (sw.js, the manifest, icons) checked again at each use.
 */
export function setBuildCacheControl(
  reply: { header: (name: string, value: string) => unknown },
  file: string,
) {
  reply.header(
    'Cache-Control',
    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** How long the start-up bulletin is reused between pages: an operator's change shows within this. */
export const BULLETIN_CACHE_MS = 5_000;

/**
 * The start-up bulletin every page carries (`GET /v1/bulletin?posType=1`'s data, or null when
 * there is none or it could not be read), asked of this same server at most once per
 * BULLETIN_CACHE_MS: the page of a visitor who has not seen it today opens it with its first
 * paint (docs/decisions/0050-one-rendering-path.md).
 */
function startupBulletin(app: FastifyInstance): () => Promise<unknown> {
  let cached: { at: number; bulletin: Promise<unknown> } | null = null;
  const read = async (): Promise<unknown> => {
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/bulletin?posType=1',
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      });
      const envelope = response.json() as { code?: unknown; data?: unknown };
      return response.statusCode === 200 && envelope.code === 0 ? (envelope.data ?? null) : null;
    } catch (error) {
      app.log.warn({ err: error }, 'start-up bulletin could not be read for the pages');
      return null;
    }
  };
  // An operator's edit shows at the next page, in every process (docs/decisions/0047-change-feed-and-jobs.md).
  app.deps.changes.subscribe('bulletins', () => {
    cached = null;
  });
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at >= BULLETIN_CACHE_MS) cached = { at: now, bulletin: read() };
    return cached.bulletin;
  };
}
