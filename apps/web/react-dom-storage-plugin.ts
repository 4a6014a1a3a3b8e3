import type { Plugin } from 'vite';

/** React DOM's Node server builds (what `react-dom/server` is under Node), production and development. */
const SERVER = /react-dom[\\/]cjs[\\/]react-dom-server\.node\.(production|development)\.js$/;

const STORAGE = 'requestStorage = new async_hooks.AsyncLocalStorage(),';
const NO_STORAGE =
  'requestStorage = { run: function (store, callback, arg) { return callback(arg); }, getStore: function () {} },';

/**
 * React DOM's Node server build without its AsyncLocalStorage, for the server's render module (the
 * `ssr` environment). The build makes one when loaded and enters it at every render; once entered,
 * an AsyncLocalStorage stays enabled for the process's life, and on Node 20 and 22 it runs a hook
 * at every promise and async resource the process makes, every API request's included (~8 % of a
 * paid download's server CPU: docs/decisions/0056-cluster.md, "No async hooks between renders").
 *
 * React reads the storage only to find its request when `preload` or `preinit` is called outside
 * its render's synchronous work (`resolveRequest`: the current request first, the storage second),
 * which the portal never does; React's own build for runtimes without AsyncLocalStorage (its edge
 * build on Node) leaves it out the same way. The one text matched is checked: the build fails if
 * react-dom changes it, so that a new react-dom is looked at again.
 */
export function reactDomStoragePlugin(): Plugin {
  return {
    name: 'ld-react-dom-storage',
    transform: {
      filter: { id: SERVER },
      handler(code, id) {
        const at = code.indexOf(STORAGE);
        if (
          at < 0 ||
          code.indexOf(STORAGE, at + 1) >= 0 ||
          (code.match(/requestStorage\.run\(/g) ?? []).length !== 2
        ) {
          throw new Error(`react-dom-storage-plugin: react-dom changed (${id}); revisit its request storage`);
        }
        return { code: code.slice(0, at) + NO_STORAGE + code.slice(at + STORAGE.length), map: null };
      },
    },
  };
}
