import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import type { RouteMeta } from './route-meta';

export const MAX_CACHED_PAGES = 10;

/**
 * The layout's outlet with up to `max` pages kept alive (spec §2): visited pages stay mounted
 * under React's <Activity mode="hidden">, so scroll state, lists and form input survive
 * switching tabs. The least recently shown page is dropped first. Routes with
 * `keepAlive: false` are rendered fresh each time.
 */
export function KeepAliveOutlet({ max = MAX_CACHED_PAGES }: { max?: number }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const cache = useRef(new Map<string, ReactNode>());
  const keepAlive = meta?.keepAlive !== false;

  const pages = cache.current;
  if (keepAlive) {
    pages.delete(pathname);
    pages.set(pathname, outlet);
    while (pages.size > max) pages.delete(pages.keys().next().value as string);
  }

  return (
    <>
      {[...pages].map(([key, element]) => (
        <Activity key={key} mode={keepAlive && key === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
