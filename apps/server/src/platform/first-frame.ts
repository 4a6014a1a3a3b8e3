import fs from 'node:fs';
import path from 'node:path';

/** One route of the SPA's dist/route-map.json (written by apps/web/first-frame-plugin.ts). */
interface MappedRoute {
  path: string;
  name: string;
  documentTitle: string;
  html: string;
  modules: string[];
  styles: string[];
}

export interface FirstFrames {
  /** index.html for the path of `url` (query string ignored): first frame in #root, page preloads. */
  pageFor(url: string): string;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Whether `pathname` matches a react-router pattern of routes.ts (`:param`, `:param?`; case-insensitive). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  let i = 0;
  for (const part of want) {
    const optional = part.startsWith(':') && part.endsWith('?');
    if (i >= have.length) {
      if (optional) continue;
      return false;
    }
    if (!part.startsWith(':') && part.toLowerCase() !== have[i].toLowerCase()) return false;
    i += 1;
  }
  return i === have.length;
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
export function loadFirstFrames(dist: string, indexHtml: string): FirstFrames | null {
  const file = path.join(dist, 'route-map.json');
  if (!fs.existsSync(file)) return null;
  const { routes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: MappedRoute[] };
  const home = routes.find((r) => r.path === '');
  if (!home || !indexHtml.includes('<div id="root"></div>') || !indexHtml.includes('</head>')) return null;

  const shell = inlineEntryStyles(dist, indexHtml);
  const pages = new Map<MappedRoute, string>();
  const render = (route: MappedRoute): string => {
    const head = [
      ...route.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
      ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`),
    ].join('\n    ');
    return shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(route.documentTitle)}</title>`)
      .replace('</head>', `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${route.html}</div>`);
  };

  return {
    pageFor(url) {
      let pathname = url.split(/[?#]/)[0] ?? '/';
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        // A malformed escape matches no route: the home frame, like any unknown path.
      }
      const route = routes.find((r) => matchesPattern(r.path, pathname)) ?? home;
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
