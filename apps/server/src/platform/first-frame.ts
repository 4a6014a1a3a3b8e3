import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_APP_ID } from '@ld/contract/defaults';
import { densitySrcSet, densityWidths } from '@ld/contract/image-sizes';
import { requestKey } from '@ld/contract/request-key';

/** One route of the SPA's dist/route-map.json (written by apps/web/first-frame-plugin.ts). */
interface MappedRoute {
  path: string;
  name: string;
  documentTitle: string;
  html: string;
  modules: string[];
  styles: string[];
  /** The page's first API requests (apps/web/src/app/first-data.ts); absent in older maps. */
  data?: FirstRequest[];
  /** The page's first screen needs no data (a guest's form): rendered by the server all the same. */
  rendersAlone?: boolean;
  /** Its static frame paints before the app's code is asked for (home's, 我的's). */
  paintsAlone?: boolean;
}

/** A first API request as the route map describes it: `:name` in path or field values is a route parameter. */
interface FirstRequest {
  method: 'GET' | 'POST';
  path: string;
  fields?: Record<string, string | number>;
  images?: ImageHint;
}

/** Where the page's largest images are in an answer (apps/web/src/app/first-data.ts). */
interface ImageHint {
  list?: string;
  /** Absent: the list's items are the images' paths themselves (a game's screenshots). */
  field?: string;
  count: number;
  /** Absent: the page shows the stored image as it is (a `<video poster>`, which has no srcset). */
  displayWidth?: number;
}

/** One of those requests for a concrete address: what to ask the API and the key the web client looks for. */
export interface DataRequest {
  method: 'GET' | 'POST';
  /** Path after /api, with the query string for a GET. */
  url: string;
  /** The form body of a POST. */
  form?: string;
  /** As the web client makes it (`@ld/contract/request-key`). */
  key: string;
  images?: ImageHint;
}

export interface FirstFrames {
  /**
   * index.html for the path of `url` (query string ignored): first frame in #root, page preloads.
   * With `screen` (the route's page rendered by the server, platform/server-render.ts) that markup
   * goes into #root instead of the frame.
   */
  pageFor(url: string, screen?: string | null): string;
  /** The path patterns of the map's routes, as in routes.ts. */
  patterns: string[];
  /** The first API requests of the page at `url` (none for most routes, or when a parameter is not digits). */
  dataRequestsFor(url: string): DataRequest[];
  /** Whether the page at `url` is rendered by the server without first data (its screen needs none). */
  rendersWithoutData(url: string): boolean;
  /**
   * `page` with the answers (envelopes by request key) in a JSON data block the web client reads,
   * and preloads for the images the requests name in their answers.
   */
  withData(page: string, requests: DataRequest[], answers: Record<string, unknown>): string;
  /** The stored images `withData` preloads (their `/uploads/…` path) with the widths of their `srcset`. */
  preloadedImages(
    requests: DataRequest[],
    answers: Record<string, unknown>,
  ): Array<{ src: string; widths: number[] }>;
  /**
   * `page` with the start-up bulletin's `markup` (closed, as the web build's server module renders
   * it) at the end of <body>, with its stylesheets and the inline script that opens it; `page`
   * alone when the build has none of these.
   */
  withBulletin(page: string, markup: string): string;
  /** CSP sources of the inline scripts `withBulletin` adds (`'sha256-…'`); empty when it adds none. */
  inlineScriptSources: string[];
}

/** The element the web client reads the answers from (apps/web/src/shared/http/first-data.ts). */
export const FIRST_DATA_ELEMENT_ID = 'ld-first-data';

const STORED_IMAGE = /^\/uploads\/[\w./-]+$/;

/** The stored images an answer holds where the hint says (at most `count`, only `/uploads/…` paths). */
function imagesIn(envelope: unknown, hint: ImageHint): string[] {
  const data = (envelope as { data?: unknown }).data as Record<string, unknown> | undefined;
  const items = hint.list ? data?.[hint.list] : [data];
  if (!Array.isArray(items)) return [];
  return items
    .slice(0, hint.count)
    .map((item) => (hint.field === undefined ? item : (item as Record<string, unknown> | null)?.[hint.field]))
    .filter((src): src is string => typeof src === 'string' && STORED_IMAGE.test(src));
}

