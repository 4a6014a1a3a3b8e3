import type { FastifyRequest } from 'fastify';

/**
 * A path that names a file (under `assets/`, or ending in an extension, which has a letter: `.js`,
 * `.png`, `.m3u8`, `.7z`): when it is missing (an old hashed asset a tab still asks for, a mistyped
 * icon) the answer is a 404, never a page, so a script or an image never receives HTML. No page of
 * the portal or the console has a dot in its path, but a mistyped or cut link may end in a number
 * (`/post/1.5`): that is a page, whose app says the post is not there, not a file's JSON 404.
 */
export function isFilePath(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[a-z0-9]*[a-z][a-z0-9]*$/i.test(pathname);
}

/**
 * Whether a request no route took is asking for a page: a GET or HEAD of a path that is not a file,
 * from a client that takes HTML. Browsers say `text/html`; curl, uptime checks and the crawlers that
 * make a shared link's preview send the wildcard Accept or none at all, and get the page too. A
 * client that asks only for something else (`application/json`) gets the 404 envelope.
 */
export function wantsPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isFilePath(pathname)) return false;
  const accept = request.headers.accept;
  return (
    accept === undefined || accept.trim() === '' || accept.includes('text/html') || accept.includes('*/*')
  );
}
