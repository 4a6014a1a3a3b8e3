/**
 * Whether `img` failed to load before React listened to it: the page's inline script keeps such
 * images (app/early-events-boot.js, `window.__ldFailedImages`). Each is answered once, so an image
 * given a new address later is judged by its own load.
 */
export function failedBeforeHydration(img: HTMLImageElement): boolean {
  const failed = (window as { __ldFailedImages?: WeakSet<HTMLImageElement> }).__ldFailedImages;
  if (!failed?.has(img)) return false;
  failed.delete(img);
  return true;
}