/**
 * The preload of a stored image the page shows at `displayWidth` (its `srcset`), or as stored when
 * that is absent (its address); none when the server render's own preload for it is in `page`.
 */
function imagePreload(page: string, src: string, displayWidth: number | undefined): string[] {
  if (displayWidth === undefined) {
    const href = escapeHtml(src);
    // React writes an eager image's preload with its address when the image has no srcset.
    if (new RegExp(`<link rel="preload"[^>]*href="${escapeRegExp(href)}"`).test(page)) return [];
    return [`<link rel="preload" as="image" fetchpriority="high" href="${href}">`];
  }
  const srcset = escapeHtml(densitySrcSet(src, displayWidth));
  // Not twice: the server render's preload for the same image may be there already.
  if (page.includes(`imageSrcSet="${srcset}"`)) return [];
  return [`<link rel="preload" as="image" fetchpriority="high" imagesrcset="${srcset}">`];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a page's image preloads go: right after its <title>, ahead of the scripts (a marker removed when the page is made). */
const IMAGE_HINTS = '<!--ld-image-hints-->';
/** A preload React's server render puts ahead of its markup for an image it renders eagerly. */
const REACT_IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

/** JSON safe inside a <script> element: no `<` (so no `</script>`), no line separators. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Whether `pathname` matches a react-router pattern of routes.ts (`:param`, `:param?`; case-insensitive). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return paramsOf(pattern, pathname) !== null;
}

/** The parameters of `pathname` by name when it matches `pattern` (see matchesPattern), else null. */
export function paramsOf(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const part of want) {
    const optional = part.startsWith(':') && part.endsWith('?');
    if (i >= have.length) {
      if (optional) continue;
      return null;
    }
    if (part.startsWith(':')) params[part.slice(1).replace('?', '')] = have[i];
    else if (part.toLowerCase() !== have[i].toLowerCase()) return null;
    i += 1;
  }
  return i === have.length ? params : null;
}

/**
 * A route's data requests for the address's parameters. A request naming a parameter that is not
 * all digits is left out (the page asks for it itself); an absent optional one drops its field.
 */
function resolveData(data: FirstRequest[], params: Record<string, string>, ownAppId: number): DataRequest[] {
  const out: DataRequest[] = [];
  const fill = (value: string): string | null | undefined => {
    if (!value.startsWith(':')) return value;
    const param = params[value.slice(1)];
    if (param === undefined) return undefined;
    return /^\d{1,12}$/.test(param) ? param : null;
  };
  next: for (const request of data) {
    const parts: string[] = [];
    for (const part of request.path.split('/')) {
      const filled = fill(part);
      if (filled === null || filled === undefined) continue next;
      parts.push(filled);
    }
    const path = parts.join('/');
    const fields: Record<string, string> = {};
    for (const [name, raw] of Object.entries(request.fields ?? {})) {
      const filled = fill(String(raw));
      if (filled === null) continue next;
      if (filled !== undefined) fields[name] = filled;
    }
    const query = new URLSearchParams(fields).toString();
    // The web client leaves its own appID out of its keys (it adds it to every body).
    const key = requestKey(request.method, path, fields, ownAppId)!;
    const images = request.images;
    out.push(
      request.method === 'GET'
        ? { method: 'GET', url: query ? `${path}?${query}` : path, key, images }
        : { method: 'POST', url: path, form: query, key, images },
    );
  }
  return out;
}

/**
 * The first frame (docs/decisions/0029-first-frame.md): for the route a GET asks for, index.html
 * carries that route's static shell in #root and its document title, and preloads the route's own
 * chunks beside the entry, so the phone paints before the entry has run and fetches the page's
 * code without waiting for it. A path no route matches gets the home frame, as the SPA sends it
 * there. Nothing from the address is written into the page; what comes from the build map is
 * escaped. The entry stylesheet comes inline, so the frame paints with the HTML alone instead of
 * one round trip later. Null when the build has no route map: index.html is then served as built.
 */
