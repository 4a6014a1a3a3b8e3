import { Readable } from 'node:stream';
import { ErrorCode } from '@ld/contract/envelope';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from './errors.ts';
import type { Storage } from './storage.ts';

/** What a Range header asks of a file of `size` bytes (RFC 9110 §14; docs/decisions/0019-storage-range.md). */
export type RangeAnswer =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'refused'; message: string };

const MALFORMED = 'Range: 格式应为 bytes=起始-结束、bytes=起始- 或 bytes=-末尾字节数';

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || header.trim() === '') return { kind: 'whole' };
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*?)\s*$/.exec(header);
  if (!match) return { kind: 'refused', message: MALFORMED };
  // A unit we do not serve is ignored, as the RFC asks; so are several ranges (no multipart answers).
  if (match[1].toLowerCase() !== 'bytes') return { kind: 'whole' };
  if (match[2].includes(',')) return { kind: 'whole' };
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(match[2]);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'refused', message: MALFORMED };
  const outside = { kind: 'refused', message: `Range: 超出文件范围（文件共 ${size} 字节）` } as const;
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return outside;
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  if (spec[2] !== '' && Number(spec[2]) < start) return { kind: 'refused', message: MALFORMED };
  if (start >= size) return outside;
  return { kind: 'part', start, end: spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1) };
}

export interface SendOptions {
  /** e.g. `public, max-age=604800` for uploads, `private, no-store` for signed downloads. */
  cacheControl: string;
  /** Overrides the type guessed from the key's extension. */
  contentType?: string;
  /** Makes the browser save the file under this name (Content-Disposition: attachment). */
  downloadName?: string;
  /** What the 404 calls a missing file (default 文件). */
  what?: string;
}

const attachment = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/**
 * Answers a GET or HEAD for a stored file: the whole file (200), one range of it (206, for video
 * seeking and resumed downloads), 304 for a copy the client already has, 404 when there is none,
 * and 416 through the error handler's envelope for a malformed or unsatisfiable Range. Every
 * stored file the server hands out goes through here.
 */
export async function sendStoredFile(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  options: SendOptions,
): Promise<FastifyReply> {
  const file = await storage.stat(key);
  if (!file) throw notFound(options.what ?? '文件');
  const lastModified = new Date(Math.floor(file.mtimeMs / 1000) * 1000).toUTCString();
  reply.header('Accept-Ranges', 'bytes');
  // If-Range: the range applies only to the version the client started from; else send it all.
  const ifRange = request.headers['if-range'];
  const rangeHeader =
    ifRange && ifRange !== file.etag && ifRange !== lastModified ? undefined : request.headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range.kind === 'refused') {
    reply.header('Content-Range', `bytes */${file.size}`);
    throw new AppError(ErrorCode.rangeNotSatisfiable, range.message, 416);
  }

  reply
    .header('Cache-Control', options.cacheControl)
    .header('ETag', file.etag)
    .header('Last-Modified', lastModified);
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  reply.type(options.contentType ?? file.contentType);
  if (options.downloadName) reply.header('Content-Disposition', attachment(options.downloadName));
  // HEAD gets an empty stream: Fastify's automatic HEAD route keeps our Content-Length for a
  // stream (for no body it would write 0), and reads nothing of the file.
  const isHead = request.method === 'HEAD';
  if (range.kind === 'part') {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(isHead ? Readable.from([]) : storage.createReadStream(key, range));
  }
  reply.header('Content-Length', file.size);
  if (isHead) return reply.send(Readable.from([]));
  // An empty file has no byte range to stream.
  return reply.send(file.size === 0 ? undefined : storage.createReadStream(key));
}
