import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeTopic } from './changes.ts';
import type { Deps } from './deps.ts';

/*
 * A list's first page as every guest sees it, kept in this process as the answer's JSON
 * (docs/decisions/0056-cluster.md, "The guest feed's first page"): the same for every guest (no
 * liked, owned or own flags), so building it per request was its queries, the query compiler and
 * the serializer for an answer that changes only when somebody writes. The square's feed and the
 * game list keep theirs here.
 *
 * Dropped in every process by the change topics that change it, each announced after its commit
 * (0047). A page is kept from the moment its build begins, so a change drops a build under way
 * too: what it read may be old, and no request after the change gets it. `keepMs` bounds a lost
 * announcement (and what is not announced at all: the game list's download counts).
 * Signed-in callers never read it. Browsers (and nginx, which passes their Accept-Encoding on) get
 * it compressed, once per page and encoding rather than by @fastify/compress at every request
 * (Brotli was ~80 % of such a request).
 */

/**
 * Pages a list keeps at most by default: its sorts × tags × the page sizes clients use are a few
 * dozen; past it (made-up tag ids, odd sizes) the page kept longest goes, so the pages kept stay a
 * few MB at most.
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

export interface GuestPages<Query> {
  /** The kept answer when `query` asks for a page that is kept (its key is not null); else null. */
  firstPage(query: Query): Promise<KeptPage> | null;
}

export interface GuestPagesOptions<Query> {
  /** What changes the pages: each drops them all. */
  topics: readonly ChangeTopic[];
  /** How long a page is kept at most. */
  keepMs: number;
  /** The page's key, or null when the query asks for a page that is not kept (a search, page 2). */
  keyOf: (query: Query) => string | null;
  /** Pages kept at most (64): a list with a page per item (a post's comments) keeps more. */
  maxPages?: number;
}

/** Whether a list query asks for the plain list's first page (no keyword, no cursor): what is kept. */
export const isPlainFirstPage = (query: {
  keyword?: string;
  cursor?: string;
  currentPage?: number;
}): boolean => query.keyword === undefined && query.cursor === undefined && query.currentPage === 1;

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

export function createGuestPages<Query>(
  deps: Pick<Deps, 'changes'>,
  { topics, keepMs, keyOf, maxPages = MAX_PAGES }: GuestPagesOptions<Query>,
  build: (query: Query) => Promise<string>,
): GuestPages<Query> {
  const entries = new Map<string, Entry>();
  for (const topic of topics) deps.changes.subscribe(topic, () => entries.clear());
  return {
    firstPage(query) {
      const key = keyOf(query);
      if (key === null) return null;
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < keepMs) return kept.page;
      if (kept) entries.delete(key);
      // Full: the page kept longest goes (a Map iterates in the order keys were set).
      else if (entries.size >= maxPages) entries.delete(entries.keys().next().value!);
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

/**
 * Sends a kept page: already the envelope's JSON (the same `ok(page)` serialized), compressed as
 * the client asks (@fastify/compress leaves an answer with a Content-Encoding alone).
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, page: KeptPage): FastifyReply {
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? preferredEncoding(request.headers['accept-encoding'])
      : null;
  const raw = reply.type('application/json; charset=utf-8').header('Vary', 'accept-encoding');
  if (encoding === null) return raw.send(page.json);
  return raw.header('Content-Encoding', encoding).send(page.encoded(encoding));
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
