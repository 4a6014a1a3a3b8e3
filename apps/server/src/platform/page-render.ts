import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { importModule } from './import-module.ts';

/**
 * How a page is rendered (docs/decisions/0050-one-rendering-path.md). The web build writes
 * index.html with three named slots, its manifest and the server's render module
 * (apps/web/src/entry-server.tsx, under server/); this file puts a request's render into the slots:
 *
 *   <!--app-head-->  the title, the inline scripts and the route's own chunks (modulepreload)
 *   </head>          the route's styles, just before it: after the entry's, as the browser app adds
 *                    them when it loads the route's chunk, so the same rules win on either path
 *   <!--app-html-->  the page's markup, which the browser hydrates
 *   <!--app-body-->  the page's state (one JSON: query cache and router state) and the start-up bulletin
 *
 * A page that cannot be rendered within the time budget, or whose render fails, is the same
 * template with empty markup and no state: the browser app renders it itself, never an error page.
 */

/** The web build's server module, never served. */
export const SERVER_RENDER_DIR = 'server';
const SERVER_RENDER_FILE = path.join(SERVER_RENDER_DIR, 'entry-server.js');
/** Vite's manifest of the browser build, never served. */
export const MANIFEST_DIR = '.vite';
const MANIFEST_FILE = path.join(MANIFEST_DIR, 'manifest.json');

/** A render slower than this is given up: the page goes out for the browser to render. */
export const RENDER_BUDGET_MS = 800;

/**
 * Where the template is cut, in order: the three slots (replaced) and the head's end (kept, the
 * route's styles go just before it).
 */
const CUTS = [
  { at: '<!--app-head-->', keep: false },
  { at: '</head>', keep: true },
  { at: '<!--app-html-->', keep: false },
  { at: '<!--app-body-->', keep: false },
] as const;

type Transport = (url: string, init: RequestInit) => Promise<Response>;

type PageRender =
  | { kind: 'page'; title: string; page: string; html: string; state: string }
  | { kind: 'shell'; title: string; page?: string }
  | { kind: 'redirect'; status: number; location: string };

