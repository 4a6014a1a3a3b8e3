import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy, with `scriptSources` added to script-src: the pages' inline
 * scripts by hash (platform/web.ts); no other inline script runs.
 */
export const contentSecurityPolicy = (scriptSources: readonly string[] = []): string =>
  [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
const CSP = contentSecurityPolicy();

/** On every response: what a browser reads on any resource (a script or stylesheet too). */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...RESOURCE_HEADERS,
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Content-Security-Policy': CSP,
};

/**
 * The web and console builds' hashed scripts and stylesheets (`/assets/…`, `/admin/assets/…`):
 * never a document.
 * CSP, framing and opener policies act only on documents (and workers, none of which is under
 * /assets/), so they are left off there (docs/decisions/0045-headers-on-assets.md): ~0.3 KB less on
 * each of a first visit's scripts.
 */
const isBuildAsset = (url: string): boolean =>
  (url.startsWith('/assets/') || url.startsWith('/admin/assets/')) && !url.includes('..');

/**
 * Security headers on every response (DESIGN §8): the document ones on all but the build's assets.
 * A page that set its own policy (the pages' CSP with their inline script's hash) keeps it.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const own = reply.getHeader('content-security-policy');
    reply.headers(isBuildAsset(request.url) ? RESOURCE_HEADERS : SECURITY_HEADERS);
    if (typeof own === 'string') reply.header('Content-Security-Policy', own);
    return payload;
  });
}
