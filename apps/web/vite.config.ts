import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { homeValuesPlugin } from './home-values-plugin.ts';
import { precompressPlugin } from './precompress-plugin.ts';
import { pwaPlugin } from './pwa-plugin.ts';
import { queryMutationPlugin } from './query-mutation-plugin.ts';
import { reactDomPrunePlugin } from './react-dom-prune-plugin.ts';
import { reactDomStoragePlugin } from './react-dom-storage-plugin.ts';
import { routerPrunePlugin } from './router-prune-plugin.ts';
import { runtimeInEntryCheck } from './runtime-in-entry-check.ts';
import { serverEntryPlugin } from './server-entry-plugin.ts';

const require = createRequire(import.meta.url);
// react-router's package exports only its development build to bundlers; ship the production one.
const routerProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), serverEntryPlugin(), homeValuesPlugin(), precompressPlugin(), pwaPlugin()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
  // `vite build` builds both environments: the browser's (client) and the server's render (ssr,
  // src/entry-server.tsx into dist/server/, see server-entry-plugin.ts).
  builder: {},
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
  },
  environments: {
    client: {
      build: {
        // The server preloads a route's own chunks from the manifest (apps/server/src/platform/page-render.ts).
        manifest: true,
        // Every browser the portal supports (es2022: Chrome 94+, Safari 16.4+) has modulepreload or
        // simply loads the chunk when imported; the polyfill would only cost the entry bytes.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // What the entry carries and the portal never runs: react-router's unused components and
          // code paths, React DOM's resource hints, TanStack Query's Mutation class (to the kit);
          // and a check that rolldown's runtime helpers stay in the entry (see each plugin).
          plugins: [routerPrunePlugin(), reactDomPrunePlugin(), queryMutationPlugin(), runtimeInEntryCheck()],
          output: {
            // Few, larger chunks (docs/decisions/0043-phone-speed.md): a phone on HTTP/1.1 opens six
            // connections per host, so each small chunk in a page's chain costs about a round trip;
            // every response also carries about 0.7 KB of headers.
            codeSplitting: {
              groups: [
                // Everything the entry loads (React, its DOM renderer, the router, TanStack Query,
                // zustand, the HTTP client, the shell), main.tsx and index.html's own module in one
                // chunk, the entry (`index-*.js`), instead of a shared vendor, client and runtime
                // chunk (0029) and a 0.4 KB index chunk (one response less: 0043's entry addendum).
                // Rolldown's runtime helpers (`__toESM` for React's CommonJS build, …) join it when
                // every chunk that uses one also imports the entry (see runtimeInEntryCheck).
                { name: 'vendor', priority: 3, tags: ['$initial'] },
                // What the pages that still use antd-mobile (image viewer, popup, collapse, wallet tabs)
                // share of it and of its helpers: one chunk instead of a dozen.
                {
                  name: 'adm',
                  priority: 2,
                  minShareCount: 2,
                  test: /node_modules[\\/](?!@tanstack[\\/])|[\\/]shared[\\/]ui[\\/]adm\.ts$/,
                },
                // The start-up bulletin with the dialog and the server-HTML view it needs, and the
                // start-up popups' queue with its requests (lazy since the entry addendum of 0043): one
                // chunk on a first visit instead of four, and not the whole kit.
                {
                  name: 'dialog',
                  priority: 2,
                  test: /src[\\/](shared[\\/]ui[\\/](dialog|safe-html)|features[\\/]bulletin[\\/](components[\\/]bulletin-|api[\\/]get-bulletin)|app[\\/]startup-popups|shared[\\/]lib[\\/]popup-queue|features[\\/]home[\\/]api[\\/]startup-popups)/,
                },
                // The shared UI, hooks and helpers two or more pages use (states, images, the list,
                // tabs, dialogs, …) and the parts of TanStack Query the shell does not use (mutations):
                // one chunk, not one per module.
                {
                  name: 'kit',
                  priority: 1,
                  minShareCount: 2,
                  // Not the two small modules the home page draws its first screen with: home would
                  // otherwise load the whole kit on a first visit (issue 11's 120 KB budget). Nor
                  // the image viewer's loader, which only the game and post pages use (issue 21).
                  test: (id) =>
                    /src[\\/]shared[\\/]|node_modules[\\/]@tanstack[\\/]/.test(id) &&
                    !/shared[\\/](icons[\\/]entry-icons|lib[\\/]image-sizes|ui[\\/]image-viewer)\.tsx?$/.test(
                      id,
                    ),
                },
                // A feature's modules shared by several of its pages (the novels' queries, the games'
                // badges): one chunk per feature.
                {
                  name: (id) => /src[\\/]features[\\/]([\w-]+)[\\/]/.exec(id)?.[1] ?? null,
                  priority: 1,
                  minShareCount: 2,
                  test: /src[\\/]features[\\/]/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      // One self-contained module (React, the router, TanStack Query bundled in), so a copy of
      // dist works anywhere; React's build as the browser's.
      resolve: { noExternal: true },
      // React DOM's server build without its AsyncLocalStorage (see the plugin).
      build: { rolldownOptions: { plugins: [reactDomStoragePlugin()] } },
      define: {
        // As the browser build's React (production unless the build runs under another NODE_ENV,
        // as the API tests' builds do: the JSX transform follows it).
        'process.env.NODE_ENV': JSON.stringify(
          (process.env.NODE_ENV ?? 'production') === 'production' ? 'production' : 'development',
        ),
      },
    },
  },
}));