/** What apps/web/src/entry-server.tsx exports. */
interface RenderModule {
  render(url: string, transport: Transport, signal: AbortSignal): Promise<PageRender>;
  renderBulletin(bulletin: unknown): { markup: string; style: string; script: string };
  /** One address of each route a guest sees, for `warm`. */
  warmUrls: string[];
  /** Inline scripts a rendered page carries in its head, by page module (run before its first paint). */
  pageScripts?: Record<string, string>;
  /** The inline script every rendered page carries first in its head (taps held and failed images kept until the app takes over). */
  everyPageScript?: string;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** A page ready to send. */
export type Page = { kind: 'html'; html: string } | { kind: 'redirect'; status: number; location: string };

export interface Pages {
  /** The page at the request's address, as a guest sees it, with the start-up `bulletin` (null: none). */
  page(request: FastifyRequest, bulletin: unknown): Promise<Page>;
  /** CSP sources of the page's inline scripts (the bulletin's, by hash), once the render module is in. */
  inlineScriptSources(): Promise<string[]>;
  /** Renders one address of each route once, so a visitor's render finds the modules compiled. */
  warm(): Promise<void>;
}

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** CSS that can go inside a <style> element as it is. */
const inlineable = (css: string): boolean => !css.toLowerCase().includes('</style');

/**
 * The pages of the web build at `dist`, or null when it has no index.html with the three slots and
 * a head (then index.html is served as it is). Without the render module (or when it cannot be
 * loaded) every page is the template for the browser to render.
 */
export async function loadPages(app: FastifyInstance, dist: string): Promise<Pages | null> {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const template = fs.readFileSync(indexFile, 'utf8');
  // The template split once at its slots and where its head ends: [before head, head to its end,
  // head's end to root, root to body, the rest].
  const parts: string[] = [];
  let rest = template;
  for (const cut of CUTS) {
    const at = rest.indexOf(cut.at);
    if (at < 0) return null;
    parts.push(rest.slice(0, at));
    rest = rest.slice(cut.keep ? at : at + cut.at.length);
  }
  parts.push(rest);

  const manifest = readManifest(dist);
  const readCss = (file: string): string | null => {
    const full = path.join(dist, file);
    if (!full.startsWith(path.join(dist, 'assets'))) return null;
    return fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null;
  };
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, into);
    return into;
  };
  // What index.html loads itself (the entry's scripts and stylesheet, as the build wrote their
  // tags): the routes' preloads leave these out.
  const inTemplate = (file: string) => template.includes(`"/${file}"`);
  const loadedByEntry = new Set<string>();
  for (const key of Object.keys(manifest)) if (inTemplate(manifest[key].file)) closure(key, loadedByEntry);

  // The entry's stylesheet (the shell and layouts) inline: the first paint waits for no request.
  // The build writes its link into the template's head exactly so; replaced once, here.
  const entryCss = new Set(
    Object.values(manifest)
      .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])])
      .filter((file) => file.endsWith('.css') && inTemplate(file)),
  );
  for (const file of entryCss) {
    const tag = `<link rel="stylesheet" crossorigin href="/${file}">`;
    const css = readCss(file);
    if (css !== null && inlineable(css) && parts[1].includes(tag)) {
      parts[1] = parts[1].replace(tag, () => `<style>${css}</style>`);
    }
  }

  /**
   * The route's own chunks as modulepreloads, and its styles inline (read once per page module):
   * the preloads go early in the head, the styles at its end (`assemble`).
   */
  const heads = new Map<string, { preloads: string; styles: string }>();
  const routeHead = (page: string | undefined): { preloads: string; styles: string } => {
    if (!page) return { preloads: '', styles: '' };
    let head = heads.get(page);
    if (head !== undefined) return head;
    const own = [...closure(`src/${page}.tsx`)].filter((key) => !loadedByEntry.has(key));
    const preloads = own.map(
      (key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key].file)}">`,
    );
    const styles = own
      .flatMap((key) => manifest[key].css ?? [])
      .map((file) => [file, readCss(file)] as const);
    const inline = styles.every(([, css]) => css !== null && inlineable(css));
    head = {
      preloads: preloads.join(''),
      // The rendered markup needs its styles at the first paint: inline, as the entry's are.
      styles: (inline
        ? styles.length > 0
          ? [
              `<style>${styles.map(([, css]) => css).join('')}</style>`,
              // The same files as disabled links, never fetched: the app's chunk loader finds them
              // and adds no stylesheet of its own when the route's module loads (each one laid the
              // whole page out again, 50–180 ms of a long chapter on a slow phone).
              ...styles.map(
                ([file]) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" disabled>`,
              ),
            ]
          : []
        : styles.map(([file]) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}">`)
      ).join(''),
    };
    heads.set(page, head);
    return head;
  };

  // The render module loads in the background: the server listens (and answers its health check
  // and the API) meanwhile; the first page waits for it.
  const loaded = loadRenderModule(dist, app.log).then((module) => ({
    module,
    bulletinScript: module ? safeBulletinScript(module) : null,
    pageScripts: module ? safePageScripts(module) : new Map<string, string>(),
    everyPageScript: module ? safeScript(module.everyPageScript) : null,
  }));

  /** The template with a page in its slots; `styles` go last in the head, after the entry's. */
  const assemble = (head: string, styles: string, html: string, body: string): string =>
    `${parts[0]}${head}${parts[1]}${styles}${parts[2]}${html}${parts[3]}${body}${parts[4]}`;

  // The browser renders the page: its route's chunks preloaded, its styles loaded by the app.
  const shell = (title: string, page?: string, body = ''): Page => ({
    kind: 'html',
    html: assemble(`<title>${escapeHtml(title)}</title>${routeHead(page).preloads}`, '', '', body),
  });

  const bulletinBlock = async (bulletin: unknown, log: FastifyBaseLogger): Promise<string> => {
    const { module, bulletinScript } = await loaded;
    if (!module || bulletinScript === null || !bulletin) return '';
    try {
      const { markup, style } = module.renderBulletin(bulletin);
      return `${inlineable(style) ? `<style>${style}</style>` : ''}${markup}<script>${bulletinScript}</script>`;
    } catch (error) {
      log.warn({ err: error }, 'bulletin render failed: the app opens it itself');
      return '';
    }
  };

  const failed = new Set<string>();
  const render = async (url: string, transport: Transport): Promise<PageRender> => {
    const { module } = await loaded;
    if (!module) throw new Error('no render module');
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const reason = new Error(`render over ${RENDER_BUDGET_MS} ms`);
        controller.abort(reason);
        reject(reason);
      }, RENDER_BUDGET_MS);
    });
    try {
      return await Promise.race([module.render(url, transport, controller.signal), overBudget]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async inlineScriptSources() {
      const { bulletinScript, pageScripts, everyPageScript } = await loaded;
      return [
        ...(bulletinScript ? [bulletinScript] : []),
        ...(everyPageScript ? [everyPageScript] : []),
        ...new Set(pageScripts.values()),
      ].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    },
    async warm() {
      const { module } = await loaded;
      const transport = injectTransport(app, '127.0.0.1');
      for (const url of module?.warmUrls ?? []) {
        // Requests that came meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          await render(url, transport);
        } catch {
          // A visitor's render of that route logs it.
        }
      }
    },
    async page(request, bulletin) {
      const body = await bulletinBlock(bulletin, request.log);
      let rendered: PageRender;
      try {
        rendered = await render(request.url, injectTransport(app, request.ip));
      } catch (error) {
        const route = request.url.split(/[?#]/)[0].split('/').slice(0, 2).join('/') || '/';
        if ((await loaded).module && !failed.has(route)) {
          failed.add(route);
          request.log.warn({ err: error, url: request.url }, 'page render failed: the browser renders it');
        }
        return shell('蓝钻乐园', undefined, body);
      }
      if (rendered.kind === 'redirect') return rendered;
      if (rendered.kind === 'shell') return shell(rendered.title, rendered.page, body);
      const state = `<script type="application/json" id="ld-page-state">${rendered.state}</script>`;
      const { pageScripts, everyPageScript } = await loaded;
      const scripts = [everyPageScript, pageScripts.get(rendered.page)]
        .map((script) => (script ? `<script>${script}</script>` : ''))
        .join('');
      const { preloads, styles } = routeHead(rendered.page);
      return {
        kind: 'html',
        html: assemble(
          `<title>${escapeHtml(rendered.title)}</title>${scripts}${preloads}`,
          styles,
          rendered.html,
          `${state}${body}`,
        ),
      };
    },
  };
}

function readManifest(dist: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, MANIFEST_FILE), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return {};
  }
}

