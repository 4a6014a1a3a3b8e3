import { local } from './local';
import { OFFLINE_ENABLED_KEY, registerServiceWorker, swSupported as supported } from './service-worker-start';

/** How long a download waits for the worker to keep the build before it starts anyway. */
const READY_WAIT_MS = 15_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);

/**
 * Before a download: the worker is registered, has kept the build (its precache, the app shell
 * with every script and style: decision 0051) and controls this page. False when the browser
 * cannot, or the worker is not ready in time (the download then still fills the cache, read
 * offline once a worker runs).
 */
export async function prepareOffline(): Promise<boolean> {
  local.set(OFFLINE_ENABLED_KEY, '1');
  if (!(await registerServiceWorker())) return false;
  // Ready once installed (the precache filled) and active.
  if (!(await within(navigator.serviceWorker.ready, READY_WAIT_MS))) return false;
  if (!navigator.serviceWorker.controller) {
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
      setTimeout(done, 3000);
    });
  }
  return Boolean(navigator.serviceWorker.controller);
}

/** Asks the browser not to evict the downloads under storage pressure (best effort). */
export async function askPersistentStorage(): Promise<void> {
  try {
    await navigator.storage?.persist?.();
  } catch {
    // Not granted or not supported: the downloads may be evicted under pressure.
  }
}

/** Whether the page now runs under the worker (offline reading possible). */
export const isControlled = (): boolean => supported() && Boolean(navigator.serviceWorker.controller);
