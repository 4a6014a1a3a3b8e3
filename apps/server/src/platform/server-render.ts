import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** The web build's server module (apps/web/ssr-plugin.ts writes it under dist/ssr/). */
export const SERVER_RENDER_DIR = 'ssr';
export const SERVER_RENDER_FILE = path.join(SERVER_RENDER_DIR, 'server-render.js');

interface RenderModule {
  render(url: string, answers: Record<string, unknown>): Promise<string | null>;
  /** The start-up bulletin's markup (absent in older builds). */
  renderBulletin?(bulletin: unknown): string;
}

export interface FirstScreens {
  /**
   * Renders each address once in the background, one after the other and without data, so the
   * pages' modules are loaded and compiled before a visitor's render (a cold one takes several
   * times the budget). Failures here are ignored: a visitor's render of that route logs them.
   */
  warm(urls: string[]): Promise<void>;
  /**
   * The markup of the page at `url` as a guest sees it with `answers` (its first data), or null:
   * not a page to render (unknown path, needs login), a render that failed or took too long.
   */
  render(url: string, answers: Record<string, unknown>, log: FastifyBaseLogger): Promise<string | null>;
  /**
   * The start-up bulletin (`GET /v1/bulletin`'s data) as the pages carry it, closed
   * (docs/decisions/0044-server-rendered-first-screen.md, addendum "the bulletin in the HTML"), or
   * null: a build without it, a failed render. Kept while the bulletin is the same.
   */
  bulletin(bulletin: unknown, log: FastifyBaseLogger): string | null;
  /** Drops every kept render: what they show changed (an operator's publish, in any process). */
  forget(): void;
}

/** A render slower than this is not waited for: the page gets its static first frame. */
export const RENDER_BUDGET_MS = 250;
/** How long a render is reused for the same address (every visitor gets the guest view). */
export const RENDER_CACHE_MS = 5_000;
const RENDER_CACHE_SIZE = 200;

/**
 * The server-rendered first screen (docs/decisions/0044-server-rendered-first-screen.md): the
 * route's real page rendered by the web app's own components with the page's first data, put in
 * #root instead of the skeleton, so a phone paints the content with the HTML. Null when the build
 * has no server module (an older build, the API tests' fake dist). A failing route is logged once
 * and gets the static frame, never an error page. Renders are kept a few seconds per address.
 */
export async function loadFirstScreens(dist: string, log: FastifyBaseLogger): Promise<FirstScreens | null> {
  const file = path.join(dist, SERVER_RENDER_FILE);
  if (!fs.existsSync(file)) return null;
  let module: RenderModule;
  try {
    module = (await import(pathToFileURL(file).href)) as RenderModule;
    if (typeof module.render !== 'function') throw new Error('no render export');
  } catch (error) {
    log.warn({ err: error, file }, 'server render module unusable: pages get their first frame');
    return null;
  }
  return firstScreens(module.render, module.renderBulletin);
}

/** The caching, budget and fallback around a render function (exported for the tests). */
export function firstScreens(
  render: RenderModule['render'],
  renderBulletin?: RenderModule['renderBulletin'],
): FirstScreens {
  const cache = new Map<string, { at: number; html: string | null }>();
  const failed = new Set<string>();
  let bulletinMarkup: { of: string; html: string | null } | null = null;
  return {
    forget() {
      cache.clear();
    },
    bulletin(bulletin, log) {
      if (!renderBulletin) return null;
      const of = JSON.stringify(bulletin);
      if (bulletinMarkup?.of !== of) {
        let html: string | null = null;
        try {
          html = renderBulletin(bulletin);
        } catch (error) {
          log.warn({ err: error }, 'bulletin render failed: the app opens it itself');
        }
        bulletinMarkup = { of, html };
      }
      return bulletinMarkup.html;
    },
    async warm(urls) {
      for (const url of urls) {
        try {
          await render(url, {});
        } catch {
          // Logged when a visitor's render fails the same way.
        }
      }
    },
    async render(url, answers, log) {
      const key = `${url}\n${Object.keys(answers).sort().join('\n')}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < RENDER_CACHE_MS) return hit.html;
      // The render goes on past the budget and is kept for the next visitor of this address.
      const rendering = render(url, answers).then(
        (html) => {
          cache.delete(key);
          cache.set(key, { at: Date.now(), html });
          while (cache.size > RENDER_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
          return html;
        },
        (error: unknown) => {
          const route = url.split(/[?#]/)[0].split('/').slice(0, 2).join('/') || '/';
          if (!failed.has(route)) {
            failed.add(route);
            log.warn({ err: error, url }, 'server render failed: the page gets its first frame');
          }
          return null;
        },
      );
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          rendering,
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), RENDER_BUDGET_MS);
          }),
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** An address of each route pattern of the map (`:param` as 1, optional parameters left out), for `warm`. */
export function sampleUrls(patterns: string[]): string[] {
  return patterns.map(
    (pattern) =>
      `/${pattern
        .split('/')
        .filter((part) => part !== '' && !part.endsWith('?'))
        .map((part) => (part.startsWith(':') ? '1' : part))
        .join('/')}`,
  );
}
