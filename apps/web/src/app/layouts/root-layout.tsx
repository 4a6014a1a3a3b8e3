import { useEffect, useState } from 'react';
import { type Location, Outlet, ScrollRestoration, type UIMatch, useMatches } from 'react-router';
import { BulletinPopup } from '../../features/bulletin/components/bulletin-popup';
import { BRAND_PREFIX, pageTitle } from '../../shared/lib/brand';
import {
  containerWidth,
  isDesktopBrowser,
  rootFontSize,
  type ScreenMode,
  screenMode,
} from '../../shared/lib/rem';
import { ToastHost } from '../../shared/ui/toast-host';
import type { RouteMeta } from '../route-meta';
import { RootDialogs } from './root-dialogs';
import { TABS } from './tab-bar';

function useViewport() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const apply = () => {
      setWidth(window.innerWidth);
      // Layout height follows the window height (mobile browsers change it as bars show and hide).
      document.documentElement.style.setProperty('--app-height', `${window.innerHeight}px`);
      document.documentElement.style.fontSize = `${rootFontSize(containerWidth(window.innerWidth))}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
  return width;
}

/** True while the user asks the system for less motion; follows the setting as it changes. */
function usePrefersReducedMotion(): boolean {
  const [query] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)'));
  const [isReduced, setIsReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const onChange = () => setIsReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return isReduced;
}

/**
 * On desktop browsers the full-page background shifts slightly with the mouse (spec §2), unless
 * the user asked for reduced motion: then it stays still.
 */
function ParallaxBackground() {
  const isReduced = usePrefersReducedMotion();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  useEffect(() => {
    if (isReduced) {
      setOffset({ x: 0, y: 0 });
      return;
    }
    const onMove = (e: MouseEvent) => {
      const x = (e.clientX / window.innerWidth - 0.5) * -24;
      const y = (e.clientY / window.innerHeight - 0.5) * -24;
      setOffset({ x, y });
    };
    window.addEventListener('mousemove', onMove);
    return () => window.removeEventListener('mousemove', onMove);
  }, [isReduced]);
  return (
    <div
      className="parallax-bg"
      aria-hidden="true"
      style={{ transform: `translate3d(${offset.x}px, ${offset.y}px, 0) scale(1.06)` }}
    />
  );
}

const TAB_NAMES = new Set(TABS.map((t) => t.name));

/**
 * Where each page was scrolled: a tab keeps one position per path (switching tabs and coming back
 * finds it where it was), any other page one per history entry. Back and forward restore it; a new
 * page starts at the top.
 */
const scrollKey = (location: Location, matches: UIMatch[]) =>
  matches.some((m) => TAB_NAMES.has((m.handle as RouteMeta | undefined)?.name ?? ''))
    ? location.pathname
    : location.key;

/** The root: centred 520px column, screen mode, titles, and the root-level popups. */
export function RootLayout() {
  const width = useViewport();
  const mode: ScreenMode = screenMode(width);
  const matches = useMatches();
  const meta = matches[matches.length - 1]?.handle as RouteMeta | undefined;
  const isDownload = meta?.name === 'download';
  const [isDesktop] = useState(() =>
    isDesktopBrowser(navigator.userAgent, window.matchMedia?.('(pointer: fine)').matches ?? false),
  );

  useEffect(() => {
    document.title = pageTitle(meta?.title);
  }, [meta?.title]);

  return (
    <div className={`app-root app-root--${mode}`}>
      {isDesktop && <ParallaxBackground />}
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
      <ScrollRestoration getKey={scrollKey} />
      <BulletinPopup />
      <RootDialogs />
      <ToastHost />
    </div>
  );
}
