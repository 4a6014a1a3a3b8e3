import { toast, useToastStore } from '../ui/toast-store';

// Requests that fail for lack of network (decision 0034, issue 8). Offline, a reader of downloaded
// books should not see a toast per failed background request (config, tags, status, messages,
// popups): one calm notice says it once for the spell without network, and the pages show their
// own states. A failed write says it again unless the notice is still showing.

export const OFFLINE_NOTICE = '当前处于离线状态，已下载的章节仍可阅读';
/** The browser says it is online, yet the request found no network. */
export const NETWORK_NOTICE = '网络异常，请检查网络后重试';

let noticed = false;

const showing = () =>
  useToastStore.getState().items.filter((t) => t.message === OFFLINE_NOTICE || t.message === NETWORK_NOTICE);

/** A request found no network; `write`: it was the user's POST/PUT/DELETE, not a read. */
export function noticeNetworkLoss(write = false): void {
  if (showing().length > 0 || (noticed && !write)) return;
  noticed = true;
  toast.info(navigator.onLine ? NETWORK_NOTICE : OFFLINE_NOTICE);
}

/** The network answered (the `online` event, or a write that reached the server): the next loss is said again. */
export function networkBack(): void {
  noticed = false;
}

/**
 * Listens for the browser going off and on line: going off (or starting off) says the notice once;
 * coming back takes it away and calls `onBack` (the app refreshes what failed, quietly).
 */
export function watchNetwork(onBack: () => void): () => void {
  const off = () => noticeNetworkLoss();
  const on = () => {
    networkBack();
    for (const t of showing()) useToastStore.getState().close(t.id);
    onBack();
  };
  window.addEventListener('offline', off);
  window.addEventListener('online', on);
  if (!navigator.onLine) off();
  return () => {
    window.removeEventListener('offline', off);
    window.removeEventListener('online', on);
  };
}
