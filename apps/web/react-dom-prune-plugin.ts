import type { Plugin } from 'vite';

/** React DOM's production builds: its shared entry (`react-dom`) and its client (`react-dom/client`). */
const DOM = /react-dom[\\/]cjs[\\/]react-dom\.production\.js$/;
const CLIENT = /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

const PRUNED = `function ldPrunedReactDom() {
  throw new Error("This react-dom API is cut from the portal's build (apps/web/react-dom-prune-plugin.ts)");
}
`;

/** The resource-hint APIs and the form hooks: a region of `react-dom`'s exports, replaced as a whole. */
const DOM_REGIONS: Array<{ from: string; to: string; exports: string[] }> = [
  {
    from: '\nexports.preconnect = function',
    to: '\nexports.requestFormReset = function',
    exports: ['preconnect', 'prefetchDNS', 'preinit', 'preinitModule', 'preload', 'preloadModule'],
  },
  {
    from: '\nexports.useFormState = function',
    to: '\nexports.version = ',
    exports: ['useFormState', 'useFormStatus'],
  },
];

/** The client's side of those hints (what `react-dom`'s exports above call through its dispatcher). */
const CLIENT_CUT: [find: string, replace: string] = [
  '  D: prefetchDNS,\n  C: preconnect,\n  L: preload,\n  m: preloadModule,\n  X: preinitScript,\n  S: preinitStyle,\n  M: preinitModuleScript\n};',
  '  D: ldPrunedReactDom,\n  C: ldPrunedReactDom,\n  L: ldPrunedReactDom,\n  m: ldPrunedReactDom,\n  X: ldPrunedReactDom,\n  S: ldPrunedReactDom,\n  M: ldPrunedReactDom\n};',
];

function fail(id: string, what: string): never {
  throw new Error(`react-dom-prune-plugin: react-dom changed (${id}); revisit the cut of ${what}`);
}

function once(code: string, find: string, id: string): number {
  const at = code.indexOf(find);
  if (at < 0 || code.indexOf(find, at + 1) >= 0) fail(id, JSON.stringify(find.slice(0, 60)));
  return at;
}

function pruneDom(code: string, id: string): string {
  let out = code;
  for (const region of DOM_REGIONS) {
    const from = once(out, region.from, id);
    const to = once(out, region.to, id);
    const names = [...out.slice(from, to).matchAll(/\nexports\.(\w+) = /g)].map((m) => m[1]);
    if (to < from || names.join() !== region.exports.join()) fail(id, region.exports.join(', '));
    const replaced = region.exports.map((name) => `\nexports.${name} = ldPrunedReactDom;`).join('');
    out = out.slice(0, from) + replaced + out.slice(to);
  }
  return PRUNED + out;
}

function pruneClient(code: string, id: string): string {
  const [find, replace] = CLIENT_CUT;
  const at = once(code, find, id);
  return PRUNED + code.slice(0, at) + replace + code.slice(at + find.length);
}

/**
 * React DOM's resource hints and form hooks out of the browser's build (issue 21's first-load
 * budget, docs/decisions/0050): `preconnect`, `prefetchDNS`, `preinit`, `preinitModule`,
 * `preload`, `preloadModule` (and the client's implementations they call through React DOM's
 * internal dispatcher), `useFormState` and `useFormStatus`. Neither the portal nor a library it
 * ships calls them; they now throw a named error. React's own handling of `<link>`, `<script>`,
 * `<title>` and stylesheets in components (hoisting, hydration) does not go through them and is
 * untouched, as is the server's render (its own React build). About 1.1 KB gzip off the entry.
 *
 * Each cut matches an exact text of react-dom 19.3's production build (a region's exports are
 * checked by name) and the build fails if one no longer matches: look again at a new react-dom.
 */
export function reactDomPrunePlugin(): Plugin {
  return {
    name: 'ld-react-dom-prune',
    transform: {
      filter: { id: [DOM, CLIENT] },
      handler(code, id) {
        return { code: DOM.test(id) ? pruneDom(code, id) : pruneClient(code, id), map: null };
      },
    },
  };
}
