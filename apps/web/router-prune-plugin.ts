import type { Plugin } from 'vite';

/** react-router's production build: the chunk that holds the router, its hooks and components. */
const ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

/** What a pruned router method does if anything ever calls it (see the cuts below). */
const PRUNED = `function ldPrunedRouterMethod() {
  throw new Error("This react-router feature is cut from the portal's build (apps/web/router-prune-plugin.ts)");
}
`;

/**
 * Cuts inside the data router (`createRouter`) for what the portal never uses: each replaces an
 * exact text of react-router 7.18's production build and the build fails if one no longer matches
 * (a new react-router: look again at what it does before adapting the text).
 * - fetchers (`useFetcher`, `useSubmit` with a fetcher key), `useRevalidator`, blockers
 *   (`useBlocker`), `patchRoutes` and the HMR `_internalSetRoutes`: the router's methods throw, so
 *   their whole implementations (fetcher actions and loads, about a fifth of `createRouter`) drop;
 * - actions: the portal's routes have none and it submits no `<Form>` (`navigate` with a form
 *   method would have needed one), so a navigation never runs the action step;
 * - instrumentation, middleware and lazy route discovery (`patchRoutesOnNavigation`): options the
 *   portal's `createBrowserRouter` call does not pass.
 */
const CUTS: Array<[find: string, replace: string]> = [
  [
    '    navigate,\n    fetch: fetch2,\n    revalidate,\n',
    '    navigate,\n    fetch: ldPrunedRouterMethod,\n    revalidate: ldPrunedRouterMethod,\n',
  ],
  [
    '    getFetcher,\n    resetFetcher,\n    deleteFetcher: queueFetcherForDeletion,\n    dispose,\n    getBlocker,\n    deleteBlocker,\n    patchRoutes,\n',
    '    getFetcher,\n    resetFetcher: ldPrunedRouterMethod,\n    deleteFetcher: queueFetcherForDeletion,\n    dispose,\n    getBlocker: ldPrunedRouterMethod,\n    deleteBlocker: ldPrunedRouterMethod,\n    patchRoutes: ldPrunedRouterMethod,\n',
  ],
  ['    _internalSetRoutes,\n', '    _internalSetRoutes: ldPrunedRouterMethod,\n'],
  [
    '} else if (opts && opts.submission && isMutationMethod(opts.submission.formMethod)) {\n      let actionResult = await handleAction(',
    '} else if (false) {\n      let actionResult = await handleAction(',
  ],
  [
    '  if (init.instrumentations) {\n    let instrumentations = init.instrumentations;\n    mapRouteProperties2',
    '  if (false) {\n    let instrumentations = init.instrumentations;\n    mapRouteProperties2',
  ],
  [
    '  if (init.instrumentations) {\n    router = instrumentClientSideRouter(',
    '  if (false) {\n    router = instrumentClientSideRouter(',
  ],
  [
    '  let dataStrategyImpl = init.dataStrategy || defaultDataStrategyWithMiddleware;',
    '  let dataStrategyImpl = init.dataStrategy || defaultDataStrategy;',
  ],
  // Form submissions (`navigate` with a form method or body): the portal makes none.
  [
    'function normalizeNavigateOptions(isFetcher, path, opts) {\n  if (!opts || !isSubmissionNavigation(opts)) {\n    return { path };\n  }\n',
    'function normalizeNavigateOptions(isFetcher, path, opts) {\n  if (opts && isSubmissionNavigation(opts)) ldPrunedRouterMethod();\n  return { path };\n',
  ],
  // `runClientMiddleware` for a custom `dataStrategy`: the portal's router runs the default one.
  ['  let runClientMiddleware = isStaticHandler ? () => {', '  let runClientMiddleware = true ? () => {'],
  // RouterProvider: view transitions (no navigation asks for one), so a state update is never one.
  [
    '      let isViewTransitionAvailable = router.window != null && router.window.document != null && typeof router.window.document.startViewTransition === "function";',
    '      let isViewTransitionAvailable = false;',
  ],
  // The error boundary's React Server Components handling (RSCRouterContext is never provided).
  [
    '    if (this.context && typeof error === "object" && error && "digest" in error && typeof error.digest === "string") {',
    '    if (false) {',
  ],
  [
    '    if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler, { error }, result);',
    '    if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler, { error }, result);',
  ],
  // Redirects from loaders: the portal's loaders start queries and return null, never a redirect
  // (a login guard is a <Navigate>); the fetchers' redirects went with the fetchers.
  [
    `    let redirect2 = findRedirect(loaderResults);
    if (redirect2) {
      await startRedirectNavigation(request, redirect2.result, true, {
        replace: replace2
      });
      return { shortCircuited: true };
    }
    redirect2 = findRedirect(fetcherResults);
    if (redirect2) {
      fetchRedirectIds.add(redirect2.key);
      await startRedirectNavigation(request, redirect2.result, true, {
        replace: replace2
      });
      return { shortCircuited: true };
    }
`,
    `    if (findRedirect(loaderResults) || findRedirect(fetcherResults)) ldPrunedRouterMethod();
`,
  ],
  // Blockers (`getBlocker` is cut above, so none is ever registered): a navigation, by a link or
  // by the browser's back button, is never blocked.
  [
    `        let blockerKey = shouldBlockNavigation({
          currentLocation: state.location,
          nextLocation: location,
          historyAction
        });
        if (blockerKey && delta != null) {`,
    `        let blockerKey;
        if (false) {`,
  ],
  [
    `    let blockerKey = shouldBlockNavigation({
      currentLocation,
      nextLocation,
      historyAction
    });
    if (blockerKey) {`,
    `    let blockerKey;
    if (false) {`,
  ],
  // <ScrollRestoration> (the portal keeps scroll itself: app/scroll-keeper.tsx) and the view
  // transitions a page reload would restore (no navigation asks for one, see RouterProvider's cut).
  [
    '    subscribe,\n    enableScrollRestoration,\n',
    '    subscribe,\n    enableScrollRestoration: ldPrunedRouterMethod,\n',
  ],
  [
    '    if (isBrowser3) {\n      restoreAppliedTransitions(routerWindow, appliedViewTransitions);',
    '    if (false) {\n      restoreAppliedTransitions(routerWindow, appliedViewTransitions);',
  ],
  // Lazy routes as objects of per-property loaders (`lazy: { Component, loader, middleware }`): the
  // portal's routes load lazily by one function (app/router.tsx).
  [
    '  let lazyKeys = Object.keys(route.lazy);\n',
    '  if (true) return ldPrunedRouterMethod();\n  let lazyKeys = Object.keys(route.lazy);\n',
  ],
  [
    '  let lazyMiddlewarePromise = loadLazyRouteProperty({\n    key: "middleware",\n    route: match.route,\n',
    '  let lazyMiddlewarePromise = void 0 && loadLazyRouteProperty({\n    key: "middleware",\n    route: match.route,\n',
  ],
];

