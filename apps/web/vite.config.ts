import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstFramePlugin } from './first-frame-plugin';
import { precompressPlugin } from './precompress-plugin';

const require = createRequire(import.meta.url);
// react-router's package exports only its development build to bundlers; ship the production one.
const routerProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), firstFramePlugin(), precompressPlugin()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080', '/uploads': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    // Every browser the portal supports (es2022: Chrome 94+, Safari 16.4+) has modulepreload or
    // simply loads the chunk when imported; the polyfill would only cost the entry bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page needs (React, its DOM renderer, the router, TanStack Query,
        // zustand) in one chunk beside the entry instead of four shared ones: fewer responses and
        // one gzip stream on the first load (docs/decisions/0029-first-frame.md).
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router|zustand)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
