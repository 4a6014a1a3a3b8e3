import { local } from './local';

// The part of the offline worker's set-up that runs at start-up (kept tiny: it is in the shell).

/** Set once the reader has downloaded something: only then is the worker registered (decision 0034). */
export const OFFLINE_ENABLED_KEY = 'ld-offline-enabled';
/** Built from src/sw.ts by vite-plugin-pwa (decision 0051). */
export const SW_URL = '/sw.js';

export const swSupported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The portal runs as an app added to the home screen (its own window, no browser bar). */
export const isInstalledApp = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Registers the offline worker (scope /). Resolves to false where the browser has none. */
export async function registerServiceWorker(): Promise<boolean> {
  if (!swSupported()) return false;
  try {
    await navigator.serviceWorker.register(SW_URL, { scope: '/' });
    return true;
  } catch (error) {
    console.info('service worker not registered', error);
    return false;
  }
}

/**
 * At start-up: a reader with downloads, or one who runs the installed app, gets the worker (back)
 * after the page has loaded (it never competes with the first paint). Other visitors never get one,
 * nor download the build it keeps (decision 0051).
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!swSupported() || (local.get(OFFLINE_ENABLED_KEY) !== '1' && !isInstalledApp())) return;
  const go = () => void registerServiceWorker();
  if (document.readyState === 'complete') setTimeout(go, 0);
  else window.addEventListener('load', () => setTimeout(go, 0), { once: true });
}
