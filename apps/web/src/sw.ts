/// <reference lib="webworker" />
// The portal's service worker, built by vite-plugin-pwa (injectManifest) with Workbox
// (docs/decisions/0051-installable-portal.md, replacing the hand-written one of 0034). Registered
// only for a reader who downloads books or runs the installed app (shared/lib/service-worker-start.ts).
// It keeps the build (precache), answers a page without network with the kept app shell, and
// serves downloaded books; every other request, /api above all, goes to the network untouched.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { answerBookRequest, isBookAnswer } from './worker/book-answers';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The built index.html: the app without a server-rendered screen, which renders the address itself. */
const SHELL = '/index.html';

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// The build's scripts, styles, icons and shell, with their revisions: cache first. Only exact
// addresses: `/` stays the server's page (no directory index, no clean URLs).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// Pages: the network (the server renders them), else the kept shell.
registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
    }),
    { denylist: [/^\/api\//, /^\/uploads\//, /^\/admin(\/|$)/] },
  ),
);

// Downloaded books: the network, else the account's kept copy.
registerRoute(
  ({ request }) => isBookAnswer(request, self.location.origin),
  ({ request, event }) => answerBookRequest(request, (work) => event.waitUntil(work)),
);

// The hand-written worker's shell cache (0034): the precache holds the shell now.
self.addEventListener('activate', (event) => event.waitUntil(caches.delete('ld-shell-v1')));
