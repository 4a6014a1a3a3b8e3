import type { Page } from 'playwright-core';

/**
 * The app's scripts arrive 1.5 s late from now on, as on a slow network, until `scriptsOnTime`.
 * From the network: the portal's service worker, installed by the pages before, would answer
 * them from its cache, where routes do not reach, so it goes first.
 */
export async function scriptsLate(page: Page): Promise<void> {
  await within(
    10_000,
    'unregistering the service worker and emptying its caches',
    page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    }),
  );
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Unrouted meanwhile: Playwright has already let the request through.
    await route.continue().catch(() => {});
  });
}

/** The scripts from the network on time again (what `scriptsLate` holds back goes on at once). */
export const scriptsOnTime = (page: Page) =>
  within(10_000, 'taking the late scripts route away', page.unroute('**/assets/*.js'));

/**
 * `promise`, or a failure naming `what` after `ms`: page.evaluate has no timeout of its own, and a
 * step that hangs would otherwise end the test at vitest's 60 s without saying which it was.
 */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether React has hydrated (or rendered) #root. */
export const isLive = (page: Page) =>
  within(
    10_000,
    'asking the page whether the app is live',
    page.evaluate(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    }),
  );
