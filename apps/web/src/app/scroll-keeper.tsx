import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, type UIMatch, useLocation, useMatches } from 'react-router';
import type { RouteMeta } from './route-meta';

// Window scroll positions by key, kept while the app runs. React Router's <ScrollRestoration> does
// the same with more (sessionStorage, hashes) but costs about 1 KB gzip in the first load.
const positions = new Map<string, number>();
let currentKey = '';

/**
 * Where each page was scrolled: a tab (`tabs`, by route name) keeps one position per path, so
 * switching tabs and coming back finds it where it was; any other page one per history entry, so
 * back and forward restore it and a new page starts at the top.
 */
export function scrollKey(location: Location, matches: UIMatch[], tabs: ReadonlySet<string>): string {
  const isTab = matches.some((m) => tabs.has((m.handle as RouteMeta | undefined)?.name ?? ''));
  return isTab ? location.pathname : location.key;
}

/** Restores the window's scroll position per page (see `scrollKey`) after each navigation renders. */
export function ScrollKeeper({ tabs }: { tabs: ReadonlySet<string> }) {
  const key = scrollKey(useLocation(), useMatches(), tabs);
  const isFirst = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Read as it happens: by the time a navigation renders, the old page's offset is gone.
    const onScroll = () => positions.set(currentKey, window.scrollY);
    // A reload is the browser's to restore.
    const onPageHide = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // After the new page is in the DOM (a list from the query cache is already full height).
  useLayoutEffect(() => {
    currentKey = key;
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo(0, positions.get(key) ?? 0);
  }, [key]);

  return null;
}
