import { HOME_BANNERS } from '@ld/contract/home-values';
import { renderToStaticMarkup } from 'react-dom/server';
import { BackIcon } from '../shared/icons/tab-icons';
import { APP_TITLE, BRAND_PREFIX, pageTitle } from '../shared/lib/brand';
import { FIRST_DATA, type FirstRequest, FRAME_PAINTS_ALONE, RENDERED_WITHOUT_DATA } from './first-data';
import { TABS } from './layouts/tab-bar';
import type { AppRoute, RouteMeta } from './route-meta';
import { mainRoutes, simpleRoutes, standaloneRoutes } from './routes';

/**
 * The first frame (docs/decisions/0029-first-frame.md): the static markup the server puts in
 * #root for the route asked, so the phone paints the layout's chrome and a skeleton before the
 * entry chunk has run. Rendered at build time (first-frame-plugin.ts, never part of the bundle)
 * with the layouts' own class names and sizes; React replaces it once the route's page is in.
 * Nothing here depends on the visitor: the header's right side (login, avatar or download) and
 * the page's content come with React.
 */

type Layout = 'main' | 'simple';

function Skeleton({ layout }: { layout: Layout }) {
  return (
    <div className={`first-frame first-frame--${layout}`} aria-hidden="true">
      {layout === 'main' && <div className="first-frame__banner" />}
      <SkeletonLines />
    </div>
  );
}

function SkeletonLines() {
  return (
    <>
      <div className="first-frame__line first-frame__line--wide" />
      <div className="first-frame__line" />
      <div className="first-frame__line first-frame__line--short" />
      <div className="first-frame__line first-frame__line--wide" />
      <div className="first-frame__line" />
    </>
  );
}

/**
 * The home page opens with its search box and the first banner of its carousel: its frame shows
 * that banner itself where HomePage puts it (same box), so the largest paint comes with the
 * HTML, not after the JS.
 */
function HomeSkeleton() {
  const first = HOME_BANNERS[0];
  return (
    <div className="first-frame first-frame--home">
      <div className="first-frame__search" aria-hidden="true" />
      <div className="first-frame__carousel">
        <img src={first.image} alt={first.alt} width={690} height={260} fetchPriority="high" />
      </div>
      <div aria-hidden="true">
        <SkeletonLines />
      </div>
    </div>
  );
}

/** Mirrors MainLayout with AppHeader's brand (left) and TabBar, the tab of `meta` active. */
function MainFrame({ meta }: { meta: RouteMeta }) {
  const active = TABS.find((t) => t.name === meta.name)?.name ?? TABS[0].name;
  return (
    <div className="layout-main">
      {meta.header !== false && (
        <header className="app-header">
          <a href="/" className="app-header__brand">
            <img src={`${BRAND_PREFIX}/logo.svg`} alt={APP_TITLE} width={28} height={28} />
            <span>{APP_TITLE}</span>
          </a>
        </header>
      )}
      <main className="layout-main__page" aria-busy="true">
        {meta.name === 'home' ? <HomeSkeleton /> : <Skeleton layout="main" />}
      </main>
      <nav className={`tab-bar${active === 'animate' ? ' tab-bar--animate' : ''}`} aria-label="主导航">
        {TABS.map(({ label, name, Icon }) => (
          <button
            key={name}
            type="button"
            className={`tab-bar__item${name === active ? ' is-active' : ''}`}
            aria-current={name === active ? 'page' : undefined}
          >
            <Icon active={name === active} />
            <span>{label}</span>
          </button>
        ))}
      </nav>
    </div>
  );
}

/** Mirrors SimpleLayout: back button, the title (or the logo), the page. */
function SimpleFrame({ meta }: { meta: RouteMeta }) {
  return (
    <div className="layout-simple">
      <header className="simple-header">
        <button type="button" className="simple-header__back" aria-label="返回">
          <BackIcon />
        </button>
        {meta.title ? (
          <h1 className="simple-header__title">{meta.title}</h1>
        ) : (
          <img
            className="simple-header__logo"
            src={`${BRAND_PREFIX}/logo.svg`}
            alt={APP_TITLE}
            width={28}
            height={28}
          />
        )}
        <span className="simple-header__spacer" />
      </header>
      <main className="layout-simple__page" aria-busy="true">
        <Skeleton layout="simple" />
      </main>
    </div>
  );
}

/** The markup inside #root for a route of the given layout; the root mirrors RootLayout on a phone. */
export function firstFrameMarkup(meta: RouteMeta, layout: Layout): string {
  return renderToStaticMarkup(
    <div className="app-root app-root--mobile">
      <div className="app-column">
        {layout === 'main' ? <MainFrame meta={meta} /> : <SimpleFrame meta={meta} />}
      </div>
    </div>,
  );
}

export interface RouteFrame {
  /** The route's path pattern as in routes.ts ('' is the index). */
  path: string;
  name: string;
  /** The document title the app sets for it. */
  documentTitle: string;
  html: string;
  /** Source of the route's page loader, naming the page module it imports. */
  pageSource: string;
  /** The page's first API requests the server answers inside the HTML (app/first-data.ts). */
  data: FirstRequest[];
  /** The server renders the page even without first data (app/first-data.ts RENDERED_WITHOUT_DATA). */
  rendersAlone: boolean;
  /** Its static frame paints before the app's code is asked for (app/first-data.ts FRAME_PAINTS_ALONE). */
  paintsAlone: boolean;
}

/** Every route of the table with its first frame, in the router's order. */
export function renderFirstFrames(): RouteFrame[] {
  const frame = (route: AppRoute, layout: Layout): RouteFrame => ({
    path: route.path,
    name: route.meta.name,
    documentTitle: pageTitle(route.meta.title),
    html: firstFrameMarkup(route.meta, layout),
    pageSource: route.page.toString(),
    data: FIRST_DATA[route.meta.name] ?? [],
    rendersAlone: RENDERED_WITHOUT_DATA.has(route.meta.name),
    paintsAlone: FRAME_PAINTS_ALONE.has(route.meta.name),
  });
  return [
    ...mainRoutes.map((r) => frame(r, 'main')),
    ...simpleRoutes.map((r) => frame(r, 'simple')),
    ...standaloneRoutes.map((r) => frame(r, 'simple')),
  ];
}
