import { VitePWA } from 'vite-plugin-pwa';

// The installable portal (docs/decisions/0051-installable-portal.md): the web manifest (its
// `<link rel="manifest">` is added to index.html by the plugin) and the service worker, built from
// src/sw.ts with Workbox (injectManifest). The page registers the worker itself, only for readers
// who download books or run the installed app (shared/lib/service-worker-start.ts): no
// registration script is added to the page.

/** The brand blue of the tab bar and the page background (styles/global.css: --ld-primary, --ld-bg). */
const THEME_COLOR = '#3d8bfd';
const BACKGROUND_COLOR = '#f4f8fd';

export const pwaPlugin = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: '蓝钻乐园',
      short_name: '蓝钻乐园',
      description: '蓝钻乐园：游戏、动漫、社区广场、小说一站畅玩',
      lang: 'zh-CN',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The manifest's icons are in the precache already (includeManifestIcons).
    includeAssets: ['brand/logo.svg'],
    injectManifest: {
      // The shell (index.html: the app without a server-rendered screen) and every script and
      // style of the build; not the server's render module (ssr/) nor the .br/.gz copies.
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      globIgnores: ['server/**', '.vite/**'],
      rollupFormat: 'iife',
    },
  });