export function loadFirstFrames(
  dist: string,
  indexHtml: string,
  ownAppId = PORTAL_APP_ID,
): FirstFrames | null {
  const file = path.join(dist, 'route-map.json');
  if (!fs.existsSync(file)) return null;
  const { routes, boot, bulletin } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    routes: MappedRoute[];
    boot?: unknown;
    bulletin?: { script?: unknown; styles?: unknown };
  };
  const home = routes.find((r) => r.path === '');
  if (!home || !indexHtml.includes('<div id="root"></div>') || !indexHtml.includes('</head>')) return null;

  const shell = inlineEntryStyles(dist, indexHtml);
  const entryScripts = [...shell.matchAll(ENTRY_SCRIPT)];
  const pages = new Map<MappedRoute, string>();
  const render = (route: MappedRoute, root = route.html, hints = ''): string => {
    const rendered = root !== route.html;
    // A server-rendered screen paints with the HTML alone, and so do the frames the build marks
    // (home's, which holds the page's largest paint, the carousel's first banner; 我的's:
    // apps/web/src/app/first-data.ts FRAME_PAINTS_ALONE): the app's scripts and the route's
    // preloads wait for the boot script to add them once it has painted (see BOOT_NOTE). Other
    // frames are skeletons whose content needs the app: they keep their tags, so the app's code
    // downloads with the HTML.
    const paintsAlone = rendered || route.paintsAlone === true;
    const boots = paintsAlone && typeof boot === 'string' && entryScripts.length > 0;
    const head = [
      ...(boots
        ? []
        : [
            ...route.modules.map(
              (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
            ),
            ...route.styles.map(
              (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
            ),
          ]),
      // The page's own markup needs the page's styles at its first paint (the frame only needs the
      // entry's): inline, as the entry's are, or the page would be laid out again when they arrive.
      ...(rendered ? [routeStyles(route)] : []),
    ].join('\n    ');
    const start = boots ? bootShell(shell, entryScripts, boot, route) : shell;
    return start
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.documentTitle)}</title>${IMAGE_HINTS}`)
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`)
      .replace(IMAGE_HINTS, () => hints);
  };

  const styleSheets = new Map<MappedRoute, string>();
  /** The route's stylesheets as one <style> (read once), or preload links only when one cannot be inlined. */
  const routeStyles = (route: MappedRoute): string => {
    let block = styleSheets.get(route);
    if (block === undefined) {
      const texts = route.styles.map((href) => {
        const file = path.join(dist, href);
        return href.startsWith('/assets/') && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      });
      block =
        texts.length > 0 && texts.every((css) => css !== null && !/<\/style/i.test(css))
          ? `<style>${texts.join('')}</style>`
          : '';
      styleSheets.set(route, block);
    }
    return block;
  };

  const pathOf = (url: string): string => {
    const pathname = url.split(/[?#]/)[0] ?? '/';
    try {
      return decodeURIComponent(pathname);
    } catch {
      // A malformed escape matches no route: the home frame, like any unknown path.
      return pathname;
    }
  };
  /** The route the address's path matches, if any. */
  const routeAt = (url: string): MappedRoute | undefined => {
    const pathname = pathOf(url);
    return routes.find((r) => matchesPattern(r.path, pathname));
  };
  const bulletinParts = bulletinAssets(dist, bulletin);
  return {
    patterns: routes.map((r) => r.path),
    inlineScriptSources: bulletinParts ? [bulletinParts.source] : [],
    withBulletin(page, markup) {
      if (!bulletinParts || !markup.startsWith('<dialog')) return page;
      const block = `${bulletinParts.style}${markup}<script>${bulletinParts.script}</script>`;
      return page.replace('</body>', () => `  ${block}\n  </body>`);
    },
    dataRequestsFor(url) {
      const pathname = pathOf(url);
      for (const route of routes) {
        const params = paramsOf(route.path, pathname);
        if (params) return resolveData(route.data ?? [], params, ownAppId);
      }
      return [];
    },
    rendersWithoutData(url) {
      return routeAt(url)?.rendersAlone === true;
    },
    preloadedImages(requests, answers) {
      return requests.flatMap((r) => {
        const displayWidth = r.images?.displayWidth;
        return r.images && answers[r.key] !== undefined
          ? imagesIn(answers[r.key], r.images).map((src) => ({
              src,
              // Shown as stored: no variant to make.
              widths: displayWidth === undefined ? [] : densityWidths(displayWidth).map((c) => c.width),
            }))
          : [];
      });
    },
    withData(page, requests, answers) {
      if (Object.keys(answers).length === 0) return page;
      const block = `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${scriptJson(answers)}</script>`;
      const preloads = requests.flatMap((r) =>
        r.images && answers[r.key] !== undefined
          ? imagesIn(answers[r.key], r.images).flatMap((src) =>
              imagePreload(page, src, r.images?.displayWidth),
            )
          : [],
      );
      // First in <head>, before the scripts: the largest paint's images are asked for first.
      const withImages =
        preloads.length === 0
          ? page
          : page.replace('</title>', () => `</title>\n    ${preloads.join('\n    ')}`);
      return withImages.replace('</body>', () => `  ${block}\n  </body>`);
    },
    pageFor(url, screen) {
      const route = routeAt(url) ?? home;
      if (screen) {
        // React's own preloads for the images it rendered eagerly go to the top of <head>.
        const hints: string[] = [];
        const root = screen.replace(REACT_IMAGE_PRELOAD, (link) => {
          hints.push(link);
          return '';
        });
        return render(route, root, hints.length > 0 ? `\n    ${hints.join('\n    ')}` : '');
      }
      let page = pages.get(route);
      if (page === undefined) {
        page = render(route);
        pages.set(route, page);
      }
      return page;
    },
  };
}

/**
 * The bulletin's parts from the route map: its dialog's stylesheets as one <style>, its inline
 * script and that script's CSP source (a hash: the policy allows no other inline script). Null
 * when the map has none or a part cannot be inlined (then no page carries the bulletin and the
 * app opens it itself).
 */
function bulletinAssets(
  dist: string,
  bulletin: { script?: unknown; styles?: unknown } | undefined,
): { style: string; script: string; source: string } | null {
  const { script, styles } = bulletin ?? {};
  if (typeof script !== 'string' || script === '' || /<\/script|<!--/i.test(script)) return null;
  if (!Array.isArray(styles) || !styles.every((href) => typeof href === 'string')) return null;
  const texts = styles.map((href: string) => {
    const file = path.join(dist, href);
    return href.startsWith('/assets/') && !href.includes('..') && fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : null;
  });
  if (texts.some((css) => css === null || /<\/style/i.test(css))) return null;
  const source = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return { style: texts.length > 0 ? `<style>${texts.join('')}</style>` : '', script, source };
}

/** The entry's module scripts as the build writes them into index.html (rolldown's runtime, then the entry chunk). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>\n?\s*/g;

/**
 * BOOT_NOTE (docs/decisions/0044-server-rendered-first-screen.md, addendum): the shell of a page
 * whose #root the server rendered, with the entry's module scripts replaced by the build's boot
 * script (apps/web/src/app/boot.js), a deferred classic script that adds them, then the route's
 * modulepreloads and style preloads, once the screen has painted. So the phone paints before it
 * fetches any of the app's code, and a page load's first paint does not wait for it.
 */
function bootShell(shell: string, scripts: RegExpMatchArray[], boot: string, route: MappedRoute): string {
  const attribute = (name: string, urls: string[]) => ` data-${name}="${escapeHtml(urls.join(' '))}"`;
  const tag =
    `<script defer src="${escapeHtml(boot)}"` +
    attribute(
      'scripts',
      scripts.map((m) => m[1]),
    ) +
    attribute('modules', route.modules) +
    attribute('styles', route.styles) +
    '></script>\n    ';
  let first = true;
  return shell.replace(ENTRY_SCRIPT, () => {
    const replacement = first ? tag : '';
    first = false;
    return replacement;
  });
}

/**
 * index.html with its entry stylesheet (`/assets/*.css`, the one index.html links: small, the shell,
 * layouts and first frame; named after the chunk it belongs to, `vendor-*.css` since 0043)
 * inlined as a <style>, sparing the render-blocking request. Left as a link when the file is
 * missing or its text could close the element.
 */
function inlineEntryStyles(dist: string, indexHtml: string): string {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w-]+\.css)">/.exec(indexHtml);
  if (!link) return indexHtml;
  const file = path.join(dist, link[1]);
  if (!fs.existsSync(file)) return indexHtml;
  const css = fs.readFileSync(file, 'utf8');
  if (/<\/style/i.test(css)) return indexHtml;
  return indexHtml.replace(link[0], () => `<style>${css}</style>`);
}