async function loadRenderModule(dist: string, log: FastifyBaseLogger): Promise<RenderModule | null> {
  const file = path.join(dist, SERVER_RENDER_FILE);
  if (!fs.existsSync(file)) return null;
  try {
    const module = await importModule<RenderModule>(pathToFileURL(file).href);
    if (typeof module.render !== 'function') throw new Error('no render export');
    return module;
  } catch (error) {
    log.warn({ err: error, file }, 'page render module unusable: the browser renders every page');
    return null;
  }
}

/** The bulletin's inline script, when it can be inlined (nothing in it closes the element). */
function safeBulletinScript(module: RenderModule): string | null {
  if (typeof module.renderBulletin !== 'function') return null;
  return safeScript(module.renderBulletin({ title: '', content: '', createTime: 0 }).script);
}

/** `script` when it can be inlined as it is (a non-empty string, nothing in it closes the element). */
function safeScript(script: unknown): string | null {
  return typeof script === 'string' && script && !/<\/script|<!--/i.test(script) ? script : null;
}

/** The render module's page scripts that can be inlined as they are. */
function safePageScripts(module: RenderModule): Map<string, string> {
  const scripts = new Map<string, string>();
  for (const [page, script] of Object.entries(module.pageScripts ?? {})) {
    const safe = safeScript(script);
    if (safe) scripts.set(page, safe);
  }
  return scripts;
}

/**
 * The render's way to the API: each request is answered by this server in process, as a guest
 * from the visitor's address (so the limits count it as the visitor's).
 */
function injectTransport(app: FastifyInstance, remoteAddress: string): Transport {
  return async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = init.body;
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      remoteAddress,
      headers,
      ...(body === undefined || body === null ? {} : { payload: String(body) }),
    });
    return new Response(new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}
