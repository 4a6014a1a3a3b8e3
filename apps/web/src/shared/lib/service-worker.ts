import { local } from './local';

/** Set once the reader has downloaded something: only then is the worker registered (decision 0034). */
const ENABLED_KEY = 'ld-offline-enabled';
export const SW_URL = '/sw.js';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Registers the offline worker (scope /). Resolves to false where the browser has none. */
export async function registerServiceWorker(): Promise<boolean> {
  if (!supported()) return false;
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    return true;
  } catch (error) {
    console.info('service worker not registered', error);
    return false;
  }
}

/**
 * At start-up: a reader with downloads gets the worker back after the page has loaded (it never
 * competes with the first paint, and readers without downloads never get one).
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!supported() || local.get(ENABLED_KEY) !== '1') return;
  const go = () => void registerServiceWorker();
  if (document.readyState === 'complete') setTimeout(go, 0);
  else window.addEventListener('load', () => setTimeout(go, 0), { once: true });
}

/**
 * Before a download: the worker is registered and controls this page, and it keeps the app shell
 * and the assets already loaded. False when the browser cannot (the download then still fills the
 * cache, read offline only where a worker exists).
 */
export async function prepareOffline(): Promise<boolean> {
  local.set(ENABLED_KEY, '1');
  if (!(await registerServiceWorker())) return false;
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
      setTimeout(done, 3000);
    });
  }
  const worker = navigator.serviceWorker.controller ?? registration.active;
  if (!worker) return false;
  const urls = [
    ...document.querySelectorAll<HTMLScriptElement>('script[src]'),
    ...document.querySelectorAll<HTMLLinkElement>('link[href]'),
  ]
    .map((el) => (el instanceof HTMLScriptElement ? el.src : el.href))
    .concat(performance.getEntriesByType('resource').map((e) => e.name))
    .filter((u) => u.startsWith(`${window.location.origin}/assets/`));
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'cache-shell', urls: [...new Set(urls)] }, [channel.port2]);
    setTimeout(resolve, 10_000);
  });
  return true;
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
