import type { NovelPosition, Progress } from '@ld/contract/content';
import { ApiError } from '../../../shared/http/client';
import { local } from '../../../shared/lib/local';
import { getAccount } from '../../../shared/stores/account';
import { putProgress as put } from '../../../shared/works/api/put-progress';
import { PROGRESS_QUEUE_KEY } from '../lib/offline-start';

export interface NovelProgressInput {
  workId: number;
  unitId: number;
  position: NovelPosition;
  clientTime: number;
}

interface QueuedProgress {
  uid: string;
  entries: Record<string, NovelProgressInput>;
}

function readQueue(): QueuedProgress | null {
  try {
    const raw = local.get(PROGRESS_QUEUE_KEY);
    return raw ? (JSON.parse(raw) as QueuedProgress) : null;
  } catch {
    return null;
  }
}

/** Keeps `input` for later, replacing an older save of the same book (never a newer one). */
export function queueProgress(uid: string, input: NovelProgressInput): void {
  const queue = readQueue();
  const entries = queue && queue.uid === uid ? queue.entries : {};
  const known = entries[input.workId];
  if (known && known.clientTime > input.clientTime) return;
  entries[input.workId] = input;
  local.set(PROGRESS_QUEUE_KEY, JSON.stringify({ uid, entries }));
}

/** The saves waiting for the network, for this account. */
export function queuedProgress(uid: string): NovelProgressInput[] {
  const queue = readQueue();
  return queue && queue.uid === uid ? Object.values(queue.entries) : [];
}

const send = (input: NovelProgressInput, keepalive: boolean) => put('novel', input, keepalive);

const isNetworkLoss = (error: unknown) => error instanceof ApiError && error.status === 0 && error.code === 0;

/**
 * PUT /v1/progress for a chapter (shared/works/api/put-progress.ts); without a network the save is
 * queued, sent when the network is back, and the promise resolves to null.
 */
export async function putProgress(input: NovelProgressInput, keepalive = false): Promise<Progress | null> {
  const { uid } = getAccount();
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    queueProgress(uid, input);
    return null;
  }
  try {
    return await send(input, keepalive);
  } catch (error) {
    if (!isNetworkLoss(error)) throw error;
    queueProgress(uid, input);
    return null;
  }
}

let flushing: Promise<number> | null = null;

/** Sends the queued saves of the logged-in account; resolves to how many reached the server. */
export function flushProgressQueue(): Promise<number> {
  flushing ??= (async () => {
    const { uid } = getAccount();
    const queue = readQueue();
    if (!queue) return 0;
    if (!uid || queue.uid !== uid) {
      // Saves of another account (logged out since) are not sent under this one.
      if (uid) local.remove(PROGRESS_QUEUE_KEY);
      return 0;
    }
    let sent = 0;
    for (const input of Object.values(queue.entries)) {
      try {
        await send(input, false);
        sent += 1;
      } catch (error) {
        if (isNetworkLoss(error)) return sent;
        // Refused (a book taken down, a bad position): dropped, like an online save would be.
      }
      const now = readQueue();
      if (now?.uid === uid && now.entries[input.workId]?.clientTime === input.clientTime) {
        delete now.entries[input.workId];
        if (Object.keys(now.entries).length === 0) local.remove(PROGRESS_QUEUE_KEY);
        else local.set(PROGRESS_QUEUE_KEY, JSON.stringify(now));
      }
    }
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
