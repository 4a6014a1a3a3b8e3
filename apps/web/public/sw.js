/* Offline bookshelf service worker (docs/decisions/0034-offline-bookshelf.md).
 * Registered only once the reader has downloaded a book. It keeps:
 *  - ld-shell-v1: the app shell (index.html under "/") and the hashed assets (cache-first; they never change);
 *  - ld-offline-v1-<uid>: the API answers of downloaded books, written by the page itself
 *    (book detail, menu blocks, chapters), served when the network fails (network-first).
 * Nothing else is touched: other requests go to the network as if there were no worker. */
const SHELL = 'ld-shell-v1';
const OFFLINE_PREFIX = 'ld-offline-v1-';
const NOVEL_API = /^\/api\/v1\/novel\/\d+(\/chapters|\/chapter\/\d+)?$/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The page asks for the shell and the assets it runs on to be kept (when a book is downloaded). */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-shell' || !Array.isArray(data.urls)) return;
  const port = event.ports[0];
  event.waitUntil(
    cacheShell(data.urls).then(
      () => port?.postMessage({ ok: true }),
      (error) => port?.postMessage({ ok: false, error: String(error) }),
    ),
  );
});

async function cacheShell(urls) {
  const cache = await caches.open(SHELL);
  const shell = await fetch('/', { headers: { Accept: 'text/html' }, cache: 'no-store' });
  if (shell.ok) await cache.put('/', shell);
  const assets = urls.filter((u) => new URL(u, self.location.origin).pathname.startsWith('/assets/'));
  await Promise.all(
    assets.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  } else if (NOVEL_API.test(url.pathname)) {
    event.respondWith(novelApi(request, url));
  }
});

/** Pages: the network, else the kept shell (the SPA then routes the address itself). */
async function navigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/', { cacheName: SHELL });
    if (shell) return shell;
    throw error;
  }
}

/** Hashed assets: the cache first, else the network (kept for next time). */
async function asset(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** A downloaded book's answers: the network first (refreshing the kept copy), else the kept copy. */
async function novelApi(request, url) {
  const uid = request.headers.get('uid') || '';
  const key = url.pathname + url.search;
  const cache = uid ? await caches.open(OFFLINE_PREFIX + uid) : null;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = cache ? await cache.match(key) : undefined;
    if (kept) return kept;
    throw error;
  }
  if (cache && response.ok && (await cache.match(key))) {
    const copy = response.clone();
    // Only a successful answer replaces the kept one (a lock or an error never does).
    copy
      .json()
      .then((body) => {
        if (body?.code === 0) return cache.put(key, jsonResponse(body));
      })
      .catch(() => {});
  }
  return response;
}

function jsonResponse(body) {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Offline-Copy': '1' },
  });
}
