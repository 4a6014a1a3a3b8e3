import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';
import { afterBootBulletin } from '../../features/bulletin/lib/boot-bulletin';
import { shouldFetchBulletin } from '../../features/bulletin/lib/hide-today';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { BRAND_PREFIX, pageTitle } from '../../shared/lib/brand';
import {
  containerWidth,
  isDesktopBrowser,
  rootFontSize,
  type ScreenMode,
  screenMode,
} from '../../shared/lib/rem';
import { useAccountStore } from '../../shared/stores/account';
import { ToastHost } from '../../shared/ui/toast-host';
import type { RouteMeta } from '../route-meta';
import { ScrollKeeper } from '../scroll-keeper';
import { STARTUP_POPUP_VIEWS } from '../startup-popup-views';
import { RootDialogs } from './root-dialogs';
import { TABS } from './tab-bar';

// Desktop browsers only: phones never load it.
const ParallaxBackground = lazy(() => import('./parallax-background'));
// The start-up popups' queue loads beside the bulletin (the dialog chunk), and not at all on a
// day the visitor asked to be left alone (今日不再提示): the entry stays without it. While the
// server's bulletin is open it waits for the visitor's first input (see afterBootBulletin).
const StartupPopups = lazy(() => import('../startup-popups'));

/** The width the server renders for (a phone's): the browser's own follows once hydrated. */
const SERVER_WIDTH = 390;

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useViewport() {
  const width = useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => SERVER_WIDTH,
  );
  useEffect(() => {
    const apply = () => {
      // Both sizes are read before any style is written: a read after a write would make the
      // browser lay the whole page out at once, inside this task.
      const { innerHeight, innerWidth } = window;
      const { style } = document.documentElement;
      // Layout height follows the window height (mobile browsers change it as bars show and hide).
      const height = `${innerHeight}px`;
      if (style.getPropertyValue('--app-height') !== height) style.setProperty('--app-height', height);
      const fontSize = `${rootFontSize(containerWidth(innerWidth))}px`;
      if (style.fontSize !== fontSize) style.fontSize = fontSize;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
  return width;
}

const TAB_NAMES: ReadonlySet<string> = new Set(TABS.map((t) => t.name));

/** The root: centred 520px column, screen mode, titles, and the root-level popups. */
export function RootLayout() {
  const width = useViewport();
  const mode: ScreenMode = screenMode(width);
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const isDownload = meta?.name === 'download';
  // The device's own parts (desktop background, start-up popups) once hydrated: the server renders none.
  const hydrated = useHydrated();
  const [isDesktop] = useState(
    () =>
      typeof window !== 'undefined' &&
      isDesktopBrowser(navigator.userAgent, window.matchMedia?.('(pointer: fine)').matches ?? false),
  );
  // The start-up popups are asked under the account of this moment, once.
  const [popupsFor] = useState(() => {
    const { uid } = useAccountStore.getState().account;
    return typeof window !== 'undefined' && shouldFetchBulletin(uid) ? { uid } : null;
  });
  // Once hydrated, and while the server's bulletin is open not before the visitor's first input.
  const [popupsNow, setPopupsNow] = useState(false);
  useEffect(() => {
    if (popupsFor) return afterBootBulletin(() => setPopupsNow(true));
  }, [popupsFor]);

  useEffect(() => {
    document.title = pageTitle(meta?.title);
  }, [meta?.title]);

  return (
    <div className={`app-root app-root--${mode}`}>
      {hydrated && isDesktop && (
        <Suspense fallback={null}>
          <ParallaxBackground />
        </Suspense>
      )}
      {isDownload && width > 520 && (
        <>
          <img
            className="side-panel side-panel--left"
            src={`${BRAND_PREFIX}/side-left.svg`}
            alt=""
            aria-hidden="true"
          />
          <img
            className="side-panel side-panel--right"
            src={`${BRAND_PREFIX}/side-right.svg`}
            alt=""
            aria-hidden="true"
          />
        </>
      )}
      <div className="app-column">
        <Outlet />
      </div>
      <ScrollKeeper tabs={TAB_NAMES} />
      {hydrated && popupsFor && popupsNow && (
        <Suspense fallback={null}>
          <StartupPopups uid={popupsFor.uid} views={STARTUP_POPUP_VIEWS} />
        </Suspense>
      )}
      <RootDialogs />
      <ToastHost />
    </div>
  );
}
