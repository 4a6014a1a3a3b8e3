import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';
import { afterBootBulletin } from '../../features/bulletin/lib/boot-bulletin';
import { shouldFetchBulletin } from '../../features/bulletin/lib/hide-today';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { BRAND_PREFIX, pageTitle } from '../../shared/lib/brand';
import { isDesktopBrowser, LAYOUT_MAX_WIDTH, type ScreenMode, screenMode } from '../../shared/lib/rem';
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

/**
 * The window's width as last measured, the server's until the first measure. Reading the window's
 * size lays the page out; it is read after a frame (the layout is then done) and on resize, never
 * while React renders or commits (a forced layout in the task that ends hydration).
 */
let measuredWidth = SERVER_WIDTH;
const widthListeners = new Set<() => void>();
/** Browsers without dynamic viewport units (Chrome < 108) take the layout height from the window. */
const heightFromWindow = typeof CSS !== 'undefined' && !CSS.supports('height', '100dvh');

function measure() {
  const { innerHeight, innerWidth } = window;
  // Mobile browsers change the window's height as their bars show and hide: 100dvh follows it.
  if (heightFromWindow) {
    const { style } = document.documentElement;
    const height = `${innerHeight}px`;
    if (style.getPropertyValue('--app-height') !== height) style.setProperty('--app-height', height);
  }
  if (innerWidth === measuredWidth) return;
  measuredWidth = innerWidth;
  for (const listener of [...widthListeners]) listener();
}

function subscribeWidth(onChange: () => void): () => void {
  widthListeners.add(onChange);
  if (widthListeners.size === 1) window.addEventListener('resize', measure);
  return () => {
    widthListeners.delete(onChange);
    if (widthListeners.size === 0) window.removeEventListener('resize', measure);
  };
}

/**
 * What the layout takes from the window's width: the screen mode, and whether the window is wider
 * than the column. Each is a snapshot of its own: a phone's equals the server's, so hydration renders
 * nothing again for it.
 */
function useViewport(): { mode: ScreenMode; wide: boolean } {
  const mode = useSyncExternalStore(
    subscribeWidth,
    () => screenMode(measuredWidth),
    () => screenMode(SERVER_WIDTH),
  );
  const wide = useSyncExternalStore(
    subscribeWidth,
    () => measuredWidth > LAYOUT_MAX_WIDTH,
    () => SERVER_WIDTH > LAYOUT_MAX_WIDTH,
  );
  useEffect(() => {
    // After the next frame: its layout is the one the read finds (no layout of its own).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(measure, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return { mode, wide };
}

const TAB_NAMES: ReadonlySet<string> = new Set(TABS.map((t) => t.name));

/** The root: centred 520px column, screen mode, titles, and the root-level popups. */
export function RootLayout() {
  const { mode, wide } = useViewport();
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
      {isDownload && wide && (
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
