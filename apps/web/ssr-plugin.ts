import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

/** Where the server build goes, inside the web build (apps/server/src/platform/server-render.ts reads it; never served). */
export const SSR_DIR = 'ssr';
export const SSR_ENTRY_FILE = 'server-render.js';

/**
 * Builds app/server-render.tsx for Node into dist/ssr/ after the browser build is written
 * (docs/decisions/0044-server-rendered-first-screen.md): the same pages and components, one
 * self-contained module (React, the router and TanStack Query bundled in, so a copy of dist works
 * anywhere), with `import.meta.env.SSR` true so the HTTP client answers only from the first data.
 * Nothing of it reaches the browser bundle.
 */
export function ssrPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ld-ssr',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const require = createRequire(import.meta.url);
      const routerProduction = path.join(
        path.dirname(require.resolve('react-router/package.json')),
        'dist/production/index.mjs',
      );
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: [{ find: /^react-router$/, replacement: routerProduction }] },
        // React's build as the browser bundle's (the JSX transform follows it): production unless
        // the build runs under another NODE_ENV (the API tests build under `test`).
        define: {
          'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development'),
        },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: path.join(config.root, 'src/app/server-render.tsx'),
          outDir: path.resolve(config.root, config.build.outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          target: 'node20',
          minify: false,
          reportCompressedSize: false,
          rolldownOptions: { output: { entryFileNames: SSR_ENTRY_FILE, chunkFileNames: '[name]-[hash].js' } },
        },
      });
    },
  };
}
