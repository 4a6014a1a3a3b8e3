import type { UnitPage, WorkDetail } from '@ld/contract/content';
import { offlineCacheName } from '../../../shared/lib/offline-cache';
import { getChapter } from '../api/get-chapter';
import { CHAPTER_BLOCK, getChapters } from '../api/get-chapters';
import { getNovel } from '../api/get-novel';

/**
 * Downloaded books live in Cache Storage (decision 0034): one cache per account, holding the API
 * answers the reader asks for (book detail, the menu's ascending blocks, each open chapter), under
 * the same addresses, so the service worker can answer them when the network fails. A small record
 * per book (`/__offline/book/<id>`) in the same cache says how far its download got.
 */

export interface DownloadRecord {
  id: number;
  title: string;
  /** Chapters in the book when it was downloaded. */
  total: number;
  /** Chapters kept for offline reading. */
  saved: number;
  /** Chapters locked to the reader (not bought, VIP without membership): skipped. */
  locked: number;
  /** Every open chapter is kept (false: cancelled or failed half-way). */
  complete: boolean;
  time: number;
}

export interface DownloadProgress {
  done: number;
  /** Chapters open to the reader (what is being downloaded). */
  open: number;
  locked: number;
}

const RECORD_PREFIX = '/__offline/book/';
const CONCURRENCY = 3;

const hasCaches = (): boolean => typeof caches !== 'undefined';
const absolute = (path: string) => new URL(path, window.location.origin).toString();

export const detailPath = (id: number) => `/api/v1/novel/${id}`;
export const chapterPath = (id: number, cid: number) => `/api/v1/novel/${id}/chapter/${cid}`;
/** The menu block's address exactly as get-chapters.ts asks for it (order, from, pageSize). */
export const blockPath = (id: number, from: number) =>
  `/api/v1/novel/${id}/chapters?order=asc&from=${from}&pageSize=${CHAPTER_BLOCK}`;

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Offline-Copy': '1' },
  });

/** Whether this browser can keep books (Cache Storage). */
export const canDownload = (): boolean => hasCaches();

export async function getDownloads(uid: string): Promise<DownloadRecord[]> {
  if (!hasCaches() || !uid) return [];
  const cache = await caches.open(offlineCacheName(uid));
  const keys = await cache.keys();
  const records: DownloadRecord[] = [];
  for (const request of keys) {
    if (!new URL(request.url).pathname.startsWith(RECORD_PREFIX)) continue;
    const response = await cache.match(request);
    if (response) records.push((await response.json()) as DownloadRecord);
  }
  return records;
}

export async function getDownload(uid: string, id: number): Promise<DownloadRecord | null> {
  if (!hasCaches() || !uid) return null;
  const cache = await caches.open(offlineCacheName(uid));
  const response = await cache.match(absolute(`${RECORD_PREFIX}${id}`));
  return response ? ((await response.json()) as DownloadRecord) : null;
}

/** Removes a book's kept answers and its record. */
export async function deleteDownload(uid: string, id: number): Promise<void> {
  if (!hasCaches() || !uid) return;
  const cache = await caches.open(offlineCacheName(uid));
  const prefix = detailPath(id);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path === prefix || path.startsWith(`${prefix}/`) || path === `${RECORD_PREFIX}${id}`) {
      await cache.delete(request);
    }
  }
}

/**
 * Downloads every chapter open to the reader (free, bought, VIP for members); locked ones are
 * skipped and counted. Chapters already kept are not fetched again, so a cancelled download goes on
 * where it stopped. Aborting keeps what was saved (the record then says incomplete).
 */
export async function downloadBook(
  uid: string,
  id: number,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadRecord> {
  const cache = await caches.open(offlineCacheName(uid));
  const book: WorkDetail = await getNovel(id);
  await cache.put(absolute(detailPath(id)), envelope(book));

  const open: number[] = [];
  let locked = 0;
  let total = 0;
  for (let from = 1; ; from += CHAPTER_BLOCK) {
    if (signal.aborted) break;
    const page: UnitPage = await getChapters(id, 'asc', from);
    await cache.put(absolute(blockPath(id, from)), envelope(page));
    total = page.total;
    for (const unit of page.records) {
      if (unit.unlocked) open.push(unit.id);
      else locked += 1;
    }
    if (page.records.length < CHAPTER_BLOCK || from + CHAPTER_BLOCK > page.total) break;
  }

  let done = 0;
  let lockedLate = 0;
  let next = 0;
  const report = () => onProgress({ done, open: open.length - lockedLate, locked: locked + lockedLate });
  report();
  const worker = async () => {
    while (!signal.aborted && next < open.length) {
      const cid = open[next++];
      const key = absolute(chapterPath(id, cid));
      if (!(await cache.match(key))) {
        const result = await getChapter(id, cid, signal);
        if (signal.aborted) break;
        if (result.state !== 'open') {
          // Locked since the menu was read (a membership ended): skipped like the others.
          lockedLate += 1;
          report();
          continue;
        }
        await cache.put(key, envelope(result.chapter));
      }
      done += 1;
      report();
    }
  };
  let failure: unknown = null;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, () =>
      worker().catch((error) => {
        failure ??= error;
      }),
    ),
  );
  const record: DownloadRecord = {
    id,
    title: book.title,
    total,
    saved: done,
    locked: locked + lockedLate,
    complete: !signal.aborted && failure === null && done === open.length - lockedLate,
    time: Date.now(),
  };
  await cache.put(
    absolute(`${RECORD_PREFIX}${id}`),
    new Response(JSON.stringify(record), { headers: { 'Content-Type': 'application/json' } }),
  );
  if (failure && !signal.aborted) throw failure;
  return record;
}
