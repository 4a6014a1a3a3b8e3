import type { BrowserContext, Page } from 'playwright-core';
import { settle } from '../../e2e/src/axe.ts';
import { launchPhone } from '../../e2e/src/browser.ts';

export interface LoadedFile {
  path: string;
  kind: 'js' | 'css';
  /** Bytes Chromium received for it, headers included (0 when the cache answered). */
  transferred: number;
  /** Content-Encoding of the answer, empty when none. */
  encoding: string;
  fromCache: boolean;
}

export interface Visit {
  jsKb: number;
  cssKb: number;
  files: LoadedFile[];
}

/**
 * The home route's first load as a phone's network sees it: every script and stylesheet the page
 * loaded until it settled (no request and no DOM change for 1 s), sized as Chromium's network
 * log reports it (`encodedDataLength`: compressed body plus response headers).
 * - first: a fresh profile, so it includes the start-up bulletin a new visitor gets (with its
 *   lazy chunks and DOMPurify);
 * - back: the same profile reloaded, so what the HTTP cache holds costs nothing.
 * (A visitor who ticked 今日不再提示 today is `measureRouteFirstLoad(baseUrl, '/')`.)
 *
 * The budgets are in gzip, so the browser asks for gzip only: Chromium also offers br to
 * 127.0.0.1, and the server's on-the-fly br is a different figure.
 */
export async function measureHomeFirstLoad(baseUrl: string): Promise<{ first: Visit; back: Visit }> {
  const visitor = await launchPhone();
  try {
    const page = await openPage(visitor.context);
    const first = await recordVisit(page, () => page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' }));
    const back = await recordVisit(page, () => page.reload({ waitUntil: 'networkidle' }));
    return { first, back };
  } finally {
    await visitor.close();
  }
}

/**
 * Another route's first load (the reader's, issue 8), by a visitor who opens it directly on a
 * fresh profile with today's bulletin hidden: the route's own chunks beside the shared shell.
 */
export async function measureRouteFirstLoad(baseUrl: string, path: string): Promise<Visit> {
  const visitor = await launchPhone();
  try {
    // A guest's 今日不再提示 key (spec §3: `{uid}:not-show`, uid empty).
    await visitor.context.addInitScript(() => localStorage.setItem(':not-show', String(Date.now())));
    const page = await openPage(visitor.context);
    return await recordVisit(page, () => page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' }));
  } finally {
    await visitor.close();
  }
}

async function openPage(context: BrowserContext): Promise<Page> {
  await context.setExtraHTTPHeaders({ 'Accept-Encoding': 'gzip, deflate' });
  return context.pages()[0] ?? (await context.newPage());
}

async function recordVisit(page: Page, navigate: () => Promise<unknown>): Promise<Visit> {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, LoadedFile>();
  // Chromium reports a cache hit before the response it answers with.
  const cached = new Set<string>();
  const onResponse = (event: {
    requestId: string;
    type?: string;
    response: { url: string; mimeType: string; headers: Record<string, string>; fromDiskCache?: boolean };
  }) => {
    const kind = kindOf(event.type, event.response.mimeType);
    if (!kind) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    seen.set(event.requestId, {
      path: new URL(event.response.url).pathname,
      kind,
      transferred: 0,
      encoding: headers['content-encoding'] ?? '',
      fromCache: event.response.fromDiskCache === true || cached.has(event.requestId),
    });
  };
  const onCached = (event: { requestId: string }) => {
    cached.add(event.requestId);
  };
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    const file = seen.get(event.requestId);
    if (file) file.transferred = event.encodedDataLength;
  };
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  try {
    await navigate();
    // networkidle can come while a long script runs, before the route's chunk is asked for.
    await settle(page);
  } finally {
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.requestServedFromCache', onCached);
    cdp.off('Network.loadingFinished', onFinished);
    await cdp.detach();
  }
  const files = [...seen.values()].sort((a, b) => a.path.localeCompare(b.path));
  const sum = (kind: LoadedFile['kind']) =>
    files.filter((f) => f.kind === kind).reduce((n, f) => n + f.transferred, 0) / 1024;
  return { jsKb: sum('js'), cssKb: sum('css'), files };
}

function kindOf(type: string | undefined, mimeType: string): LoadedFile['kind'] | null {
  if (type === 'Script' || mimeType.includes('javascript')) return 'js';
  if (type === 'Stylesheet' || mimeType === 'text/css') return 'css';
  return null;
}

/**
 * One line per file: size as transferred and its encoding; for a cache hit, what it weighed when
 * `earlier` (the first visit) transferred it.
 */
export function describeVisit(visit: Visit, earlier?: Visit): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return visit.files.map((f) => {
    const before = earlier?.files.find((e) => e.path === f.path);
    const size = f.fromCache
      ? `${kb(f.transferred)} (from cache${before ? `; ${kb(before.transferred)} on the first visit` : ''})`
      : `${kb(f.transferred)} ${f.encoding || 'identity'}`;
    return `    ${f.path}  ${size}`;
  });
}
