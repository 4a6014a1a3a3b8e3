import type { Bulletin } from '@ld/contract/messages';
import { type Query, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BootBulletin } from '../features/bulletin/components/boot-bulletin';
import { SCREEN_QUERIES_ELEMENT_ID, type ScreenQuery } from '../shared/http/screen-queries';
import { withServerAnswers } from '../shared/http/server-answers';
import type { RouteMeta } from './route-meta';
import { appRoutes } from './router';

/**
 * The route's real first screen, rendered by the server per request (docs/decisions/0044-server-rendered-first-screen.md):
 * the same route tree, layouts and pages as the browser, as a guest, with the page's first data
 * (the envelopes the server put into the HTML, keyed as shared/http/first-data.ts keys them). The
 * markup goes into #root instead of the static first frame; the browser does not hydrate it:
 * main.tsx's createRoot replaces it once the route's page is in, with the same elements at the
 * same size. Built by ssr-plugin.ts into dist/ssr/ (never sent to browsers), loaded by
 * apps/server/src/platform/server-render.ts.
 */

/** Renders before giving up on data the previous render asked for (a query enabled by another's data). */
const MAX_PASSES = 3;

/** The root font size of a 390 px wide phone (styles/global.css: min(100vw, 520px) * 16 / 375). */
const PHONE_ROOT_FONT = `${(390 * 16) / 375}px`;
const phoneStyle = () => ({ fontSize: PHONE_ROOT_FONT, lineHeight: '', getPropertyValue: () => '' });
const PHONE_DOCUMENT = { documentElement: { style: {} }, body: { style: {} } };

/** The window a phone's first render reads (viewport, media queries, fonts, user agent), for the render only. */
const PHONE_WINDOW = {
  innerWidth: 390,
  innerHeight: 844,
  devicePixelRatio: 3,
  matchMedia: (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }),
  history: { state: null },
  scrollY: 0,
  addEventListener() {},
  removeEventListener() {},
  getComputedStyle: phoneStyle,
};
const PHONE_NAVIGATOR = {
  userAgent: 'Mozilla/5.0 (Linux; Android 11) Mobile',
  onLine: true,
  language: 'zh-CN',
};

const PHONE_GLOBALS: Record<string, unknown> = {
  window: PHONE_WINDOW,
  navigator: PHONE_NAVIGATOR,
  document: PHONE_DOCUMENT,
  getComputedStyle: phoneStyle,
};

/**
 * Runs `work` with a phone's `window`, `navigator`, a bare `document` and `getComputedStyle` as
 * globals, taken away again before anything else in the server process can run (`work` is
 * synchronous): components read them in render and state initialisers (the root layout's width,
 * the desktop check, row heights in rem). Globals the server already has are left as they are.
 * Anything more a component asks of them throws, and the page gets its static first frame.
 */
function asPhone<T>(work: () => T): T {
  const g = globalThis as Record<string, unknown>;
  const added = Object.keys(PHONE_GLOBALS).filter((name) => g[name] === undefined);
  for (const name of added) g[name] = PHONE_GLOBALS[name];
  try {
    return work();
  } finally {
    for (const name of added) delete g[name];
  }
}

const isEnabled = (query: Query): boolean => {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * The queries the markup was rendered from, as shared/http/screen-queries.ts reads them: the
 * browser starts its cache with them, so its first render is this markup and not a skeleton that
 * the same data replaces a moment later (0044 addendum). `<` is escaped so no text closes the tag.
 */
function queryScreen(client: QueryClient): string {
  const queries: ScreenQuery[] = client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => ({ key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt }));
  if (queries.length === 0) return '';
  const json = JSON.stringify(queries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SCREEN_QUERIES_ELEMENT_ID}">${json}</script>`;
}

/**
 * The HTML for #root at `url` (path and query string), or null when the address is not a page a
 * guest sees as such (unknown path, a page that needs login, a router error).
 */
export async function render(url: string, answers: Record<string, unknown>): Promise<string | null> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [url] });
  try {
    // The route's lazy page module (imported once per process, then cached).
    if (!(router.state.initialized && router.state.navigation.state === 'idle')) {
      await new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized || state.navigation.state !== 'idle') return;
          unsubscribe();
          resolve();
        });
      });
    }
    const { matches, errors } = router.state;
    const leaf = matches[matches.length - 1];
    const meta = leaf?.route.handle as RouteMeta | undefined;
    if (errors || !meta || meta.login) return null;

    const client = new QueryClient({
      defaultOptions: {
        queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY },
      },
    });
    const tree = (
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
    let html = asPhone(() => renderToString(tree));
    // Prepass: the render built its queries in the cache (observers do not fetch on the server);
    // run the ones still waiting, answered only from the first data, and render again.
    for (let pass = 1; pass < MAX_PASSES; pass++) {
      const waiting = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));
      if (waiting.length === 0) break;
      const fetches: Promise<unknown>[] = [];
      asPhone(() =>
        withServerAnswers(answers, () => {
          for (const query of waiting) fetches.push(query.fetch().catch(() => undefined));
        }),
      );
      // Answered requests settle within microtasks; unanswered ones never do (their query stays pending).
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!waiting.some((q) => q.state.status === 'success')) break;
      html = asPhone(() => renderToString(tree));
    }
    const screen = queryScreen(client);
    client.clear();
    // The markup does nothing until React replaces it. React puts preloads for the images it
    // renders eagerly ahead of the markup: the server moves them to the top of <head>.
    return html.replace('<div class="app-root', '<div inert="" class="app-root') + screen;
  } finally {
    router.dispose();
  }
}

/**
 * The start-up bulletin as the server puts it after #root (features/bulletin/components/boot-bulletin.tsx),
 * closed: the page's inline script opens it for a visitor who has not seen it today.
 */
export function renderBulletin(bulletin: Bulletin): string {
  return renderToStaticMarkup(<BootBulletin bulletin={bulletin} />);
}
