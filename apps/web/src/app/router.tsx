import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  matchRoutes,
  Navigate,
  type RouteObject,
} from 'react-router';
import { clientConfigQuery } from '../shared/api/get-client-config';
import type { FirstQuery } from '../shared/lib/first-queries';
import { nextTask } from '../shared/lib/next-task';
import { getAccount } from '../shared/stores/account';
import { PageError } from '../shared/ui/page-error';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { SimpleLayout } from './layouts/simple-layout';
import { RequireLogin } from './require-login';
import type { AppRoute, PageModule } from './route-meta';
import { mainRoutes, simpleRoutes, standaloneRoutes } from './routes';

/** The page modules by path (each its own chunk, loaded when its route is first shown). */
const PAGES = import.meta.glob<PageModule>(['../features/*/pages/*-page.tsx', './pages/*-page.tsx']);

/** The loader of a page module (`features/home/pages/home-page` or `app/pages/square-page`). */
export function pageModule(page: string): () => Promise<PageModule> {
  const key = page.startsWith('app/') ? `./${page.slice('app/'.length)}.tsx` : `../${page}.tsx`;
  const load = PAGES[key];
  if (!load) throw new Error(`no page module ${page}`);
  return load;
}

function withGuard(Page: ComponentType, login: boolean | undefined): ComponentType {
  if (!login) return Page;
  return function Guarded() {
    return (
      <RequireLogin>
        <Page />
      </RequireLogin>
    );
  };
}

const isInfinite = (options: FirstQuery): boolean => options.getNextPageParam !== undefined;

/** Where the routes run: the browser's router or the server's render of one request. */
export interface RouteSide {
  queryClient: QueryClient;
  /** On the server a loader waits for the data (the page renders with it) and asks as a guest. */
  server: boolean;
}

/**
 * The route's loader (docs/decisions/0050-one-rendering-path.md): the page's first queries, asked
 * with the same query options its components read. The server waits for them, so the page renders
 * with its data and the cache goes into the HTML; in the browser they start with the navigation
 * and the page shows its own loading state meanwhile (the loader does not hold the navigation).
 * A query that fails is left to the page, which asks again and shows its error state. The page's
 * `nextQueries`, which need an answer of the first ones, are asked once those have come.
 */
function firstDataLoader(module: PageModule, side: RouteSide): LoaderFunction | undefined {
  const { firstQueries, nextQueries } = module;
  if (!firstQueries) return undefined;
  const ensure = (options: FirstQuery) =>
    isInfinite(options)
      ? side.queryClient.ensureInfiniteQueryData(
          options as unknown as Parameters<QueryClient['ensureInfiniteQueryData']>[0],
        )
      : side.queryClient.ensureQueryData(options as unknown as Parameters<QueryClient['ensureQueryData']>[0]);
  return async ({ params, request }) => {
    const args = { params, url: new URL(request.url), uid: side.server ? '' : getAccount().uid };
    const first = Promise.allSettled(firstQueries(args).map(ensure));
    const next = !nextQueries
      ? first
      : first.then(() =>
          Promise.allSettled(nextQueries(args, (key) => side.queryClient.getQueryData(key)).map(ensure)),
        );
    if (side.server) await next;
    return null;
  };
}

/**
 * The shell's own data (the header's client config), asked with every first page: the server
 * renders the header with it and the browser hydrates the same. Run once; not again on navigations.
 */
function shellLoader(side: RouteSide): LoaderFunction {
  return async () => {
    const load = side.queryClient.ensureQueryData(clientConfigQuery());
    if (side.server) await load.catch(() => undefined);
    else load.catch(() => undefined);
    return null;
  };
}

/** Turns the route table into router objects; pages load lazily so the first load stays small. */
const toRouteObject =
  (side: RouteSide) =>
  (route: AppRoute): RouteObject => ({
    path: route.path || undefined,
    index: route.path === '' ? true : undefined,
    handle: route.meta,
    lazy: async () => {
      const module = await pageModule(route.page)();
      return {
        Component: withGuard(module.default, route.meta.login),
        loader: firstDataLoader(module, side),
      };
    },
  });

/** The app's route tree: the browser's router and the server's render (src/entry-server.tsx) use the same. */
export function appRoutes(side: RouteSide): RouteObject[] {
  const toRoute = toRouteObject(side);
  return [
    {
      element: <RootLayout />,
      errorElement: <PageError />,
      loader: shellLoader(side),
      children: [
        { element: <MainLayout />, children: mainRoutes.map(toRoute) },
        { element: <SimpleLayout />, children: simpleRoutes.map(toRoute) },
        { element: <SimpleLayout cached={false} />, children: standaloneRoutes.map(toRoute) },
        // Any unknown path goes to the root (spec §2).
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

/**
 * The browser's router. With `hydrationData` (the server rendered the page), the matched routes'
 * lazy modules are loaded first, so the router starts initialised and its first render is the
 * server's markup, which React then hydrates.
 */
export async function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState) {
  const routes = appRoutes({ queryClient, server: false });
  if (hydrationData) {
    const lazyMatches = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
    await Promise.all(
      lazyMatches.map(async (match) => {
        const lazy = match.route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(match.route, { ...(await lazy()), lazy: undefined });
      }),
    );
    // Matching the table and evaluating the page's module were one task; creating the router
    // (which matches the table again) is the next.
    await nextTask();
  }
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
