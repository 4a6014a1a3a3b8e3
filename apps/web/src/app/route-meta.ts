import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { FirstDataArgs, FirstQuery } from '../shared/lib/first-queries';

/** What each route declares; the guard, titles, layouts, tab bar and page cache all read it (DESIGN §9). */
export interface RouteMeta {
  name: string;
  title?: string;
  /** Layouts A and B show their header unless this is false. */
  header?: boolean;
  /** Needs login: guests are sent to login and brought back. */
  login?: boolean;
  /** Route name the back button goes to; otherwise browser back. */
  back?: string;
  /** Kept alive in the page cache unless false. */
  keepAlive?: boolean;
  /**
   * False: the server leaves the page to the browser, because its first screen is the device's own
   * (a draft in session storage).
   */
  serverRendered?: boolean;
}

export interface AppRoute {
  path: string;
  meta: RouteMeta;
  /**
   * The page's module under src/, without its extension (`features/home/pages/home-page`): loaded
   * lazily by the router (app/router.tsx), and named in the build's manifest, from which the
   * server preloads the route's own chunks (apps/server/src/platform/page-render.ts).
   */
  page: string;
}

/** A page module: its component, and the queries of its first screen when it has data to wait for. */
export interface PageModule {
  default: ComponentType;
  firstQueries?: (args: FirstDataArgs) => FirstQuery[];
  /**
   * First-screen queries that need an answer of `firstQueries` (目录's first chapters need the
   * book's chapter count): asked once those have come. `cached` reads a first query's data by its key.
   */
  nextQueries?: (args: FirstDataArgs, cached: QueryClient['getQueryData']) => FirstQuery[];
}