/** Lazy route discovery's option, read in several places of `createRouter`: never passed. */
const DISCOVERY = /init\.patchRoutesOnNavigation/g;

function cut(code: string, id: string): string {
  // The chunk without the router (react-router's build has two: the router's and the DOM one's).
  if (!code.includes('\nfunction createRouter(init) {')) return code;
  let out = code;
  for (const [find, replace] of CUTS) {
    const at = out.indexOf(find);
    if (at < 0 || out.indexOf(find, at + 1) >= 0) {
      throw new Error(
        `router-prune-plugin: react-router changed (${id}); revisit the cut of ${JSON.stringify(find.slice(0, 70))}`,
      );
    }
    out = out.slice(0, at) + replace + out.slice(at + find.length);
  }
  if ((out.match(DISCOVERY) ?? []).length !== 6) {
    throw new Error(
      `router-prune-plugin: react-router changed (${id}); revisit the patchRoutesOnNavigation cut`,
    );
  }
  return `${PRUNED}${out.replace(DISCOVERY, 'void 0')}`;
}

/**
 * Lets the bundler drop the parts of react-router the portal never uses (docs/decisions/0043, the
 * entry addendum; docs/decisions/0050, the first-load budget). The library's build keeps a
 * top-level `X.displayName = "X";` after each component and context, and its `React.forwardRef`,
 * `React.memo` and `React.createContext` calls carry no pure annotation: either makes the bundler
 * keep the component (NavLink, Form, ScrollRestoration, the RSC and prefetch helpers, …) and all
 * it calls, in the entry's vendor chunk. The names only serve React's development tools, which the
 * production build does not feed; nothing else changes. Then the cuts above, in the router itself.
 */
export function routerPrunePlugin(): Plugin {
  return {
    name: 'ld-router-prune',
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code, id) {
        return {
          code: cut(
            code
              .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
              .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2('),
            id,
          ),
          map: null,
        };
      },
    },
  };
}
