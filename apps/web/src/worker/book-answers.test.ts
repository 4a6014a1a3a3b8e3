import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryCaches, type MemoryCaches } from '../testing/cache-storage';
import { answerBookRequest, isBookAnswer } from './book-answers';

const ORIGIN = window.location.origin;
const CACHE = 'ld-offline-v1-42';
const url = (path: string) => `${ORIGIN}${path}`;
const envelope = (code: number, data: unknown) =>
  new Response(JSON.stringify({ code, msg: code === 0 ? 'ok' : '已锁定', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
const asReader = (path: string, uid = '42') => new Request(url(path), { headers: uid ? { uid } : {} });

let memory: MemoryCaches;
let pending: Promise<unknown>[];
const waitUntil = (work: Promise<unknown>) => pending.push(work);
const kept = async (path: string, uid = '42') => {
  const response = await (await caches.open(`ld-offline-v1-${uid}`)).match(url(path));
  return response ? ((await response.json()) as { code: number; data: unknown }) : undefined;
};

beforeEach(() => {
  memory = installMemoryCaches();
  pending = [];
});
afterEach(() => memory.remove());

describe('isBookAnswer', () => {
  it('takes a book’s detail, menu blocks and chapters of this origin, and nothing else', () => {
    for (const path of [
      '/api/v1/novel/6',
      '/api/v1/novel/6/chapters?order=asc&from=1&pageSize=100',
      '/api/v1/novel/6/chapter/31',
    ]) {
      expect(isBookAnswer(new Request(url(path)), ORIGIN), path).toBe(true);
    }
    for (const path of [
      '/api/v1/novel/list',
      '/api/v1/novel/6/comments',
      '/api/v1/novel/6/view',
      '/api/v1/comic/6',
      '/api/user/status',
      '/novel/6',
    ]) {
      expect(isBookAnswer(new Request(url(path)), ORIGIN), path).toBe(false);
    }
    expect(isBookAnswer(new Request('https://elsewhere.example/api/v1/novel/6'), ORIGIN)).toBe(false);
    expect(isBookAnswer(new Request(url('/api/v1/novel/6'), { method: 'POST' }), ORIGIN)).toBe(false);
  });
});

describe('answerBookRequest', () => {
  it('answers from the network and never keeps an answer of a book that was not downloaded', async () => {
    vi.stubGlobal('fetch', async () => envelope(0, { id: 6, title: '新书' }));
    const response = await answerBookRequest(asReader('/api/v1/novel/6'), waitUntil);
    expect(((await response.json()) as { data: { title: string } }).data.title).toBe('新书');
    await Promise.all(pending);
    expect(memory.urls(CACHE)).toEqual([]);
  });

  it('refreshes a kept copy with a successful answer, never with a lock or an error', async () => {
    const cache = await caches.open(CACHE);
    await cache.put(url('/api/v1/novel/6'), envelope(0, { progress: 1 }));
    vi.stubGlobal('fetch', async () => envelope(0, { progress: 2 }));
    await answerBookRequest(asReader('/api/v1/novel/6'), waitUntil);
    await Promise.all(pending);
    expect((await kept('/api/v1/novel/6'))?.data).toEqual({ progress: 2 });

    vi.stubGlobal('fetch', async () => envelope(4001, null));
    await answerBookRequest(asReader('/api/v1/novel/6'), waitUntil);
    await Promise.all(pending);
    expect((await kept('/api/v1/novel/6'))?.data).toEqual({ progress: 2 });
  });

  it('without network, answers with the caller’s kept copy, and only the caller’s', async () => {
    await (await caches.open(CACHE)).put(url('/api/v1/novel/6/chapter/31'), envelope(0, { id: 31 }));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const response = await answerBookRequest(asReader('/api/v1/novel/6/chapter/31'), waitUntil);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ id: 31 });
    // Another account, or a guest, has no copy: the failure stands.
    await expect(answerBookRequest(asReader('/api/v1/novel/6/chapter/31', '7'), waitUntil)).rejects.toThrow(
      'Failed to fetch',
    );
    await expect(answerBookRequest(asReader('/api/v1/novel/6/chapter/31', ''), waitUntil)).rejects.toThrow(
      'Failed to fetch',
    );
    // A chapter that was not downloaded: the failure stands.
    await expect(answerBookRequest(asReader('/api/v1/novel/6/chapter/32'), waitUntil)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
