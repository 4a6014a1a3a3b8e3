import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Bulletin } from '@ld/contract/messages';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import bulletinScript from './app/boot-bulletin.js?raw';
import earlyEventsScript from './app/early-events-boot.js?raw';
import { type PageState, scriptJson } from './app/page-state';
import type { RouteMeta } from './app/route-meta';
import { appRoutes } from './app/router';
import { allRoutes } from './app/routes';
import { BootBulletin } from './features/bulletin/components/boot-bulletin';
import bulletinPopupCss from './features/bulletin/components/bulletin-popup.css?inline';
import readerPrefsScript from './features/novels/reader/reader-prefs-boot.js?raw';
import { RenderNowContext } from './shared/hooks/use-now';
import { setTransport, type Transport } from './shared/http/transport';
import { pageTitle } from './shared/lib/brand';
import dialogCss from './shared/ui/dialog.css?inline';

/**
 * How the server renders a page (docs/decisions/0050-one-rendering-path.md), built by Vite's `ssr`
 * environment into dist/server/ and called by apps/server/src/platform/page-render.ts:
 * react-router's static handler matches the address against the app's own route tree and runs its
 * loaders (the pages' first queries, through the HTTP client on the `transport` the server gives),
 * React renders the same tree, and the query cache and the router's state go into the page as one
 * JSON, from which the browser hydrates (src/main.tsx).
 */

const requestTransport = new AsyncLocalStorage<Transport>();
// Each render's API requests go to the server of the request being rendered.
setTransport((url, init) => {
  const transport = requestTransport.getStore();
  return transport ? transport(url, init) : Promise.reject(new Error('API request outside a page render'));
});
/**
 * Renders in progress. On Node 20 and 22 an enabled AsyncLocalStorage runs a hook at every promise
 * and async resource the process makes, every API request's included (~8 % of a paid download's
 * server CPU, docs/decisions/0056-cluster.md, "No async hooks between renders"): the storage is
 * enabled while a render runs (`run` enables it) and disabled when none does. React's own is
 * taken out of the build (react-dom-storage-plugin.ts).
 */
let rendering = 0;

/** `work()` with `transport` as its renders' API transport. */
async function withTransport<T>(transport: Transport, work: () => Promise<T>): Promise<T> {
  rendering++;
  try {
    return await requestTransport.run(transport, work);
  } finally {
    if (--rendering === 0) requestTransport.disable();
  }
}

export type PageRender =
  /** The page rendered: its markup for #root and its state (JSON). */
  | { kind: 'page'; title: string; page: string; html: string; state: string }
  /** Not rendered here (needs login, unknown path, a route error): the browser app renders it. */
  | { kind: 'shell'; title: string; page?: string }
  | { kind: 'redirect'; status: number; location: string };

/**
 * How long a render waits for any of its API answers. A slower one (the seed's comic panels are
 * drawn on an episode's first read) counts as failed: the page renders its loading state there
 * and the browser asks again once hydrated, rather than the whole page missing the render budget
 * (platform/page-render.ts, 800 ms) and going out empty. The request itself runs on.
 */
export const API_DEADLINE_MS = 450;

/** `transport` with the render's deadline: a request still unanswered `API_DEADLINE_MS` after `start` rejects. */
function withDeadline(transport: Transport, start: number): Transport {
  return (url, init) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`API answer over ${API_DEADLINE_MS} ms: ${url}`)),
        Math.max(0, start + API_DEADLINE_MS - Date.now()),
      );
    });
    return Promise.race([transport(url, init), late]).finally(() => clearTimeout(timer));
  };
}

const PAGE_OF = new Map(allRoutes.map((route) => [route.meta.name, route.page]));

/** One address of each route a guest sees (`:param` as 1, optional ones left out): the server renders them once at start. */
export const warmUrls = allRoutes
  .filter((route) => !route.meta.login && route.meta.serverRendered !== false)
  .map(
    (route) =>
      `/${route.path
        .split('/')
        .filter((part) => part !== '' && !part.endsWith('?'))
        .map((part) => (part.startsWith(':') ? '1' : part))
        .join('/')}`,
  );

/** The inline script every rendered page carries first in its head: taps held and failed images marked until the app takes over (app/early-events-boot.js). */
export const everyPageScript = earlyEventsScript.replace(/^(\/\/.*\n)+/, '').trim();

/**
 * Inline scripts a rendered page carries in its head, by page module, run before its first paint:
 * the novel reader's settings from the device (features/novels/reader/reader-prefs-boot.js).
 */
export const pageScripts: Record<string, string> = {
  // Its comment stays in the source: the page carries the code alone.
  'features/novels/pages/read-book-page': readerPrefsScript.replace(/^(\/\/.*\n)+/, '').trim(),
};

/**
 * The page at `url` (path and query) as a guest sees it. `transport` answers the API requests of
 * its loaders; `signal` ends the render (the server's time budget), which then rejects.
 */
export async function render(url: string, transport: Transport, signal: AbortSignal): Promise<PageRender> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const handler = createStaticHandler(appRoutes({ queryClient, server: true }));
  const request = new Request(new URL(url, 'http://page.local'), { signal });
  const context = await withTransport(withDeadline(transport, Date.now()), () => handler.query(request));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const meta = context.matches[context.matches.length - 1]?.route.handle as RouteMeta | undefined;
  const title = pageTitle(meta?.title);
  const page = meta ? PAGE_OF.get(meta.name) : undefined;
  // A page behind login is the account's, which only the browser knows; some pages are the device's.
  if (!meta || !page || meta.login || meta.serverRendered === false || context.errors) {
    return { kind: 'shell', title, page };
  }

  // A first query that failed (a missing post, an API error) is not in the state, so the browser
  // starts it pending: the server renders it pending too (the page's loading state), and the
  // browser asks again once hydrated, so hydration meets the same markup.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const router = createStaticRouter(handler.dataRoutes, context);
  const now = Date.now();
  const state: PageState = {
    url,
    now,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  const html = await renderToText(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderNowContext.Provider value={now}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RenderNowContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
    signal,
  );
  queryClient.clear();
  return { kind: 'page', title, page, html, state: scriptJson(state) };
}

/**
 * The markup of `element` once all of it is ready. React writes its preloads for the images it
 * renders eagerly ahead of the markup; hydration passes over them.
 */
function renderToText(element: React.ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        reject(error);
      },
    });
    signal.addEventListener('abort', () => {
      stream.abort(signal.reason);
      reject(signal.reason);
    });
  });
}

/**
 * The start-up bulletin as every page carries it after #root (features/bulletin/components/boot-bulletin.tsx),
 * closed, with the styles of the app's bulletin dialog and the inline script that opens it for a
 * visitor who has not seen it today (app/boot-bulletin.js).
 */
export function renderBulletin(bulletin: Bulletin): { markup: string; style: string; script: string } {
  return {
    markup: renderToStaticMarkup(<BootBulletin bulletin={bulletin} />),
    style: `${dialogCss}${bulletinPopupCss}`,
    script: bulletinScript.trim(),
  };
}
