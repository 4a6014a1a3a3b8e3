import { local } from '../../../shared/lib/local';
import { registerServiceWorkerAfterLoad } from '../../../shared/lib/service-worker-start';
import { PROGRESS_QUEUE_KEY } from './progress-queue-key';

// The sender loads only when a save is waiting: most visits have none, and the entry stays
// without it (docs/decisions/0043, the entry addendum).
const sendQueued = () => {
  if (local.get(PROGRESS_QUEUE_KEY) === null) return;
  // Offline, the chunk itself may not load: the 'online' event tries again.
  import('../api/put-progress').then(
    (progress) => void progress.flushProgressQueue(),
    () => undefined,
  );
};

/**
 * At start-up (kept small: it is in the shell): sends the saves
 * queued offline now and whenever the network comes back, and gives a reader with downloaded books
 * the service worker back after the page has loaded.
 */
export function startOffline(): void {
  sendQueued();
  window.addEventListener('online', sendQueued);
  registerServiceWorkerAfterLoad();
}
