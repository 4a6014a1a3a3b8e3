import type { ComponentType } from 'react';

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
}

export interface AppRoute {
  path: string;
  meta: RouteMeta;
  page: () => Promise<{ default: ComponentType }>;
}
