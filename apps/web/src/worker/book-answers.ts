import { BOOK_ANSWER_PATH, offlineCacheName } from '../shared/lib/offline-cache';

// The service worker's own route for downloaded books (docs/decisions/0051-installable-portal.md).
// The page writes the answers into the account's cache when it downloads a book
// (features/novels/lib/offline-books.ts); the worker only reads them back, and refreshes one it
// already keeps. It never adds an answer: nothing else of /api is ever kept.

/** A GET of this origin for a book's detail, menu block or chapter. */
export const isBookAnswer = (request: Request, origin: string): boolean => {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === origin && BOOK_ANSWER_PATH.test(url.pathname);
};

/**
 * A book's answer: the network first; when the network fails, the copy kept in the caller's cache
 * (the `uid` header picks it, so accounts never see each other's downloads), else the failure.
 * A successful answer (`code` 0) replaces a kept copy (the detail's progress); a lock or an error
 * never does. `waitUntil` keeps the worker alive while the copy is written.
 */
export async function answerBookRequest(
  request: Request,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<Response> {
  const uid = request.headers.get('uid') ?? '';
  // Only an account that downloaded books has their cache: none is made for the others.
  const cache =
    uid && (await caches.has(offlineCacheName(uid))) ? await caches.open(offlineCacheName(uid)) : null;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = cache ? await cache.match(request.url) : undefined;
    if (kept) return kept;
    throw error;
  }
  if (cache && response.ok) waitUntil(refreshKept(cache, request.url, response.clone()));
  return response;
}

async function refreshKept(cache: Cache, url: string, response: Response): Promise<void> {
  if (!(await cache.match(url))) return;
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    if (body?.code === 0) await cache.put(url, keptCopy(body));
  } catch {
    // Not JSON (a proxy's error page): the kept copy stays.
  }
}

/** The answer as the page keeps it: the envelope, marked as an offline copy. */
const keptCopy = (body: unknown) =>
  new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Offline-Copy': '1' },
  });
