import type { Plugin } from 'vite';

/** react-router's production build: the chunk that holds the router, its hooks and components. */
const ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

/**
 * Lets the bundler drop the parts of react-router the portal never uses (docs/decisions/0043, the
 * entry addendum). The library's build keeps a top-level `X.displayName = "X";` after each
 * component and context, and its `React.forwardRef`, `React.memo` and `React.createContext` calls
 * carry no pure annotation: either makes the bundler keep the component (NavLink, Form,
 * ScrollRestoration, the RSC and prefetch helpers, …) and all it calls, in the entry's vendor
 * chunk. The names only serve React's development tools, which the production build does not
 * feed; nothing else changes.
 */
export function routerPrunePlugin(): Plugin {
  return {
    name: 'ld-router-prune',
    transform: {
      filter: { id: ROUTER_CHUNK },
      handler(code) {
        return {
          code: code
            .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
            .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2('),
          map: null,
        };
      },
    },
  };
}
