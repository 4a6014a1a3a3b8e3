import zlib from 'node:zlib';
import type { PostListQuery } from '@ld/contract/square';
import type { ChangeTopic } from '../../platform/changes.ts';
import type { Deps } from '../../platform/deps.ts';

/**
 * The square feed's first page as a guest sees it, kept in this process as the answer's JSON
 * (docs/decisions/0056-cluster.md, "The guest feed's first page"). It is the same for every guest
 * (no liked, followed or own flags), so building it per request was three queries, the query
 * compiler and the serializer for an answer that changes only when somebody writes.
 *
 * Dropped in every process by what changes it, each announced after its commit (0047): `square`
 * (a post published, deleted, taken down or restored; a comment taken down or restored; a tag
 * renamed), `square-counts` (a like or a comment moved a post's counters and hot score) and
 * `profiles` (an author's name or avatar). A page is kept from the moment its build begins, so a
 * change drops a build under way too: what it read may be old, and no request after the change
 * gets it. The TTL bounds a lost announcement.
 * Signed-in callers never read it: what they liked, whom they follow and what is theirs are theirs.
 * Browsers (and nginx, which passes their Accept-Encoding on) get it compressed, once per page and
 * encoding rather than by @fastify/compress at every request (Brotli was ~80 % of such a request).
 */
export const GUEST_FEED_TOPICS = [
  'square',
  'square-counts',
  'profiles',
] as const satisfies readonly ChangeTopic[];
export const GUEST_FEED_MS = 5_000;
/**
 * Sorts × tags × the page sizes clients use are a few dozen; more (made-up tag ids, odd sizes)
 * starts afresh, so the pages kept stay a few MB at most.
 */
const MAX_PAGES = 64;

export type Encoding = 'br' | 'gzip';

export interface KeptPage {
  json: string;
  /**
   * The JSON compressed, made once per page and encoding: as @fastify/compress (app.ts) would
   * compress it for each request (Brotli at quality 4, gzip at its default level).
   */
  encoded(encoding: Encoding): Buffer;
}

export interface GuestFeedCache {
  /** The answer when `query` asks for the plain feed's first page (no keyword, no cursor); else null. */
  firstPage(query: PostListQuery): Promise<KeptPage> | null;
}

interface Entry {
  page: Promise<KeptPage>;
  at: number;
}

function keptPage(json: string): KeptPage {
  const encoded = new Map<Encoding, Buffer>();
  return {
    json,
    encoded(encoding) {
      let bytes = encoded.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? zlib.brotliCompressSync(json, {
                params: {
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                },
              })
            : zlib.gzipSync(json);
        encoded.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: Brotli, else gzip, whichever the
 * client weighs higher (q > 0; `*` stands for those it does not name); null for the plain JSON.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // Browsers send a handful of distinct headers: each is read once.
  const known = chosen.get(header);
  if (known !== undefined) return known;
  const choice = weigh(header);
  if (chosen.size >= 64) chosen.clear();
  chosen.set(header, choice);
  return choice;
}

const chosen = new Map<string, Encoding | null>();

function weigh(header: string): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    weights.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

export function createGuestFeedCache(
  deps: Pick<Deps, 'changes'>,
  build: (query: PostListQuery) => Promise<string>,
): GuestFeedCache {
  const entries = new Map<string, Entry>();
  for (const topic of GUEST_FEED_TOPICS) deps.changes.subscribe(topic, () => entries.clear());
  return {
    firstPage(query) {
      if (query.keyword !== undefined || query.cursor !== undefined || query.currentPage !== 1) return null;
      const key = `${query.sort}:${query.tagId ?? ''}:${query.pageSize}`;
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < GUEST_FEED_MS) return kept.page;
      if (entries.size >= MAX_PAGES) entries.clear();
      // One build per page: requests that come while it runs wait for it.
      const entry: Entry = { page: build(query).then(keptPage), at: now };
      entries.set(key, entry);
      entry.page.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.page;
    },
  };
}
