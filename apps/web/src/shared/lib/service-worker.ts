import { local } from './local';
import { OFFLINE_ENABLED_KEY, registerServiceWorker, swSupported as supported } from './service-worker-start';

/**
 * Before a download: the worker is registered and controls this page, and it keeps the app shell
 * and the assets already loaded. False when the browser cannot (the download then still fills the
 * cache, read offline only where a worker exists).
 */
export async function prepareOffline(): Promise<boolean> {
  local.set(OFFLINE_ENABLED_KEY, '1');
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
